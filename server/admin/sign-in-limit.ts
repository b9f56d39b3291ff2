import type { Client } from '@libsql/client';

/**
 * Failed sign-ins per client address and per account: after `MAX_FAILURES` within the window,
 * either one refuses further attempts until the oldest of those failures is out of the window.
 * Keys are keyed hashes (`Database.clientHash`): no address or typed e-mail is stored.
 */

export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES = 5;

export function signInLimit(client: Client, { now = Date.now }: { now?: () => number } = {}) {
  return {
    /** Milliseconds until another attempt is allowed, or 0 when one is allowed now. */
    async retryAfter(keys: readonly string[]): Promise<number> {
      const at = now();
      let wait = 0;
      for (const key of keys) {
        const result = await client.execute({
          sql: `SELECT at FROM sign_in_failures WHERE key = ? AND at > ?
                ORDER BY at DESC LIMIT 1 OFFSET ?`,
          args: [key, at - SIGN_IN_WINDOW_MS, MAX_FAILURES - 1],
        });
        const fifth = result.rows[0];
        if (fifth) wait = Math.max(wait, Number(fifth.at) + SIGN_IN_WINDOW_MS - at);
      }
      return wait;
    },

    async recordFailure(keys: readonly string[]): Promise<void> {
      const at = now();
      await client.batch(
        [
          { sql: 'DELETE FROM sign_in_failures WHERE at <= ?', args: [at - SIGN_IN_WINDOW_MS] },
          ...keys.map((key) => ({
            sql: 'INSERT INTO sign_in_failures (key, at) VALUES (?, ?)',
            args: [key, at],
          })),
        ],
        'write',
      );
    },

    /** After a successful sign-in: the account's count starts again (the address's does not). */
    async clear(key: string): Promise<void> {
      await client.execute({ sql: 'DELETE FROM sign_in_failures WHERE key = ?', args: [key] });
    },
  };
}

export type SignInLimit = ReturnType<typeof signInLimit>;
