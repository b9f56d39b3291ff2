import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt from node:crypto. A hash is stored as
 * `scrypt$<log2 N>$<r>$<p>$<salt>$<key>` (base64url), so that a later change of cost keeps old
 * hashes verifiable.
 */

export interface ScryptCost {
  log2N: number;
  r: number;
  p: number;
}

/** N = 2^17, r = 8, p = 1: 128 MiB and a few hundred milliseconds per hash (OWASP's minimum). */
export const DEFAULT_COST: ScryptCost = { log2N: 17, r: 8, p: 1 };

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = {
    N: 2 ** cost.log2N,
    r: cost.r,
    p: cost.p,
    // scrypt needs 128 * r * (N + p + 2) bytes; node refuses more than 32 MiB unless told.
    maxmem: 256 * (2 ** cost.log2N + cost.p) * cost.r,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** At most two hashes at a time: each holds 128 MiB, and a flood of sign-ins must not take it all. */
function limiter(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}
const hashing = limiter(2);

export async function hashPassword(password: string, cost = DEFAULT_COST): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await hashing(() => derive(password, salt, cost));
  return [
    'scrypt',
    cost.log2N,
    cost.r,
    cost.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

function parse(stored: string): { cost: ScryptCost; salt: Buffer; key: Buffer } | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [log2N, r, p] = parts
    .slice(1, 4)
    .map((part) => (/^\d{1,2}$/.test(part) ? Number(part) : 0));
  // Whole numbers in range, and N < 2^(16 r) (scrypt's own limit): anything else is refused, not
  // thrown by scrypt.
  if (!log2N || !r || !p || log2N > 20 || r > 32 || p > 16 || log2N >= 16 * r) return undefined;
  return {
    cost: { log2N, r, p },
    salt: Buffer.from(parts[4] ?? '', 'base64url'),
    key: Buffer.from(parts[5] ?? '', 'base64url'),
  };
}

/** True when `password` is the one `stored` was made from; compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.key.length !== KEY_LENGTH) return false;
  const key = await hashing(() => derive(password, parsed.salt, parsed.cost));
  return timingSafeEqual(key, parsed.key);
}

let dummy: { cost: ScryptCost; hash: Promise<string> } | undefined;

/** The hash an unknown account's sign-in is checked against; made once, with the accounts' cost. */
export function dummyHash(cost = DEFAULT_COST): Promise<string> {
  if (dummy?.cost !== cost) {
    dummy = { cost, hash: hashPassword(randomBytes(16).toString('hex'), cost) };
  }
  return dummy.hash;
}

/**
 * Does the work of one verification and fails: for a sign-in with an unknown e-mail address, so
 * that its answer takes as long as a wrong password's (no finding out who has an account by timing).
 */
export async function verifyNobody(password: string, cost = DEFAULT_COST): Promise<false> {
  await verifyPassword(password, await dummyHash(cost));
  return false;
}
