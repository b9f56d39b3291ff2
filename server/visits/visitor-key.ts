/**
 * A visitor's key for one day (README.md): HMAC-SHA-256 of the day's salt over the client's
 * network and user agent. The salt is random, one per business day, shared by every instance
 * through `visit_salts`, and deleted with the day's keys once the day is added up (visit-days.ts):
 * after that no key of the day can be made again, and no visitor followed across days. Neither
 * the address nor the user agent is ever stored or logged.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Engine } from '../db/engine.ts';
import { clientKey } from '../guard/client-key.ts';
import { DAY, localDay } from '../../src/business-time/time-zone.ts';
import type { VisitClient } from './visit-types.ts';

/** The business day of `at` on `timeZone`'s clock, 'YYYY-MM-DD'. */
export function businessDay(at: number, timeZone: string): string {
  return new Date(localDay(at, timeZone) * DAY).toISOString().slice(0, 10);
}

/** The key of `client` on the day of `salt`: who they are that day, and no other. */
export function visitorKey(salt: string, client: VisitClient): string {
  return createHmac('sha256', Buffer.from(salt, 'hex'))
    .update(`${clientKey(client.address)}\n${client.userAgent}`)
    .digest('base64url');
}

export interface VisitSalts {
  /** The day's salt: read, or made (insert if missing, then read back: instances agree). */
  salt(day: string): Promise<string>;
  /** The day's salt if one was made; none is made (a read). */
  existing(day: string): Promise<string | undefined>;
}

/**
 * The salts of `engine`'s `visit_salts`, kept in memory for the days asked for lately: each as one
 * promise, so that a batch of many visitors of a day not yet known makes (or reads) its salt once.
 */
export function visitSalts(engine: Engine): VisitSalts {
  const cache = new Map<string, Promise<string | undefined>>();
  const remember = (day: string, salt: Promise<string | undefined>) => {
    // Only the last few days: a day's salt is deleted with its keys.
    if (cache.size >= 4) cache.delete(cache.keys().next().value ?? '');
    cache.set(day, salt);
    // A failed or empty answer is not kept: the next asks again.
    salt.then(
      (found) => found ?? forget(day, salt),
      () => forget(day, salt),
    );
    return salt;
  };
  const forget = (day: string, salt: Promise<string | undefined>) => {
    if (cache.get(day) === salt) cache.delete(day);
  };
  const read = async (day: string) => {
    const row = await engine.db
      .selectFrom('visit_salts')
      .select('salt')
      .where('day', '=', day)
      .executeTakeFirst();
    return row?.salt;
  };
  const make = async (day: string) => {
    const made = randomBytes(32).toString('hex');
    await engine.batch([
      sql`INSERT INTO visit_salts (day, salt) VALUES (${day}, ${made}) ON CONFLICT (day) DO NOTHING`,
    ]);
    const salt = await read(day);
    if (!salt) throw new Error('the day’s salt was not kept');
    return salt;
  };
  return {
    async salt(day) {
      // Asked for at once by every view of a batch: the first makes it, the others wait for it.
      const known = await (cache.get(day) ?? remember(day, make(day)));
      if (known) return known;
      // Only read as missing a moment ago (`existing`): made now.
      const salt = await remember(day, make(day));
      if (!salt) throw new Error('the day’s salt was not kept');
      return salt;
    },
    async existing(day) {
      const known = cache.get(day);
      if (known) return known;
      return remember(day, read(day));
    },
  };
}
