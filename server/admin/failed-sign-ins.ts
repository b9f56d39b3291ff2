import type { Database } from '../db/database.ts';
import type { FailedSignIns } from '../../src/admin/contract.ts';

/**
 * Each failed sign-in (a wrong password, an unknown account, a wrong code), kept 30 days for the
 * owner to see in the inbox: when, how many, from how many sources. Only keyed hashes of the
 * account asked for and of the source (`clientKey`) are stored. An attempt refused by the limit
 * unchecked is not one: the limit already bounds how many a source can add.
 */

export const FAILED_SIGN_INS_KEPT_MS = 30 * 24 * 60 * 60_000;
/** The inbox shows those since the owner's previous visit, and at most this far back. */
export const FAILED_SIGN_INS_SHOWN_MS = 7 * 24 * 60 * 60_000;

export function failedSignIns({ db, engine }: Database, { now = Date.now } = {}) {
  return {
    async record(accountHash: string, sourceHash: string): Promise<void> {
      const at = now();
      await engine.batch([
        db
          .insertInto('failed_sign_ins')
          .values({ at, account_hash: accountHash, source_hash: sourceHash }),
        db.deleteFrom('failed_sign_ins').where('at', '<', at - FAILED_SIGN_INS_KEPT_MS),
      ]);
    },

    /** The account's failures from `since` on, or undefined when there were none. */
    async since(accountHash: string, since: number): Promise<FailedSignIns | undefined> {
      const from = Math.max(since, now() - FAILED_SIGN_INS_SHOWN_MS);
      const row = await db
        .selectFrom('failed_sign_ins')
        .select((eb) => [
          eb.fn.countAll().as('count'),
          eb.fn.count('source_hash').distinct().as('sources'),
          eb.fn.max('at').as('last_at'),
        ])
        .where('account_hash', '=', accountHash)
        .where('at', '>=', from)
        .executeTakeFirst();
      const count = Number(row?.count ?? 0);
      if (count === 0) return undefined;
      return {
        count,
        sources: Number(row?.sources ?? 0),
        lastAt: Number(row?.last_at),
        since: from,
      };
    },
  };
}

export type FailedSignInLog = ReturnType<typeof failedSignIns>;
