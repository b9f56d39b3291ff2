import { createHash } from 'node:crypto';
import {
  base32Decode,
  base32Encode,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  legacyRecoveryCodeHash,
  matchesRecoveryCode,
  otpauthUri,
  recoveryCodeHash,
  totpCode,
  totpStep,
} from './totp.ts';

// RFC 6238, appendix B: the SHA-1 key is the ASCII of "12345678901234567890", codes of 8 digits.
/** A cheap cost where only the matching is tested. */
const CHEAP = { log2N: 10, r: 8, p: 1 };
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP', () => {
  it("makes RFC 6238's test values", () => {
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    const table: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of table) {
      expect(totpCode(RFC_SECRET, totpStep(seconds * 1000), 8), String(seconds)).toBe(code);
    }
    expect(totpCode(RFC_SECRET, totpStep(59_000))).toBe('287082');
  });

  it('reads base32 back, whatever the case, spaces and padding', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255, 128, 7]);
    const text = base32Encode(bytes);
    expect(base32Decode(text)).toEqual(bytes);
    expect(base32Decode(`${text.toLowerCase().replace(/(.{4})/g, '$1 ')}=`)).toEqual(bytes);
    expect(() => base32Decode('A1')).toThrow();
    expect(newTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('accepts the step before and after, each once, in order', () => {
    const at = 1_000_000 * 30_000 + 10_000;
    const step = totpStep(at);
    const code = (n: number) => totpCode(RFC_SECRET, n);
    expect(matchingStep(RFC_SECRET, code(step), at, null)).toBe(step);
    expect(matchingStep(RFC_SECRET, code(step - 1), at, null)).toBe(step - 1);
    expect(matchingStep(RFC_SECRET, code(step + 1), at, null)).toBe(step + 1);
    expect(matchingStep(RFC_SECRET, code(step - 2), at, null)).toBeUndefined();
    expect(matchingStep(RFC_SECRET, code(step + 2), at, null)).toBeUndefined();
    expect(matchingStep(RFC_SECRET, code(step), at, step)).toBeUndefined();
    expect(matchingStep(RFC_SECRET, code(step - 1), at, step - 1)).toBeUndefined();
    expect(matchingStep(RFC_SECRET, code(step + 1), at, step)).toBe(step + 1);
    expect(matchingStep(RFC_SECRET, `${code(step)}0`, at, null)).toBeUndefined();
    expect(matchingStep(RFC_SECRET, 'abcdef', at, null)).toBeUndefined();
  });

  it('writes the otpauth address authenticator apps read', () => {
    const text = otpauthUri('JBSWY3DPEHPK3PXP', 'owner@example.com', 'Acme inbox');
    expect(text).toMatch(
      /^otpauth:\/\/totp\/Acme%20inbox:owner%40example\.com\?secret=JBSWY3DPEHPK3PXP&issuer=Acme%20inbox&/,
    );
    const uri = new URL(text);
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      issuer: 'Acme inbox',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });

  it('makes ten different recovery codes, matched as typed in any case or grouping', async () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes)
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){2}$/);
    const [code = ''] = codes;
    const stored = await recoveryCodeHash(code, CHEAP);
    expect(await matchesRecoveryCode(code.toLowerCase().replaceAll('-', ' '), stored)).toBe(true);
    expect(await matchesRecoveryCode(codes[1] ?? '', stored)).toBe(false);
  });

  it('stores a recovery code salted and slow-hashed, never as its plain SHA-256', async () => {
    const [code = ''] = newRecoveryCodes();
    const symbols = code.replaceAll('-', '');
    const plain = [symbols, `recovery:${symbols}`, code].map((text) =>
      createHash('sha256').update(text).digest('hex'),
    );
    const stored = await recoveryCodeHash(code);
    expect(stored).toMatch(/^scrypt\$14\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    for (const hash of plain) expect(stored).not.toContain(hash);
    // Salted: the same code is stored differently each time.
    expect(await recoveryCodeHash(code)).not.toBe(stored);
    expect(await matchesRecoveryCode(code, stored)).toBe(true);
  });

  it('still accepts a code stored as plain SHA-256 before issue 45', async () => {
    const [code = ''] = newRecoveryCodes();
    const legacy = createHash('sha256')
      .update(`recovery:${code.replaceAll('-', '')}`)
      .digest('hex');
    expect(legacyRecoveryCodeHash(code)).toBe(legacy);
    expect(await matchesRecoveryCode(code.toLowerCase(), legacy)).toBe(true);
    expect(await matchesRecoveryCode(newRecoveryCodes()[0] ?? '', legacy)).toBe(false);
  });
});
