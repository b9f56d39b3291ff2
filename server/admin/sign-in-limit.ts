import type { Database } from '../db/database.ts';

/**
 * Failed sign-ins per client address and per account: after `MAX_FAILURES` within the window,
 * either one refuses further attempts until the oldest of those failures is out of the window.
 * Keys are keyed hashes (`Database.clientHash`): no address or typed e-mail is stored.
 */

export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES = 5;

export function signInLimit(
  { db, engine }: Database,
  { now = Date.now }: { now?: () => number } = {},
) {
  return {
    /** Milliseconds until another attempt is allowed, or 0 when one is allowed now. */
    async retryAfter(keys: readonly string[]): Promise<number> {
      const at = now();
      let wait = 0;
      for (const key of keys) {
        const fifth = await db
          .selectFrom('sign_in_failures')
          .select('at')
          .where('key', '=', key)
          .where('at', '>', at - SIGN_IN_WINDOW_MS)
          .orderBy('at', 'desc')
          .limit(1)
          .offset(MAX_FAILURES - 1)
          .executeTakeFirst();
        if (fifth) wait = Math.max(wait, Number(fifth.at) + SIGN_IN_WINDOW_MS - at);
      }
      return wait;
    },

    async recordFailure(keys: readonly string[]): Promise<void> {
      const at = now();
      await engine.batch([
        db.deleteFrom('sign_in_failures').where('at', '<=', at - SIGN_IN_WINDOW_MS),
        ...(keys.length > 0
          ? [db.insertInto('sign_in_failures').values(keys.map((key) => ({ key, at })))]
          : []),
      ]);
    },

    /** After a successful sign-in: the account's count starts again (the address's does not). */
    async clear(key: string): Promise<void> {
      await db.deleteFrom('sign_in_failures').where('key', '=', key).execute();
    },
  };
}

export type SignInLimit = ReturnType<typeof signInLimit>;
