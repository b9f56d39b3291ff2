import type { Database } from '../db/database.ts';
import { counters } from './counters.ts';
import { mailbox } from './mail-address.ts';
import type { ClientCount } from './request-limit.ts';

/**
 * Who may get an acknowledgement, so that the form cannot be aimed at someone's mailbox. The
 * submission itself is stored and the owner told in every case; only the e-mail to the address
 * the form names is held back:
 * - for a sender over a limit: a client that has used more than half its form allowance in the
 *   window (a person sends one or two forms; a script sends many), or whose posts could not be
 *   counted;
 * - past the cap of its recipient domain per hour (`ACK_DOMAIN_MAX_PER_HOUR`), which also holds
 *   addresses that normalising cannot join (a company's catch-all domain);
 * and once a day per normalised address (`mail-address.ts`), which the store keeps with the row.
 */

export const ACK_DOMAIN_WINDOW_MS = 60 * 60_000;
export const DEFAULT_ACK_DOMAIN_MAX_PER_HOUR = 20;

export type Acknowledgement =
  /** The normalised address, for the once-a-day rule. */
  { to: string } | { withheld: 'no-address' | 'client-limit' | 'domain-cap' | 'not-counted' };

/** Whether a client's count leaves it an acknowledgement: at most half its allowance used. */
function clientMayBeAcknowledged(client: ClientCount): boolean {
  return client.count <= Math.ceil(client.max / 2);
}

export function acknowledgementGuard(
  database: Database,
  {
    domainMaxPerHour = DEFAULT_ACK_DOMAIN_MAX_PER_HOUR,
    now = Date.now,
  }: { domainMaxPerHour?: number | undefined; now?: () => number } = {},
) {
  const count = counters(database);
  return {
    /**
     * Whether `address` may be acknowledged for a post counted as `client`; a domain's hour is
     * spent only by the posts that pass the other checks.
     */
    async check(
      address: string | undefined,
      client: ClientCount | undefined,
    ): Promise<Acknowledgement> {
      const box = address ? mailbox(address) : undefined;
      if (!box) return { withheld: 'no-address' };
      // Fails closed: a post that could not be counted may be one of many.
      if (!client) return { withheld: 'not-counted' };
      if (!clientMayBeAcknowledged(client)) return { withheld: 'client-limit' };
      const key = `ack-domain:${database.clientHash(`ack-domain:${box.domain}`)}`;
      let hit;
      try {
        hit = await count.hit(key, ACK_DOMAIN_WINDOW_MS, now());
      } catch {
        return { withheld: 'not-counted' };
      }
      if (hit.count > domainMaxPerHour) return { withheld: 'domain-cap' };
      return { to: box.address };
    },
  };
}

export type AcknowledgementGuard = ReturnType<typeof acknowledgementGuard>;
