import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { SETUP_CODE_ALPHABET } from '../../src/admin/contract.ts';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226), as every authenticator app makes them:
 * HMAC-SHA-1 of the 30-second step, 6 digits. Written on node:crypto (a page of code) rather than
 * taken from a package: nothing else is needed, and RFC 6238's own test values check it
 * (totp.test.ts). Recovery codes are the way in when the phone is lost.
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

/**
 * What is stored of a recovery code: sha256 of its symbols, read as typed without hyphens,
 * spaces or case. 60 random bits need no slow hash.
 */
export function recoveryCodeHash(code: string): string {
  const symbols = code.toUpperCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(`recovery:${symbols}`).digest('hex');
}
