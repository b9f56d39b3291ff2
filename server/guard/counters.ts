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
  /** Counts a hit on each of `keys` in one transaction; the hits in the order of `keys`. */
  hitAll(keys: readonly string[], windowMs: number, at: number): Promise<Hit[]>;
  /** The hits so far in the current window (0 when it has ended), without counting one. */
  peek(key: string, windowMs: number, at: number): Promise<Hit>;
  /** Forgets a key's hits (a successful sign-in starts its allowance again). */
  reset(key: string): Promise<void>;
  /** Deletes the counters whose windows of `longestWindowMs` or less have ended. */
  sweep(longestWindowMs: number, at: number): Promise<void>;
}

export function counters({ engine, db }: Database): Counters {
  const integer = (value: number) => engine.typed(value, 'integer');

  /**
   * One transaction, its keys in one order: attempts that count the same keys at once are
   * numbered alike on every key (on Postgres each waits for the other's row lock), so the first N
   * on one key are the first N on all of them.
   */
  async function hitAll(keys: readonly string[], windowMs: number, at: number): Promise<Hit[]> {
    const ordered = [...new Set(keys)].sort();
    const ended = at - windowMs;
    const results = await engine.batch(
      ordered.map(
        (key) => sql`INSERT INTO rate_counters (key, window_start, count)
          VALUES (${engine.typed(key, 'text')}, ${integer(at)}, 1)
          ON CONFLICT (key) DO UPDATE SET
            count = CASE WHEN rate_counters.window_start <= ${integer(ended)} THEN 1
              ELSE rate_counters.count + 1 END,
            window_start = CASE WHEN rate_counters.window_start <= ${integer(ended)}
              THEN excluded.window_start ELSE rate_counters.window_start END
          RETURNING count, window_start`,
      ),
    );
    const byKey = new Map(
      ordered.map((key, index) => {
        const row = results[index]?.[0];
        const hit: Hit = {
          count: Number(row?.count ?? 1),
          resetAt: Number(row?.window_start ?? at) + windowMs,
        };
        return [key, hit];
      }),
    );
    return keys.map((key) => byKey.get(key) ?? { count: 1, resetAt: at + windowMs });
  }

  return {
    async hit(key, windowMs, at) {
      const [hit] = await hitAll([key], windowMs, at);
      return hit ?? { count: 1, resetAt: at + windowMs };
    },

    hitAll,

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
