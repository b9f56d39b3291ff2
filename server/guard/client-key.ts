import { isIPv4, isIPv6 } from 'node:net';

/** What every text that is not an address counts as: one client, however it varies. */
export const NOT_AN_ADDRESS = 'not-an-address';

/**
 * A client's address as one spelling, whatever wrote it (the socket, or a proxy's
 * X-Forwarded-For): without a port (`192.0.2.1:5678`, `[2001:db8::1]:443`), brackets or zone id
 * (`%eth0`); an IPv4 address written as IPv6, in any spelling (`::ffff:192.0.2.1`,
 * `0:0:0:0:0:ffff:c000:201`), is the IPv4 address; any other IPv6 address is written as RFC 5952
 * says (as Node writes a socket's). Anything else is `NOT_AN_ADDRESS`: never thrown on, and never
 * a new client per request.
 */
export function clientAddress(raw: string | undefined): string {
  const address = parsed(raw);
  if (address === undefined) return NOT_AN_ADDRESS;
  return typeof address === 'string' ? address : rfc5952(address);
}

/**
 * The part of a client's address a limit counts (after `clientAddress`): an IPv4 address whole; an
 * IPv6 address by its /64, the block one household or one server is given (a /64 holds 2^64
 * addresses, so counting each one would be no limit at all).
 */
export function clientKey(raw: string | undefined): string {
  const address = parsed(raw);
  if (address === undefined) return NOT_AN_ADDRESS;
  return typeof address === 'string' ? address : `${address.slice(0, 4).join(':')}::/64`;
}

/** An IPv4 address as text, an IPv6 one as its eight groups; undefined for anything else. */
function parsed(raw: string | undefined): string | string[] | undefined {
  const host = withoutPort((raw ?? '').trim()).replace(/%.*$/, '');
  if (isIPv4(host)) return host;
  if (!isIPv6(host)) return undefined;
  const groups = ipv6Groups(host);
  if (groups.slice(0, 5).every((group) => group === '0000') && groups[5] === 'ffff') {
    const [high, low] = groups.slice(6).map((group) => parseInt(group, 16)) as [number, number];
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return groups;
}

/** Eight groups as RFC 5952 writes them: no leading zeros, the longest run of zeros as `::`. */
function rfc5952(groups: string[]): string {
  const short = groups.map((group) => parseInt(group, 16).toString(16));
  let best = { start: -1, length: 1 };
  for (let start = 0; start < 8; start += 1) {
    let length = 0;
    while (start + length < 8 && short[start + length] === '0') length += 1;
    if (length > best.length) best = { start, length };
  }
  if (best.start < 0) return short.join(':');
  const head = short.slice(0, best.start).join(':');
  const tail = short.slice(best.start + best.length).join(':');
  return `${head}::${tail}`;
}

/** `[host]:port`, `[host]` and `host:port` (one colon: never an IPv6 address) as `host`. */
function withoutPort(text: string): string {
  const bracketed = /^\[([^\]]*)\](?::\d*)?$/.exec(text);
  if (bracketed) return bracketed[1] ?? '';
  const hostPort = /^([^:]*):\d*$/.exec(text);
  return hostPort ? (hostPort[1] ?? '') : text;
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
