import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../http/app.ts';
import { openStore, type Store } from '../store/store.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { DEVICE_COOKIE } from './device-cookie.ts';
import { FAILED_SIGN_INS_KEPT_MS } from './failed-sign-ins.ts';
import { SESSION_COOKIE } from './admin-context.ts';
import { SIGN_IN_WINDOW_MS } from './sign-in-limit.ts';
import { legacyRecoveryCodeHash, totpCode, totpStep } from './totp.ts';
import { twoStep } from './two-step.ts';
import { users } from './users.ts';
import { businessContent } from '../../src/content/business.ts';
import { NOTHING_PUBLISHED as CODE_CONTENT } from '../../src/content/published.ts';

/** The business's name with nothing published (the inbox's header says it). */
const CODE_NAME = businessContent(CODE_CONTENT).business.name;

/**
 * The sign-in under attack (issue 32, "Sign-in that holds"), against the real server on both
 * engines: the limit counted before the password is checked, the device cookie's own allowance,
 * the failed sign-ins the owner is shown, and two-step sign-in.
 */

const MINUTE = 60_000;
const T0 = Date.parse('2030-05-01T12:00:00Z');
const cost = { log2N: 10, r: 8, p: 1 };
const EMAIL = 'owner@example.com';
const PASSWORD = 'a long enough password';
const OWNER = '10.0.0.1';
const STRANGER = '198.51.100.7';

let data: Awaited<ReturnType<TestEngine['create']>>;
let store: Store;
let app: FastifyInstance;
let clock: number;
const now = () => clock;

interface Attempt {
  from?: string;
  device?: string;
  code?: string;
}

function signIn(email: string, password: string, { from = OWNER, device, code }: Attempt = {}) {
  return app.inject({
    method: 'POST',
    url: '/admin/api/sign-in',
    remoteAddress: from,
    headers: { 'sec-fetch-site': 'same-origin' },
    cookies: device === undefined ? {} : { [DEVICE_COOKIE]: device },
    payload: { email, password, ...(code === undefined ? {} : { code }) },
  } satisfies InjectOptions);
}

function cookiesOf(response: LightMyRequestResponse) {
  return Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie]));
}

/** The device cookie a successful sign-in left in the browser. */
function deviceOf(response: LightMyRequestResponse): string {
  const value = cookiesOf(response)[DEVICE_COOKIE]?.value;
  if (!value) throw new Error(`no device cookie: ${response.statusCode} ${response.body}`);
  return value;
}

function statuses(responses: LightMyRequestResponse[]) {
  const count = (status: number) => responses.filter((r) => r.statusCode === status).length;
  return {
    checked: count(401),
    refused: count(429),
    other: responses.length - count(401) - count(429),
  };
}

describe.each(engines)('sign-in under attack on $name', (engine) => {
  beforeEach(async () => {
    clock = T0;
    data = await engine.create();
    store = await openStore(data.database, { now });
    await users(store.database, { cost, now }).add(EMAIL, PASSWORD);
    app = await buildApp({ store, admin: { cost, now } });
  });

  afterEach(async () => {
    await app.close();
    await store.close();
    data.remove();
  });

  it('checks at most 5 of 20 parallel guesses; the owner gets in from a known browser, not a new one', async () => {
    const known = deviceOf(await signIn(EMAIL, PASSWORD));
    clock += MINUTE;

    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, n) => signIn(EMAIL, `guess ${n}`, { from: STRANGER })),
    );
    expect(statuses(guesses)).toEqual({ checked: 5, refused: 15, other: 0 });

    // A new browser, from a clean address: the account's allowance is spent.
    const fresh = await signIn(EMAIL, PASSWORD, { from: '203.0.113.9' });
    expect(fresh.statusCode).toBe(429);
    expect(fresh.cookies).toEqual([]);
    // The owner's browser has its own, even from the stranger's address.
    for (const from of [OWNER, STRANGER]) {
      const owner = await signIn(EMAIL, PASSWORD, { from, device: known });
      expect(owner.statusCode, from).toBe(200);
      expect(cookiesOf(owner)[SESSION_COOKIE]?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it('gives a forged device cookie, or one of another account, no allowance of its own', async () => {
    const known = deviceOf(await signIn(EMAIL, PASSWORD));
    await users(store.database, { cost, now }).add('partner@example.com', PASSWORD);
    const partner = deviceOf(await signIn('partner@example.com', PASSWORD));
    for (let n = 1; n <= 5; n += 1) {
      expect((await signIn(EMAIL, 'wrong', { from: STRANGER })).statusCode).toBe(401);
    }
    const [payload, signature = ''] = [known.slice(0, -33), known.slice(-32)];
    const flipped = `${payload}.${signature[0] === 'a' ? 'b' : 'a'}${signature.slice(1)}`;
    const [account = '', epoch = '', nonce = ''] = payload.split('.');
    const otherNonce = `${account}.${epoch}.${'A'.repeat(nonce.length)}.${signature}`;
    const otherEpoch = `${account}.${Number(epoch) + 1}.${nonce}.${signature}`;
    for (const device of [flipped, otherNonce, otherEpoch, partner, 'nonsense', '']) {
      const response = await signIn(EMAIL, PASSWORD, { from: '203.0.113.9', device });
      expect(response.statusCode, device).toBe(429);
    }
    expect((await signIn(EMAIL, PASSWORD, { device: known })).statusCode).toBe(200);
  });

  it("counts a known browser's own failures: five, then it waits too", async () => {
    const known = deviceOf(await signIn(EMAIL, PASSWORD));
    // One after another: a browser holds one place in the owner's lane at a time.
    const tries = [];
    for (let n = 0; n < 8; n += 1) tries.push(await signIn(EMAIL, 'wrong', { device: known }));
    expect(statuses(tries)).toEqual({ checked: 5, refused: 3, other: 0 });
    const waiting = await signIn(EMAIL, PASSWORD, { device: known });
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBe(SIGN_IN_WINDOW_MS / 1000);
    // Its failures were not the address's nor the account's: another browser is let in.
    expect((await signIn(EMAIL, PASSWORD)).statusCode).toBe(200);
    clock += SIGN_IN_WINDOW_MS;
    expect((await signIn(EMAIL, PASSWORD, { device: known })).statusCode).toBe(200);
  });

  it("'Sign out everywhere' ends every session and every device cookie of the account", async () => {
    await users(store.database, { cost, now }).add('partner@example.com', PASSWORD);
    const partner = cookiesOf(await signIn('partner@example.com', PASSWORD));
    const browsers = [
      await signIn(EMAIL, PASSWORD),
      await signIn(EMAIL, PASSWORD, { from: STRANGER }),
    ];
    const [here, there] = browsers.map((response) => cookiesOf(response));
    const session = (cookies: typeof here) => ({
      [SESSION_COOKIE]: cookies?.[SESSION_COOKIE]?.value ?? '',
    });
    const out = await app.inject({
      method: 'POST',
      url: '/admin/api/sign-out-everywhere',
      headers: { 'sec-fetch-site': 'same-origin' },
      cookies: session(here),
    });
    expect(out.statusCode).toBe(200);
    expect(cookiesOf(out)[SESSION_COOKIE]?.value).toBe('');
    // This browser stays known: a new cookie, at the account's new epoch.
    const epochOf = (value: string | undefined) => Number(value?.split('.')[1]);
    expect(epochOf(cookiesOf(out)[DEVICE_COOKIE]?.value)).toBe(
      epochOf(here?.[DEVICE_COOKIE]?.value) + 1,
    );
    for (const cookies of [here, there]) {
      const visit = await app.inject({
        method: 'GET',
        url: '/admin/api/session',
        cookies: session(cookies),
      });
      expect(visit.statusCode).toBe(401);
      expect(visit.json().sessionEnded).toBe(true);
    }
    // Another account's session is its own.
    const other = await app.inject({
      method: 'GET',
      url: '/admin/api/session',
      cookies: session(partner),
    });
    expect(other.statusCode).toBe(200);

    // The old device cookies are new browsers now: the account's spent allowance stops them too.
    for (let n = 1; n <= 5; n += 1) {
      expect((await signIn(EMAIL, 'wrong', { from: STRANGER })).statusCode).toBe(401);
    }
    for (const cookies of [here, there]) {
      const device = cookies?.[DEVICE_COOKIE]?.value ?? '';
      expect((await signIn(EMAIL, PASSWORD, { from: '203.0.113.9', device })).statusCode).toBe(429);
    }
    expect(
      (await signIn('partner@example.com', PASSWORD, { device: partner[DEVICE_COOKIE]?.value }))
        .statusCode,
    ).toBe(200);
    // A cookie issued after it is a known browser again.
    clock += SIGN_IN_WINDOW_MS;
    const again = deviceOf(await signIn(EMAIL, PASSWORD));
    expect(epochOf(again)).toBe(epochOf(here?.[DEVICE_COOKIE]?.value) + 1);
    for (let n = 1; n <= 5; n += 1) await signIn(EMAIL, 'wrong', { from: STRANGER });
    expect((await signIn(EMAIL, PASSWORD, { from: STRANGER, device: again })).statusCode).toBe(200);
  });

  it('sets the device cookie for a year, HttpOnly, SameSite=Strict, on /admin', async () => {
    const cookie = cookiesOf(await signIn(EMAIL, PASSWORD))[DEVICE_COOKIE];
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/admin',
      maxAge: 365 * 24 * 60 * 60,
    });
    // The account's keyed hash, its device epoch, a nonce, the signature.
    expect(cookie?.value).toMatch(/^[0-9a-f]{32}\.[1-9][0-9]*\.[A-Za-z0-9_-]{22}\.[0-9a-f]{32}$/);
    // It names the account by keyed hash, never by address.
    expect(cookie?.value).not.toContain('owner');
    expect(cookie?.secure).toBeUndefined();
  });

  it('shows the owner the failed sign-ins since the last visit: how many, from how many sources, the last', async () => {
    await users(store.database, { cost, now }).add('partner@example.com', PASSWORD);
    const plain = await signIn(EMAIL, PASSWORD);
    expect(plain.json()).toEqual({ email: EMAIL, seenBefore: T0, businessName: CODE_NAME });
    const session = cookiesOf(plain)[SESSION_COOKIE]?.value ?? '';

    clock += 2 * 60 * MINUTE;
    await signIn(' OWNER@example.com', 'wrong', { from: STRANGER });
    clock += MINUTE;
    await signIn(EMAIL, 'wrong again', { from: STRANGER });
    const last = (clock += MINUTE);
    await signIn(EMAIL, 'wrong', { from: '2001:db8:1:2::5' });
    await signIn('partner@example.com', 'wrong', { from: STRANGER });
    clock += MINUTE;

    const visit = await app.inject({
      method: 'GET',
      url: '/admin/api/session',
      cookies: { [SESSION_COOKIE]: session },
    });
    expect(visit.json()).toEqual({
      email: EMAIL,
      seenBefore: T0,
      failedSignIns: { count: 3, sources: 2, lastAt: last, since: T0 },
      businessName: CODE_NAME,
    });
    const partner = await signIn('partner@example.com', PASSWORD);
    expect(partner.json().failedSignIns).toMatchObject({ count: 1, sources: 1 });

    // The next visit shows only what came after this one.
    clock += 2 * 60 * MINUTE;
    const next = await signIn(EMAIL, PASSWORD);
    expect(next.json().failedSignIns).toBeUndefined();
  });

  it('keeps failed sign-ins 30 days', async () => {
    await signIn(EMAIL, 'wrong');
    clock += FAILED_SIGN_INS_KEPT_MS + MINUTE;
    await signIn('someone@example.com', 'wrong');
    const rows = await store.database.db.selectFrom('failed_sign_ins').select('at').execute();
    expect(rows.map((row) => Number(row.at))).toEqual([clock]);
  });
});

describe.each(engines)('two-step sign-in on $name', (engine) => {
  let secret: string;
  let recoveryCodes: string[];
  let userId: number;

  beforeEach(async () => {
    clock = T0;
    data = await engine.create();
    store = await openStore(data.database, { now });
    const user = await users(store.database, { cost, now }).add(EMAIL, PASSWORD);
    userId = user.id;
    ({ secret, recoveryCodes } = await twoStep(store.database).turnOn(user.id, EMAIL, 'Inbox'));
    app = await buildApp({ store, admin: { cost, now } });
  });

  afterEach(async () => {
    await app.close();
    await store.close();
    data.remove();
  });

  const codeAt = (at: number) => totpCode(secret, totpStep(at));

  it('asks for the code after the right password, and signs in with it once', async () => {
    const asked = await signIn(EMAIL, PASSWORD);
    expect(asked.statusCode).toBe(401);
    expect(asked.json()).toEqual({
      ok: false,
      error: 'Enter the code from your authenticator app',
      codeNeeded: true,
    });
    expect(asked.cookies).toEqual([]);
    // A wrong password never asks for the code.
    expect((await signIn(EMAIL, 'wrong')).json().codeNeeded).toBeUndefined();

    const code = codeAt(clock);
    const inside = await signIn(EMAIL, PASSWORD, { code: ` ${code} ` });
    expect(inside.statusCode).toBe(200);
    expect(cookiesOf(inside)[SESSION_COOKIE]?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const again = await signIn(EMAIL, PASSWORD, { code });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({
      ok: false,
      error: 'The code is not correct.',
      codeNeeded: true,
    });
    expect(again.cookies).toEqual([]);
  });

  it("accepts the code of the step before or after, not two steps away, nor an earlier step's after a later one", async () => {
    expect((await signIn(EMAIL, PASSWORD, { code: codeAt(clock - 60_000) })).statusCode).toBe(401);
    expect((await signIn(EMAIL, PASSWORD, { code: codeAt(clock + 30_000) })).statusCode).toBe(200);
    expect((await signIn(EMAIL, PASSWORD, { code: codeAt(clock) })).statusCode).toBe(401);
  });

  it('counts a wrong code as a failed sign-in', async () => {
    for (let n = 0; n < 5; n += 1) {
      const wrong = await signIn(EMAIL, PASSWORD, { code: String(100000 + n) });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().codeNeeded).toBe(true);
    }
    expect((await signIn(EMAIL, PASSWORD, { code: codeAt(clock) })).statusCode).toBe(429);
    clock += SIGN_IN_WINDOW_MS;
    const inside = await signIn(EMAIL, PASSWORD, { code: codeAt(clock) });
    expect(inside.json().failedSignIns).toMatchObject({ count: 5, sources: 1 });
  });

  it('takes a recovery code once, in place of the code', async () => {
    const [first = '', second = ''] = recoveryCodes;
    expect((await signIn(EMAIL, PASSWORD, { code: first })).statusCode).toBe(200);
    expect((await signIn(EMAIL, PASSWORD, { code: first })).statusCode).toBe(401);
    const typed = second.toLowerCase().replaceAll('-', ' ');
    expect((await signIn(EMAIL, PASSWORD, { code: typed })).statusCode).toBe(200);
    expect((await signIn(EMAIL, 'wrong', { code: recoveryCodes[2] })).statusCode).toBe(401);
    expect(await twoStep(store.database).recoveryCodesLeft(userId)).toBe(8);
  });

  it('stores recovery codes salted and slow, and still takes one stored as plain SHA-256, once', async () => {
    const row = await store.database.db
      .selectFrom('users')
      .select('recovery_codes')
      .executeTakeFirstOrThrow();
    const stored: string[] = JSON.parse(row.recovery_codes ?? '[]');
    expect(stored).toHaveLength(10);
    for (const hash of stored) expect(hash).toMatch(/^scrypt\$14\$/);
    for (const code of recoveryCodes) {
      expect(stored).not.toContain(legacyRecoveryCodeHash(code));
    }
    // An account whose codes were made before issue 45.
    const [old = '', other = ''] = recoveryCodes;
    const legacy = [legacyRecoveryCodeHash(old), ...stored.slice(1)];
    await store.database.db
      .updateTable('users')
      .set({ recovery_codes: JSON.stringify(legacy) })
      .execute();
    expect((await signIn(EMAIL, PASSWORD, { code: old })).statusCode).toBe(200);
    expect((await signIn(EMAIL, PASSWORD, { code: old })).statusCode).toBe(401);
    expect((await signIn(EMAIL, PASSWORD, { code: other })).statusCode).toBe(200);
    expect(await twoStep(store.database).recoveryCodesLeft(userId)).toBe(8);
  });

  it('lets one of two parallel sign-ins with the same code in', async () => {
    const code = codeAt(clock);
    const both = await Promise.all([1, 2].map(() => signIn(EMAIL, PASSWORD, { code })));
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 401]);
  });
});
