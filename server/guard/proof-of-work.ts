import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import type { Database } from '../db/database.ts';
import type { ProofOfWork } from './spam-score.ts';

/**
 * The forms' invisible proof of work (ALTCHA, `altcha-lib`): the page fetches a challenge signed
 * with the server's key, a worker finds the number whose hash it names, and the post carries the
 * answer. A robot that posts straight to the endpoint must pay the same work for every post, and
 * a solved answer is good once: its signature goes into `spent_challenges` (the database, so that
 * every instance knows it) until the challenge expires.
 */

/**
 * The numbers a solver may have to try: on average half of them. The page's solver awaits one
 * WebCrypto hash at a time, so its speed is the browser's round trip per hash more than the CPU's:
 * see docs/receiver.md, "Spam", and docs/figures.md for the solve times (`npm run bench:server -- spam`).
 */
export const POW_MAX_NUMBER = 10_000;
/** How long a challenge may be answered: an application can take a while to fill. */
export const CHALLENGE_TTL_MS = 60 * 60 * 1000;
/** Sweep spent challenges at most this often. */
const SWEEP_EVERY_MS = 60_000;
/** The answer as posted (base64 of its JSON) is no longer than this. */
export const MAX_PAYLOAD_LENGTH = 1_000;

export interface ProofOfWorkOptions {
  /** The HMAC key; kept out of the database (ALTCHA_HMAC_KEY, or derived from the address key). */
  hmacKey: string;
  /**
   * A key challenges were signed with before an upgrade (the one derived before issue 45): an
   * answer to one of those is treated as no proof at all (`missing`, a visitor without script),
   * never as forged (a page open during the upgrade is not Spam) and never as valid (that key may
   * be known to anyone holding an old backup).
   */
  legacyHmacKeys?: readonly string[];
  maxNumber?: number;
  now?: () => number;
}

export interface ProofOfWorkGuard {
  /** A new signed challenge, carrying when it was issued. */
  challenge(): Promise<Challenge>;
  /** What a post's `altcha` field proves; a good answer is spent by this call. */
  check(payload: unknown): Promise<ProofOfWork>;
}

interface Payload {
  algorithm: 'SHA-256';
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

const HEX_64 = /^[0-9a-f]{64}$/;

/** The answer's JSON, when it has the shape a solver sends: nothing else reaches the library. */
function readPayload(text: string): Payload | undefined {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { algorithm, challenge, number, salt, signature } = value as Record<string, unknown>;
  if (algorithm !== 'SHA-256' || typeof challenge !== 'string' || !HEX_64.test(challenge)) {
    return undefined;
  }
  if (typeof signature !== 'string' || !HEX_64.test(signature)) return undefined;
  if (typeof salt !== 'string' || salt.length > 200) return undefined;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 0) return undefined;
  return { algorithm, challenge, number, salt, signature };
}

export function proofOfWork(database: Database, options: ProofOfWorkOptions): ProofOfWorkGuard {
  const { engine, db } = database;
  const now = options.now ?? (() => Date.now());
  let sweptAt = 0;

  /** Records the answer as spent; false when it already was. */
  async function spend(signature: string, expiresAt: number): Promise<boolean> {
    const [rows] = await engine.batch([
      db
        .insertInto('spent_challenges')
        .values({ signature, expires_at: expiresAt })
        .onConflict((conflict) => conflict.column('signature').doNothing())
        .returning('signature'),
    ]);
    return (rows?.length ?? 0) > 0;
  }

  function sweep(at: number) {
    if (at - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = at;
    // Housekeeping: a failure here is tried again next time.
    engine
      .batch([db.deleteFrom('spent_challenges').where('expires_at', '<=', at)])
      .catch(() => undefined);
  }

  return {
    async challenge() {
      const at = now();
      return createChallenge({
        hmacKey: options.hmacKey,
        maxNumber: options.maxNumber ?? POW_MAX_NUMBER,
        expires: new Date(at + CHALLENGE_TTL_MS),
        params: { issued: String(at) },
      });
    },

    async check(value) {
      if (value === undefined || value === '') return { kind: 'missing' };
      if (typeof value !== 'string' || value.length > MAX_PAYLOAD_LENGTH)
        return { kind: 'invalid' };
      const payload = readPayload(value);
      if (!payload) return { kind: 'invalid' };
      const at = now();
      sweep(at);
      // The expiry is checked here, by this server's clock (the library would use Date.now).
      if (!(await verifySolution(payload, options.hmacKey, false))) {
        for (const key of options.legacyHmacKeys ?? []) {
          if (await verifySolution(payload, key, false)) return { kind: 'missing' };
        }
        return { kind: 'invalid' };
      }
      const params = extractParams(payload);
      const issuedAt = Number(params.issued);
      const expiresAt = Number(params.expires) * 1000;
      if (!Number.isSafeInteger(issuedAt) || !Number.isSafeInteger(expiresAt)) {
        return { kind: 'invalid' };
      }
      // Answered too late: as good as none (a slow visitor's page), not a forgery.
      if (expiresAt <= at) return { kind: 'missing' };
      if (!(await spend(payload.signature, expiresAt))) return { kind: 'replayed' };
      return { kind: 'valid', issuedAt };
    },
  };
}
