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

/** The salts of `engine`'s `visit_salts`, cached in memory for the days asked for lately. */
export function visitSalts(engine: Engine): VisitSalts {
  const cache = new Map<string, string>();
  const remember = (day: string, salt: string) => {
    // Only the last few days: a day's salt is deleted with its keys.
    if (cache.size >= 4) cache.delete(cache.keys().next().value ?? '');
    cache.set(day, salt);
    return salt;
  };
  const read = async (day: string) => {
    const row = await engine.db
      .selectFrom('visit_salts')
      .select('salt')
      .where('day', '=', day)
      .executeTakeFirst();
    return row?.salt;
  };
  return {
    async salt(day) {
      const cached = cache.get(day);
      if (cached) return cached;
      const made = randomBytes(32).toString('hex');
      await engine.batch([
        sql`INSERT INTO visit_salts (day, salt) VALUES (${day}, ${made}) ON CONFLICT (day) DO NOTHING`,
      ]);
      const salt = await read(day);
      if (!salt) throw new Error('the day’s salt was not kept');
      return remember(day, salt);
    },
    async existing(day) {
      const cached = cache.get(day);
      if (cached) return cached;
      const salt = await read(day);
      return salt ? remember(day, salt) : undefined;
    },
  };
}
