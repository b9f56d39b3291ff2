import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { normaliseSetupCode, type SessionInfo } from '../../src/admin/contract.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { buildApp } from '../http/app.ts';
import { openStore, type Store } from '../store/store.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { verifyPassword } from './passwords.ts';
import { SESSION_COOKIE } from './admin-context.ts';
import { SETUP_CODE_SETTING, newSetupCode, setupCodeMessage, setupCodes } from './setup-code.ts';
import { MAX_FAILURES, SIGN_IN_WINDOW_MS } from './sign-in-limit.ts';
import { users } from './users.ts';
import { businessContent } from '../../src/content/business.ts';
import { NOTHING_PUBLISHED as CODE_CONTENT } from '../../src/content/published.ts';

/** The business's name with nothing published (the inbox's header says it). */
const CODE_NAME = businessContent(CODE_CONTENT).business.name;

const T0 = Date.parse('2030-05-01T12:00:00Z');
const cost = { log2N: 10, r: 8, p: 1 };
const EMAIL = 'owner@example.com';
const PASSWORD = 'a long enough password';
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
const CODE_SHAPE = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** A code of the right shape that is not `code`. */
function otherThan(code: string): string {
  const other = newSetupCode();
  return other === code ? otherThan(code) : other;
}

describe('setup codes', () => {
  it('are 12 symbols of Crockford base32 in groups of four, and differ each time', () => {
    const codes = new Set(Array.from({ length: 200 }, newSetupCode));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(CODE_SHAPE);
    // Every symbol of the alphabet turns up (5 random bits each): 2,400 symbols, 32 kinds.
    expect(new Set([...codes].join('').replaceAll('-', ''))).toHaveLength(32);
  });

  it('are read as typed in any case, with spaces or hyphens anywhere, I and L as 1, O as 0', () => {
    expect(normaliseSetupCode('7kq4-m2xd-9hrt')).toBe('7KQ4-M2XD-9HRT');
    expect(normaliseSetupCode(' 7KQ4 M2XD 9HRT ')).toBe('7KQ4-M2XD-9HRT');
    expect(normaliseSetupCode('7KQ4M2XD9HRT')).toBe('7KQ4-M2XD-9HRT');
    expect(normaliseSetupCode('IL0O-M2XD-9HRT')).toBe('1100-M2XD-9HRT');
    for (const wrong of [
      '',
      '7KQ4-M2XD',
      '7KQ4-M2XD-9HRT-0000',
      '7KQ4-M2XD-9HRU',
      '7KQ4_M2XD_9HRT',
    ]) {
      expect(normaliseSetupCode(wrong), wrong).toBeUndefined();
    }
  });

  it('are announced in plain words with where to enter them', () => {
    expect(setupCodeMessage('7KQ4-M2XD-9HRT', 'http://localhost:8080/admin/')).toContain(
      'No inbox account yet. To claim the site, open http://localhost:8080/admin/ and enter the setup code: 7KQ4-M2XD-9HRT',
    );
  });
});

describe.each(engines)('the first account with the setup code on $name', (engine) => {
  let data: Awaited<ReturnType<TestEngine['create']>>;
  let store: Store;
  let app: FastifyInstance;
  let clock: number;
  let logLines: string[];
  const now = () => clock;

  beforeEach(async () => {
    data = await engine.create();
    clock = T0;
    logLines = [];
    store = await openStore(data.database, { now });
    app = await buildApp({
      store,
      admin: { cost, now },
      logLevel: 'info',
      logStream: { write: (line) => logLines.push(line) },
    });
  });

  afterEach(async () => {
    await app.close();
    await store.close();
    data.remove();
  });

  const codes = () => setupCodes(store.database, { now, cost });
  const accounts = () => users(store.database, { now, cost });

  function setUp(
    body: Record<string, unknown>,
    extra: Omit<InjectOptions, 'method' | 'url' | 'payload'> = {},
  ): Promise<LightMyRequestResponse> {
    return app.inject({
      ...extra,
      method: 'POST',
      url: '/admin/api/setup',
      headers: { ...SAME_ORIGIN, ...extra.headers },
      payload: body,
    });
  }

  /**
   * More connections to the database, as other instances of the server hold. Opened one after the
   * other: one process opening (migrating) one SQLite file on several connections at once would
   * block itself (its driver waits synchronously for the lock); instances are processes of their own.
   */
  async function instances(count: number): Promise<Database[]> {
    const opened: Database[] = [];
    for (let n = 0; n < count; n += 1) opened.push(await openDatabase(data.database));
    return opened;
  }

  function tokenOf(response: LightMyRequestResponse): string | undefined {
    const header = [response.headers['set-cookie'] ?? []].flat().join('\n');
    return /admin_session=([^;]+)/.exec(header)?.[1];
  }

  it('with no account, makes one code that every instance and restart agrees on', async () => {
    const code = await codes().ensure();
    expect(code).toMatch(CODE_SHAPE);
    expect(await codes().ensure()).toBe(code);
    // Another instance on the same database, and several starting at once, find the same code.
    const other = await openDatabase(data.database);
    try {
      expect(await setupCodes(other).ensure()).toBe(code);
    } finally {
      await other.close();
    }
    const session = await app.inject({ method: 'GET', url: '/admin/api/session' });
    expect(session.statusCode).toBe(401);
    expect(session.json()).toMatchObject({ ok: false, setupNeeded: true });
  });

  it('agrees on one code when instances make it at the same moment', async () => {
    const others = await instances(3);
    try {
      const made = await Promise.all(others.map((database) => setupCodes(database).ensure()));
      expect(new Set(made).size).toBe(1);
      expect(made[0]).toMatch(CODE_SHAPE);
      expect(await codes().current()).toBe(made[0]);
    } finally {
      await Promise.all(others.map((database) => database.close()));
    }
  });

  it('refuses a wrong code with 403 and makes no account, and logs nothing typed', async () => {
    const code = (await codes().ensure()) ?? '';
    const wrong = otherThan(code);
    const response = await setUp({ code: wrong, email: EMAIL, password: PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      ok: false,
      error: 'The setup code is not correct',
      field: 'code',
    });
    expect(tokenOf(response)).toBeUndefined();
    expect(await accounts().count()).toBe(0);
    expect(await codes().current()).toBe(code);
    const log = logLines.join('');
    expect(log).toContain('setup code refused');
    for (const typed of [wrong, EMAIL, PASSWORD, code]) expect(log).not.toContain(typed);
  });

  it('refuses every code while none was made (fails closed)', async () => {
    const response = await setUp({ code: newSetupCode(), email: EMAIL, password: PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(await accounts().count()).toBe(0);
  });

  it('makes the account with the right code, signs it in, and the code stops working', async () => {
    const code = (await codes().ensure()) ?? '';
    // As a person may type it: lower case, spaces for hyphens, the address in capitals.
    const typed = code.toLowerCase().replaceAll('-', ' ');
    const response = await setUp({ code: typed, email: ' Owner@Example.COM ', password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      email: EMAIL,
      seenBefore: T0,
      businessName: CODE_NAME,
    } satisfies SessionInfo);
    const token = tokenOf(response);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = [response.headers['set-cookie'] ?? []].flat().join('\n');
    expect(cookie.split(/;\s*/)).toEqual(
      expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Path=/', 'Max-Age=604800']),
    );

    const session = await app.inject({
      method: 'GET',
      url: '/admin/api/session',
      cookies: { [SESSION_COOKIE]: token ?? '' },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ email: EMAIL, seenBefore: T0, businessName: CODE_NAME });
    const owner = await accounts().find(EMAIL);
    expect(await verifyPassword(PASSWORD, owner?.passwordHash ?? '')).toBe(true);
    const settings = await store.database.db
      .selectFrom('settings')
      .selectAll()
      .where('name', '=', SETUP_CODE_SETTING)
      .execute();
    expect(settings).toEqual([]);
    expect(logLines.join('')).toContain('first account made with the setup code');

    const again = await setUp({ code, email: 'someone@example.com', password: PASSWORD });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ ok: false, setupNeeded: false });
    expect(tokenOf(again)).toBeUndefined();
    expect(await accounts().count()).toBe(1);
    // No new code for a site that has an account, on a restart or from the CLI.
    expect(await codes().ensure()).toBeUndefined();
    expect(await codes().current()).toBeUndefined();
  });

  it('makes exactly one account from setups racing with the right code', async () => {
    const code = (await codes().ensure()) ?? '';
    const emails = ['one@example.com', 'two@example.com', 'three@example.com', 'four@example.com'];
    const responses = await Promise.all(
      emails.map((email) => setUp({ code, email, password: PASSWORD })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    expect(await accounts().count()).toBe(1);
    const winner = responses.find((response) => response.statusCode === 200)?.json() as SessionInfo;
    expect((await accounts().list()).map((user) => user.email)).toEqual([winner.email]);
  });

  it('makes exactly one account from claims racing on separate instances', async () => {
    const code = (await codes().ensure()) ?? '';
    const others = await instances(3);
    try {
      const results = await Promise.all(
        others.map((database, n) =>
          setupCodes(database, { cost }).claim(code, `owner${n}@example.com`, PASSWORD),
        ),
      );
      expect(results.filter((result) => result.claimed)).toHaveLength(1);
      expect(results.filter((result) => !result.claimed)).toEqual([
        { claimed: false, reason: 'account-exists' },
        { claimed: false, reason: 'account-exists' },
      ]);
      expect(await accounts().count()).toBe(1);
    } finally {
      await Promise.all(others.map((database) => database.close()));
    }
  });

  it('refuses a cross-site setup, even with the right code', async () => {
    const code = (await codes().ensure()) ?? '';
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/admin/api/setup',
        headers,
        payload: { code, email: EMAIL, password: PASSWORD },
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(tokenOf(response)).toBeUndefined();
    }
    expect(await accounts().count()).toBe(0);
    expect(await codes().current()).toBe(code);
  });

  it("applies add-user's rules to the e-mail and password, and keeps the code", async () => {
    const code = (await codes().ensure()) ?? '';
    const short = await setUp({ code, email: EMAIL, password: 'elevenchars' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ ok: false, field: 'password' });
    expect(short.json().error).toContain('at least 12 characters');
    const invalid = await setUp({ code, email: 'not-an-address', password: PASSWORD });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ ok: false, field: 'email' });
    for (const body of [
      {},
      { code, email: EMAIL },
      { code, email: EMAIL, password: PASSWORD, x: 1 },
    ]) {
      expect((await setUp(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await accounts().count()).toBe(0);
    expect(await codes().current()).toBe(code);
  });

  it('counts wrong codes as failed sign-ins of the address: the sixth try waits', async () => {
    const code = (await codes().ensure()) ?? '';
    for (let n = 1; n <= MAX_FAILURES; n += 1) {
      const response = await setUp({ code: otherThan(code), email: EMAIL, password: PASSWORD });
      expect(response.statusCode, `attempt ${n}`).toBe(403);
    }
    const refused = await setUp({ code, email: EMAIL, password: PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(SIGN_IN_WINDOW_MS / 1000);
    expect(await accounts().count()).toBe(0);
    // Another address is not held back (its wrong code is refused as such), nor this one once
    // the window has passed.
    const elsewhere = await setUp(
      { code: otherThan(code), email: EMAIL, password: PASSWORD },
      { remoteAddress: '10.0.0.9' },
    );
    expect(elsewhere.statusCode).toBe(403);
    clock = T0 + SIGN_IN_WINDOW_MS;
    expect((await setUp({ code, email: EMAIL, password: PASSWORD })).statusCode).toBe(200);
  });

  it('answers 409 when an account exists (made with add-user), and drops the leftover code', async () => {
    const code = (await codes().ensure()) ?? '';
    await accounts().add(EMAIL, PASSWORD);
    const response = await setUp({ code, email: 'intruder@example.com', password: PASSWORD });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toContain('already has an account');
    expect(await accounts().count()).toBe(1);
    expect(await codes().ensure()).toBeUndefined();
    expect(await codes().current()).toBeUndefined();
  });
});
