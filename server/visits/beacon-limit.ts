import { clientKey } from '../guard/client-key.ts';

/**
 * The beacon's limit (`POST /api/visit`, 120 a minute per client network: an IPv4 address, an
 * IPv6 /64), counted in this instance's memory. The site's other limits are counted in the
 * database, shared by every instance (docs/security.md, "Limits"), because they guard what costs
 * or reaches someone: a post, a sign-in, an e-mail. This one guards no trust boundary: counts are
 * not one (a stranger can ask for documents, each counted, with no limit at all), and a beacon
 * costs no database work of its own (one entry in the counter's memory), while a count in the
 * database cost one write per beacon (on SQLite, on the main thread). With several instances a
 * client gets 120 a minute from each. At most `maxClients` networks are kept (the oldest window
 * forgotten first: that client starts again), for a minute; only in memory, never logged.
 */
export interface BeaconLimit {
  /** Counts a beacon of `address` at `at`: undefined when allowed, else the seconds to wait. */
  hit(address: string, at: number): number | undefined;
  /** The networks kept. */
  size(): number;
}

export function beaconLimit({
  max,
  windowMs = 60_000,
  maxClients = 10_000,
}: {
  max: number;
  windowMs?: number;
  maxClients?: number;
}): BeaconLimit {
  // In the order their windows started (a new window is inserted again): the oldest first.
  const windows = new Map<string, { count: number; resetAt: number }>();

  function forget(at: number) {
    for (const [key, window] of windows) {
      if (window.resetAt > at && windows.size < maxClients) return;
      windows.delete(key);
    }
  }

  return {
    hit(address, at) {
      const key = clientKey(address);
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        windows.delete(key);
        forget(at);
        window = { count: 0, resetAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count <= max) return undefined;
      return Math.max(1, Math.ceil((window.resetAt - at) / 1000));
    },
    size: () => windows.size,
  };
}
