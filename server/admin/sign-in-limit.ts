import type { Database } from '../db/database.ts';
import { counters } from '../guard/counters.ts';

/**
 * Sign-in attempts per client address and per account: each attempt is counted before its
 * password is checked (server/guard/counters.ts: every key in one transaction), so N parallel guesses cost N.
 * After `MAX_FAILURES` within the window, further attempts are refused until it ends. Keys are
 * keyed hashes (`Database.clientHash`): no address or typed e-mail is stored.
 */

export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES = 5;

export function signInLimit(database: Database, { now = Date.now }: { now?: () => number } = {}) {
  const count = counters(database);
  return {
    /**
     * Counts an attempt on every key; answers the milliseconds until another is allowed when any
     * key is over the limit (the attempt is then refused unchecked), or 0.
     */
    async attempt(keys: readonly string[]): Promise<number> {
      const at = now();
      let wait = 0;
      for (const hit of await count.hitAll(keys, SIGN_IN_WINDOW_MS, at)) {
        if (hit.count > MAX_FAILURES) wait = Math.max(wait, hit.resetAt - at);
      }
      return wait;
    },

    /** After a successful sign-in: the key's allowance starts again. */
    async clear(key: string): Promise<void> {
      await count.reset(key);
    },
  };
}

export type SignInLimit = ReturnType<typeof signInLimit>;
