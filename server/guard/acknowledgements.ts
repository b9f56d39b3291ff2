import type { Database } from '../db/database.ts';
import { counters } from './counters.ts';
import { mailbox } from './mail-address.ts';
import type { ClientCount } from './request-limit.ts';
import { acknowledgedAddressHash } from '../store/save-submission.ts';

/**
 * Who may get an acknowledgement, so that the form cannot be aimed at someone's mailbox. The
 * submission itself is stored and the owner told in every case; only the e-mail to the address
 * the form names is held back. The checks that cost nobody else come first, so that a post they
 * stop spends nothing of a domain's hour:
 * - a sender over a limit: a client that has used more than half its form allowance in the
 *   window (a person sends one or two forms; a script sends many), or whose posts could not be
 *   counted;
 * - an address already acknowledged in the last day (normalised, `mail-address.ts`); the store
 *   claims the address again with the row, so two posts at once still queue one;
 * - past its share (`clientDomainShare`, 3 of the default 20) for this client's network (an IPv4
 *   address, an IPv6 /48) and this recipient domain: one network may use only a small share of a
 *   domain's hour;
 * - past the cap of its recipient domain per hour (`ACK_DOMAIN_MAX_PER_HOUR`), which also holds
 *   addresses that normalising cannot join (a company's catch-all domain).
 */

export const ACK_DOMAIN_WINDOW_MS = 60 * 60_000;
export const DEFAULT_ACK_DOMAIN_MAX_PER_HOUR = 20;
/**
 * Acknowledgements one client network may have per recipient domain per hour: 15 % of the domain's
 * cap, 3 of the default 20. Three: an office behind one address (an embassy's staff, a venue's
 * planners) may send a few requests an hour from colleagues at one domain, and each person gets one;
 * a script then takes at most 3 of the domain's 20 per network (`shareKey`), so it would need seven
 * IPv4 addresses or seven IPv6 /48s to keep every visitor of a large domain such as gmail.com from
 * hearing back. A share of the cap, not a number of its own, so that a raised cap
 * (ACK_DOMAIN_MAX_PER_HOUR) raises it alike.
 */
export function clientDomainShare(domainMaxPerHour: number): number {
  return Math.max(1, Math.floor(domainMaxPerHour * 0.15));
}

/**
 * The network whose share of a domain's hour a client key (`client-key.ts`) spends: an IPv4
 * address; for IPv6 the /48 of its /64 key. A /48 (65,536 /64s) is what one site, or a free tunnel,
 * is given, so one attacker's /64s all spend one share.
 */
export function shareKey(clientKey: string): string {
  const v6 = /^([0-9a-f]{4}:[0-9a-f]{4}:[0-9a-f]{4}):[0-9a-f]{4}::\/64$/.exec(clientKey);
  return v6?.[1] ? `${v6[1]}::/48` : clientKey;
}

export type Acknowledgement =
  /** The normalised address, for the once-a-day rule. */
  | { to: string }
  | {
      withheld:
        | 'no-address'
        | 'client-limit'
        | 'already-acknowledged'
        | 'client-domain-cap'
        | 'domain-cap'
        | 'not-counted';
    };

/** Whether a client's count leaves it an acknowledgement: at most half its allowance used. */
function clientMayBeAcknowledged(client: ClientCount): boolean {
  return client.count <= Math.ceil(client.max / 2);
}

/** Whether `address` (normalised) was acknowledged less than a day before `at`. */
async function acknowledgedToday(database: Database, address: string, at: number) {
  const row = await database.db
    .selectFrom('acknowledged_addresses')
    .select('until')
    .where('address_hash', '=', acknowledgedAddressHash(database.clientHash, address))
    .where('until', '>', at)
    .executeTakeFirst();
  return row !== undefined;
}

export function acknowledgementGuard(
  database: Database,
  {
    domainMaxPerHour = DEFAULT_ACK_DOMAIN_MAX_PER_HOUR,
    now = Date.now,
  }: { domainMaxPerHour?: number | undefined; now?: () => number } = {},
) {
  const count = counters(database);

  /** The hourly caps, the client's share first: a share used up spends nothing of the domain's. */
  async function spendHour(domain: string, clientKey: string, at: number) {
    const network = shareKey(clientKey);
    const share = `ack-client-domain:${database.clientHash(`ack-client-domain:${network} ${domain}`)}`;
    const own = await count.hit(share, ACK_DOMAIN_WINDOW_MS, at);
    if (own.count > clientDomainShare(domainMaxPerHour)) return 'client-domain-cap';
    const key = `ack-domain:${database.clientHash(`ack-domain:${domain}`)}`;
    const hit = await count.hit(key, ACK_DOMAIN_WINDOW_MS, at);
    return hit.count > domainMaxPerHour ? 'domain-cap' : undefined;
  }

  return {
    /**
     * Whether `address` may be acknowledged for a post counted as `client` from `clientKey`
     * (`client-key.ts`); a domain's hour is spent only by the posts that pass the other checks.
     */
    async check(
      address: string | undefined,
      client: ClientCount | undefined,
      clientKey: string,
    ): Promise<Acknowledgement> {
      const box = address ? mailbox(address) : undefined;
      if (!box) return { withheld: 'no-address' };
      // Fails closed: a post that could not be counted may be one of many.
      if (!client) return { withheld: 'not-counted' };
      if (!clientMayBeAcknowledged(client)) return { withheld: 'client-limit' };
      const at = now();
      try {
        if (await acknowledgedToday(database, box.address, at)) {
          return { withheld: 'already-acknowledged' };
        }
        const capped = await spendHour(box.domain, clientKey, at);
        if (capped) return { withheld: capped };
      } catch {
        return { withheld: 'not-counted' };
      }
      return { to: box.address };
    },
  };
}

export type AcknowledgementGuard = ReturnType<typeof acknowledgementGuard>;
