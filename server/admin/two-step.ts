import * as z from 'zod/mini';
import type { Database } from '../db/database.ts';
import {
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  matchesRecoveryCode,
  recoveryCodeHash,
} from './totp.ts';
import type { CheckPlace } from './passwords.ts';

/**
 * Two-step sign-in per account (docs/inbox.md, "Two-step sign-in"): the TOTP secret, the last step used
 * (each code is good once) and the hashes of the unused recovery codes, in the users table (each
 * salted scrypt; a code stored as plain sha256 before issue 45 is still accepted, once, until
 * `two-step on` makes new ones). Set
 * on and off with `npm run admin -- two-step on|off EMAIL` (server/admin/cli.ts).
 */

/** What `two-step on` prints: shown once, for the owner's authenticator app and safe keeping. */
export interface TwoStepSetup {
  secret: string;
  uri: string;
  recoveryCodes: string[];
}

export type CodeCheck = 'accepted' | 'recovery-code-used' | 'refused';

const hashList = z.array(z.string());

function storedHashes(text: string | null): string[] {
  if (text === null) return [];
  try {
    const parsed = z.safeParse(hashList, JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** A TOTP code of a step later than the last used; that step becomes the last (compare-and-set). */
async function useTotp(
  db: Database['db'],
  at: number,
  userId: number,
  secret: string,
  code: string,
  lastStep: number | null,
) {
  const step = matchingStep(secret, code, at, lastStep);
  if (step === undefined) return false;
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The stored hash `code` was made from, if any: each tried in turn, in `place`'s lane. */
async function matchingHash(code: string, hashes: string[], place?: CheckPlace) {
  for (const hash of hashes) {
    if (await matchesRecoveryCode(code, hash, place)) return hash;
  }
  return undefined;
}

/** A recovery code still in the list; it is taken out of it (compare-and-set on the list). */
async function useRecoveryCode(
  db: Database['db'],
  userId: number,
  code: string,
  stored: string | null,
  place?: CheckPlace,
) {
  const hashes = storedHashes(stored);
  const hash = stored === null ? undefined : await matchingHash(code, hashes, place);
  if (hash === undefined) return false;
  const result = await db
    .updateTable('users')
    .set({ recovery_codes: JSON.stringify(hashes.filter((each) => each !== hash)) })
    .where('id', '=', userId)
    .where('recovery_codes', '=', stored)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function twoStep({ db }: Database, { now = Date.now }: { now?: () => number } = {}) {
  async function secondFactor(userId: number) {
    return db
      .selectFrom('users')
      .select(['totp_secret', 'totp_last_step', 'recovery_codes'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  return {
    /** Whether the account signs in in two steps. */
    async enabled(userId: number): Promise<boolean> {
      return Boolean((await secondFactor(userId))?.totp_secret);
    },

    /**
     * Checks the second step's code: a TOTP code (6 digits) or a recovery code, each good once; a
     * recovery code's hashes run in the sign-in's place in the check lanes.
     */
    async check(userId: number, code: string, place?: CheckPlace): Promise<CodeCheck> {
      const row = await secondFactor(userId);
      if (!row?.totp_secret) return 'refused';
      const typed = code.replace(/\s/g, '');
      const lastStep = row.totp_last_step === null ? null : Number(row.totp_last_step);
      if (/^\d+$/.test(typed)) {
        return (await useTotp(db, now(), userId, row.totp_secret, typed, lastStep))
          ? 'accepted'
          : 'refused';
      }
      return (await useRecoveryCode(db, userId, typed, row.recovery_codes, place))
        ? 'recovery-code-used'
        : 'refused';
    },

    /** A new secret and recovery codes for the account (any earlier ones stop working). */
    async turnOn(userId: number, email: string, issuer: string): Promise<TwoStepSetup> {
      const secret = newTotpSecret();
      const recoveryCodes = newRecoveryCodes();
      const hashes: string[] = [];
      for (const code of recoveryCodes) hashes.push(await recoveryCodeHash(code));
      await db
        .updateTable('users')
        .set({
          totp_secret: secret,
          totp_last_step: null,
          recovery_codes: JSON.stringify(hashes),
        })
        .where('id', '=', userId)
        .execute();
      return { secret, uri: otpauthUri(secret, email, issuer), recoveryCodes };
    },

    async turnOff(userId: number): Promise<void> {
      await db
        .updateTable('users')
        .set({ totp_secret: null, totp_last_step: null, recovery_codes: null })
        .where('id', '=', userId)
        .execute();
    },

    /** How many recovery codes are left unused. */
    async recoveryCodesLeft(userId: number): Promise<number> {
      return storedHashes((await secondFactor(userId))?.recovery_codes ?? null).length;
    },
  };
}

export type TwoStep = ReturnType<typeof twoStep>;
