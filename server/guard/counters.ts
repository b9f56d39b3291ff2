import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * Counters of the limits every instance shares (the form posts per client, the sign-in attempts,
 * the acknowledgements per domain): one row per key in `rate_counters`, counting the hits of a
 * fixed window that starts with its first hit. A hit is counted and read in one statement, so
 * hits sent at once each get their own number: N parallel tries cost N.
 */

export interface Hit {
  /** This hit's number within its window (1 for the first). */
  count: number;
  /** When the window ends (ms since the epoch): the count starts again after it. */
  resetAt: number;
}

export interface Counters {
  /** Counts a hit on `key` at `at` in a window of `windowMs`. */
  hit(key: string, windowMs: number, at: number): Promise<Hit>;
  /** The hits so far in the current window (0 when it has ended), without counting one. */
  peek(key: string, windowMs: number, at: number): Promise<Hit>;
  /** Forgets a key's hits (a successful sign-in starts its allowance again). */
  reset(key: string): Promise<void>;
  /** Deletes the counters whose windows of `longestWindowMs` or less have ended. */
  sweep(longestWindowMs: number, at: number): Promise<void>;
}

export function counters({ engine, db }: Database): Counters {
  const integer = (value: number) => engine.typed(value, 'integer');
  return {
    async hit(key, windowMs, at) {
      const ended = at - windowMs;
      const [rows] = await engine.batch([
        sql`INSERT INTO rate_counters (key, window_start, count)
          VALUES (${engine.typed(key, 'text')}, ${integer(at)}, 1)
          ON CONFLICT (key) DO UPDATE SET
            count = CASE WHEN rate_counters.window_start <= ${integer(ended)} THEN 1
              ELSE rate_counters.count + 1 END,
            window_start = CASE WHEN rate_counters.window_start <= ${integer(ended)}
              THEN excluded.window_start ELSE rate_counters.window_start END
          RETURNING count, window_start`,
      ]);
      const row = rows?.[0];
      return {
        count: Number(row?.count ?? 1),
        resetAt: Number(row?.window_start ?? at) + windowMs,
      };
    },

    async peek(key, windowMs, at) {
      const row = await db
        .selectFrom('rate_counters')
        .select(['count', 'window_start'])
        .where('key', '=', key)
        .executeTakeFirst();
      const start = Number(row?.window_start ?? at);
      const live = row !== undefined && start > at - windowMs;
      return { count: live ? Number(row.count) : 0, resetAt: (live ? start : at) + windowMs };
    },

    async reset(key) {
      await engine.batch([db.deleteFrom('rate_counters').where('key', '=', key)]);
    },

    async sweep(longestWindowMs, at) {
      await engine.batch([
        db.deleteFrom('rate_counters').where('window_start', '<=', at - longestWindowMs),
      ]);
    },
  };
}
