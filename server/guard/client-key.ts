import { isIPv4, isIPv6 } from 'node:net';

/**
 * The part of a client's address a limit counts: an IPv4 address whole; an IPv6 address by its
 * /64, the block one household or one server is given (a /64 holds 2^64 addresses, so counting
 * each one would be no limit at all). An IPv4 address written as IPv6 (`::ffff:192.0.2.1`) is
 * the IPv4 address. Anything else is counted as it is.
 */
export function clientKey(address: string): string {
  const bare = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(bare)) return address;
  return `${ipv6Groups(bare).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, each as 4 lower-case hex digits. */
function ipv6Groups(address: string): string[] {
  let text = address.toLowerCase();
  // A trailing dotted quad is the last two groups.
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    const hex = (high: number, low: number) => ((high << 8) | low).toString(16);
    text = `${text.slice(0, quad.index)}${hex(a, b)}:${hex(c, d)}`;
  }
  const [head = '', tail] = text.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array(8 - front.length - back.length).fill('0');
  return [...front, ...middle, ...back].map((group) => group.padStart(4, '0'));
}
