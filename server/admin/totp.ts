import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { SETUP_CODE_ALPHABET } from '../../src/admin/contract.ts';
import { hashPassword, verifyPassword, type CheckPlace, type ScryptCost } from './passwords.ts';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226), as every authenticator app makes them:
 * HMAC-SHA-1 of the 30-second step, 6 digits. Written on node:crypto (a page of code) rather than
 * taken from a package: nothing else is needed, and RFC 6238's own test values check it
 * (totp.test.ts). Recovery codes are the way in when the phone is lost: stored salted and
 * slow-hashed (scrypt).
 */

export const TOTP_STEP_MS = 30_000;
export const TOTP_DIGITS = 6;
/** A code of the step before or after is accepted too: clocks and typing take time. */
const DRIFT_STEPS = 1;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += BASE32[(value << (5 - bits)) & 31];
  return text;
}

export function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.toUpperCase().replace(/[\s=-]/g, '')) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new secret: 160 random bits (RFC 4226's recommendation), in base32 as the apps take it. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The step `at` (ms since the epoch) falls in. */
export function totpStep(at: number): number {
  return Math.floor(at / TOTP_STEP_MS);
}

/** The code of a step (RFC 4226's HOTP with the step as counter). */
export function totpCode(secret: string, step: number, digits = TOTP_DIGITS): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 15;
  const number = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(number % 10 ** digits).padStart(digits, '0');
}

/**
 * The step whose code `code` is, within a step of `at`, and later than `lastStep` (a code is good
 * once); undefined when none is.
 */
export function matchingStep(
  secret: string,
  code: string,
  at: number,
  lastStep: number | null,
): number | undefined {
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return undefined;
  const now = totpStep(at);
  for (let step = now - DRIFT_STEPS; step <= now + DRIFT_STEPS; step += 1) {
    if (lastStep !== null && step <= lastStep) continue;
    if (totpCode(secret, step) === code) return step;
  }
  return undefined;
}

/** The address an authenticator app reads (as a QR code, or typed): Key Uri Format. */
export function otpauthUri(secret: string, account: string, issuer: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  // Spaces as %20, not '+': not every app reads a '+' as a space.
  const query = Object.entries({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_MS / 1000),
  })
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
  return `otpauth://totp/${label}?${query}`;
}

export const RECOVERY_CODE_COUNT = 10;

/** Ten recovery codes: 12 symbols of Crockford's base32 each (60 bits), in groups of four. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const symbols = Array.from(
      { length: 12 },
      () => SETUP_CODE_ALPHABET[randomInt(SETUP_CODE_ALPHABET.length)],
    ).join('');
    return symbols.match(/.{4}/g)?.join('-') ?? symbols;
  });
}

/** A recovery code's symbols, read as typed without hyphens, spaces or case. */
function recoverySymbols(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

/**
 * The cost of a recovery code's hash: N = 2^14 (16 MiB, an eighth of a password's work). A code
 * is 60 random bits, not a chosen password: the salt stops any table made ahead, and 2^60 guesses
 * at this cost are out of anyone's reach; a lighter cost keeps a second step, which may try each of
 * the ten stored codes (each has its own salt), near one password check's work.
 */
export const RECOVERY_CODE_COST: ScryptCost = { log2N: 14, r: 8, p: 1 };

/**
 * What is stored of a recovery code: scrypt with a salt of its own (passwords.ts's format), made
 * in the check lanes like a password's.
 */
export function recoveryCodeHash(code: string, cost = RECOVERY_CODE_COST): Promise<string> {
  return hashPassword(`recovery:${recoverySymbols(code)}`, cost);
}

/** How recovery codes were stored before issue 45: unsalted sha256 (still accepted once each). */
export function legacyRecoveryCodeHash(code: string): string {
  return createHash('sha256')
    .update(`recovery:${recoverySymbols(code)}`)
    .digest('hex');
}

const LEGACY = /^[0-9a-f]{64}$/;

/** Whether `code` is the one `stored` was made from; its hash runs in `place`'s lane. */
export async function matchesRecoveryCode(
  code: string,
  stored: string,
  place?: CheckPlace,
): Promise<boolean> {
  if (LEGACY.test(stored)) {
    return timingSafeEqual(Buffer.from(legacyRecoveryCodeHash(code)), Buffer.from(stored));
  }
  return verifyPassword(`recovery:${recoverySymbols(code)}`, stored, place);
}
