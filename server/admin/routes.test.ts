import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../http/app.ts';
import { openStore, type Store } from '../store/store.ts';
import { sha256Hex } from '../store/attachments.ts';
import {
  applicationBody,
  pdfAttachment,
  quoteBody,
  samplePdf,
  tempDataDir,
} from '../testing/fixtures.ts';
import { SESSION_COOKIE } from './admin-context.ts';
import { SESSION_IDLE_MS } from './sessions.ts';
import { SIGN_IN_WINDOW_MS } from './sign-in-limit.ts';
import { users } from './users.ts';
import { businessContent } from '../../src/content/business.ts';
import {
  NOTHING_PUBLISHED as CODE_CONTENT,
  publishedVersion,
} from '../../src/content/published.ts';

/** The business's name with nothing published (the inbox's header says it). */
const CODE_NAME = businessContent(CODE_CONTENT).business.name;

const MINUTE = 60_000;
const T0 = Date.parse('2030-05-01T12:00:00Z');
const cost = { log2N: 10, r: 8, p: 1 };
const EMAIL = 'owner@example.com';
const PASSWORD = 'a long enough password';
const WRONG = { ok: false, error: 'Email or password is incorrect.' };
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

let data: ReturnType<typeof tempDataDir>;
let store: Store;
let app: FastifyInstance | undefined;
let clock: number;
const now = () => clock;

type AdminSettings = NonNullable<AppOptions['admin']>;

async function start(admin: AdminSettings = {}, options: Partial<AppOptions> = {}) {
  app = await buildApp({ store, ...options, admin: { cost, now, ...admin } });
  return app;
}

function inject(options: InjectOptions): Promise<LightMyRequestResponse> {
  if (!app) throw new Error('start() first');
  return app.inject(options);
}

async function addUser(email = EMAIL, password = PASSWORD) {
  return users(store.database, { cost, now }).add(email, password);
}

function signIn(
  email: string,
  password: string,
  extra: Omit<InjectOptions, 'method' | 'url' | 'payload'> = {},
) {
  return inject({
    ...extra,
    method: 'POST',
    url: '/admin/api/sign-in',
    headers: { ...SAME_ORIGIN, ...extra.headers },
    payload: { email, password },
  });
}

function setCookie(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  return (Array.isArray(header) ? header : [header ?? '']).join('\n');
}

function tokenOf(response: LightMyRequestResponse): string {
  const token = /admin_session=([^;]*)/.exec(setCookie(response))?.[1];
  if (!token) throw new Error(`no session cookie: ${response.statusCode} ${response.body}`);
  return token;
}

async function signedIn(): Promise<string> {
  const response = await signIn(EMAIL, PASSWORD);
  expect(response.statusCode).toBe(200);
  return tokenOf(response);
}

function get(url: string, token?: string) {
  return inject({ method: 'GET', url, cookies: token ? { [SESSION_COOKIE]: token } : {} });
}

function patch(id: string, body: unknown, token: string, headers: Record<string, string> = {}) {
  return inject({
    method: 'PATCH',
    url: `/admin/api/submissions/${id}`,
    headers: { 'content-type': 'application/json', ...headers },
    cookies: { [SESSION_COOKIE]: token },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function saveQuote(n: number, overrides: Parameters<typeof quoteBody>[1] = {}) {
  const result = await store.save({
    form: 'quote',
    fields: { ...quoteBody(n, overrides) },
    notify: false,
  });
  if (result.status !== 'created') throw new Error(result.status);
  return result.id;
}

beforeEach(async () => {
  data = tempDataDir();
  clock = T0;
  store = await openStore(data.database, { now });
});

afterEach(async () => {
  await app?.close();
  app = undefined;
  await store.close();
  data.remove();
});

describe('before the first account', () => {
  it('answers 401 with setupNeeded to every API call and to a sign-in', async () => {
    await start();
    for (const url of [
      '/admin/api/session',
      '/admin/api/submissions',
      '/admin/api/submissions/x',
      '/admin/api/export.csv',
      '/admin/api/submissions/x/attachments/1',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.json(), url).toEqual({
        ok: false,
        error: 'Sign in to continue',
        setupNeeded: true,
        sessionEnded: false,
      });
    }
    const signIn401 = await signIn(EMAIL, PASSWORD);
    expect(signIn401.statusCode).toBe(401);
    expect(signIn401.json()).toMatchObject({ ok: false, setupNeeded: true });
    expect(signIn401.headers['set-cookie']).toBeUndefined();
  });
});

describe('sign-in', () => {
  beforeEach(async () => {
    await addUser();
  });

  it('answers a wrong password and an unknown address alike', async () => {
    await start();
    const wrongPassword = await signIn(EMAIL, 'not the password at all');
    const unknown = await signIn('nobody@example.com', PASSWORD);
    for (const response of [wrongPassword, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(WRONG);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(unknown.body).toBe(wrongPassword.body);
  });

  it('refuses a body that is not an address and a password', async () => {
    await start();
    for (const payload of [
      {},
      { email: EMAIL },
      { email: '', password: PASSWORD },
      { email: EMAIL, password: PASSWORD, remember: true },
    ]) {
      const response = await inject({
        method: 'POST',
        url: '/admin/api/sign-in',
        headers: SAME_ORIGIN,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().ok).toBe(false);
    }
  });

  it('starts a session in an HttpOnly, SameSite=Strict cookie for 7 days', async () => {
    await start();
    clock = T0 + MINUTE;
    const response = await signIn(' Owner@Example.COM ', PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: EMAIL, seenBefore: T0, businessName: CODE_NAME });
    const cookie = setCookie(response);
    expect(cookie).toMatch(/^admin_session=[A-Za-z0-9_-]{43};/);
    const attributes = cookie.split(/;\s*/).slice(1);
    expect(attributes).toEqual(
      expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Path=/', 'Max-Age=604800']),
    );
    expect(cookie).not.toMatch(/;\s*Secure/i);

    const session = await get('/admin/api/session', tokenOf(response));
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ email: EMAIL, seenBefore: T0, businessName: CODE_NAME });
  });

  it("tells the inbox the backups' state with the session", async () => {
    const backups = { configured: true, lastGoodAt: T0, failedAt: null, overdue: false } as const;
    await start({ backups: () => backups });
    const session = await get('/admin/api/session', await signedIn());
    expect(session.json()).toEqual({
      email: EMAIL,
      seenBefore: T0,
      backups,
      businessName: CODE_NAME,
    });
  });

  it('names the business as the live version has it, for the inbox’s header', async () => {
    const live = publishedVersion({ version: 3, facts: { 'business/name': 'Chesapeake Events' } });
    await start({ published: () => live });
    const session = await get('/admin/api/session', await signedIn());
    expect(session.json()).toMatchObject({ businessName: 'Chesapeake Events' });
  });

  it('marks the cookie Secure when told to', async () => {
    await start({ cookieSecure: true });
    expect(setCookie(await signIn(EMAIL, PASSWORD))).toMatch(/;\s*Secure(;|$)/);
  });

  it('marks the cookie Secure behind a trusted proxy that says HTTPS, and only then', async () => {
    await start({}, { trustProxy: { proxies: ['loopback'] } });
    const proxied = await signIn(EMAIL, PASSWORD, { headers: { 'x-forwarded-proto': 'https' } });
    expect(proxied.statusCode).toBe(200);
    expect(setCookie(proxied)).toMatch(/;\s*Secure(;|$)/);
    const plain = await signIn(EMAIL, PASSWORD);
    expect(setCookie(plain)).not.toMatch(/;\s*Secure/i);
    await app?.close();

    await start();
    const forged = await signIn(EMAIL, PASSWORD, { headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.statusCode).toBe(200);
    expect(setCookie(forged)).not.toMatch(/;\s*Secure/i);
  });
});

describe('sign-in limit', () => {
  beforeEach(async () => {
    await addUser();
  });

  it('refuses an account after five failures within 15 minutes to a new browser, even with the right password', async () => {
    await start();
    // A browser where the owner signed in before: its device cookie.
    clock = T0 - MINUTE;
    const known = /admin_device=([^;]*)/.exec(setCookie(await signIn(EMAIL, PASSWORD)))?.[1] ?? '';
    clock = T0;
    // From five addresses: only the account's count reaches five.
    for (let n = 1; n <= 5; n += 1) {
      const response = await signIn(EMAIL, `wrong password ${n}`, { remoteAddress: `10.0.0.${n}` });
      expect(response.statusCode, `attempt ${n}`).toBe(401);
      clock += MINUTE;
    }
    const refused = await signIn(EMAIL, PASSWORD, { remoteAddress: '10.0.0.6' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ ok: false });
    expect(refused.headers['set-cookie']).toBeUndefined();
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // The first failure was five minutes ago: ten minutes to go.
    expect(retryAfter).toBe(600);

    // The owner's known browser has its own allowance.
    const owner = await signIn(EMAIL, PASSWORD, {
      remoteAddress: '10.0.0.6',
      cookies: { admin_device: known },
    });
    expect(owner.statusCode).toBe(200);

    // Another account from those addresses is not refused.
    await addUser('partner@example.com');
    expect(
      (await signIn('partner@example.com', PASSWORD, { remoteAddress: '10.0.0.1' })).statusCode,
    ).toBe(200);

    clock = T0 + SIGN_IN_WINDOW_MS - 1;
    expect((await signIn(EMAIL, PASSWORD, { remoteAddress: '10.0.0.6' })).statusCode).toBe(429);
    clock = T0 + SIGN_IN_WINDOW_MS;
    const allowed = await signIn(EMAIL, PASSWORD, { remoteAddress: '10.0.0.6' });
    expect(allowed.statusCode).toBe(200);
    expect(tokenOf(allowed)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses an address after five failures for different accounts, not another address', async () => {
    await start({}, { trustProxy: { proxies: ['loopback'] } });
    const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
    for (let n = 1; n <= 5; n += 1) {
      const response = await signIn(`guess${n}@example.com`, PASSWORD, from('198.51.100.7'));
      expect(response.statusCode, `attempt ${n}`).toBe(401);
      expect(response.json()).toEqual(WRONG);
    }
    const blocked = await signIn(EMAIL, PASSWORD, from('198.51.100.7'));
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBe(900);

    expect((await signIn(EMAIL, PASSWORD, from('203.0.113.9'))).statusCode).toBe(200);
    expect((await signIn(EMAIL, PASSWORD, { remoteAddress: '192.0.2.1' })).statusCode).toBe(200);
    // A success elsewhere does not clear the address.
    expect((await signIn(EMAIL, PASSWORD, from('198.51.100.7'))).statusCode).toBe(429);

    clock = T0 + SIGN_IN_WINDOW_MS;
    expect((await signIn(EMAIL, PASSWORD, from('198.51.100.7'))).statusCode).toBe(200);
  });

  it("starts the account's count again after a successful sign-in", async () => {
    await start();
    for (let n = 1; n <= 4; n += 1) {
      await signIn(EMAIL, 'wrong password', { remoteAddress: '10.0.0.1' });
    }
    expect((await signIn(EMAIL, PASSWORD, { remoteAddress: '10.0.0.1' })).statusCode).toBe(200);
    for (let n = 1; n <= 4; n += 1) {
      await signIn(EMAIL, 'wrong password', { remoteAddress: '10.0.0.2' });
    }
    expect((await signIn(EMAIL, PASSWORD, { remoteAddress: '10.0.0.3' })).statusCode).toBe(200);
  });
});

describe('cross-site requests', () => {
  let token: string;
  let id: string;

  beforeEach(async () => {
    await addUser();
    await start();
    token = await signedIn();
    id = await saveQuote(1);
  });

  it('refuses a state change without proof that it comes from the inbox', async () => {
    const refusals: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'none' },
      { 'sec-fetch-site': 'cross-site', origin: 'http://localhost:80' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'not a url' },
      {},
    ];
    for (const headers of refusals) {
      const response = await patch(id, { status: 'handled' }, token, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toMatchObject({ ok: false });
    }
    expect((await store.get(id))?.status).toBe('new');
    const events = await store.database.db.selectFrom('submission_events').selectAll().execute();
    expect(events).toEqual([]);
  });

  it('accepts one from the same origin', async () => {
    const response = await patch(id, { status: 'in_progress' }, token, SAME_ORIGIN);
    expect(response.statusCode).toBe(200);
    expect((await store.get(id))?.status).toBe('in_progress');
    // Older browsers: no Sec-Fetch-Site, an Origin naming this host.
    const byOrigin = await patch(id, { status: 'handled' }, token, {
      host: 'inbox.example',
      origin: 'https://inbox.example',
    });
    expect(byOrigin.statusCode).toBe(200);
    expect((await store.get(id))?.status).toBe('handled');
  });

  it('refuses a cross-site sign-in and sign-out', async () => {
    const signInResponse = await signIn(EMAIL, PASSWORD, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(signInResponse.statusCode).toBe(403);
    expect(signInResponse.headers['set-cookie']).toBeUndefined();

    const signOut = await inject({
      method: 'POST',
      url: '/admin/api/sign-out',
      headers: { origin: 'https://evil.example' },
      cookies: { [SESSION_COOKIE]: token },
    });
    expect(signOut.statusCode).toBe(403);
    expect((await get('/admin/api/session', token)).statusCode).toBe(200);
  });
});

describe('the inbox document', () => {
  it('serves the built app at /admin/ (from /admin too), and files built after the start', async () => {
    const appDir = path.join(data.dir, 'admin-app');
    mkdirSync(path.join(appDir, 'assets'), { recursive: true });
    writeFileSync(path.join(appDir, 'index.html'), '<!doctype html><title>Inbox</title>');
    await start({ appDir });
    expect((await inject({ method: 'GET', url: '/admin' })).headers.location).toBe('/admin/');
    const page = await inject({ method: 'GET', url: '/admin/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');

    // A rebuild while the server runs: its new files are served, hashed ones cached for good.
    writeFileSync(path.join(appDir, 'assets', 'main-AbCd1234.js'), 'export {};');
    const script = await inject({ method: 'GET', url: '/admin/assets/main-AbCd1234.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await inject({ method: 'GET', url: '/admin/nothing.js' })).statusCode).toBe(404);
  });
});

describe('headers', () => {
  it('marks every API answer no-store, noindex and with the strict CSP', async () => {
    await addUser();
    await start();
    const token = await signedIn();
    const id = await saveQuote(1);
    const responses = [
      await get('/admin/api/session'),
      await get('/admin/api/session', token),
      await get('/admin/api/submissions', token),
      await get(`/admin/api/submissions/${id}`, token),
      await get('/admin/api/submissions/unknown', token),
      await get('/admin/api/export.csv', token),
      await get('/admin/api/nothing-here', token),
      await patch(id, { note: 'x' }, token, SAME_ORIGIN),
      await patch(id, { note: 'x' }, token, { 'sec-fetch-site': 'cross-site' }),
      await signIn(EMAIL, 'wrong password'),
      await signIn(EMAIL, PASSWORD),
    ];
    for (const response of responses) {
      const what = `${response.statusCode} ${response.body.slice(0, 60)}`;
      expect(response.headers['cache-control'], what).toBe('no-store');
      expect(response.headers['x-robots-tag'], what).toMatch(/noindex/);
      const csp = String(response.headers['content-security-policy']);
      const scriptSrc = csp
        .split(';')
        .find((directive) => directive.trim().startsWith('script-src '));
      expect(scriptSrc?.trim(), what).toBe("script-src 'self'");
      expect(csp, what).toContain("default-src 'self'");
      expect(csp, what).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options'], what).toBe('nosniff');
    }
    expect(new Set(responses.map((response) => response.statusCode))).toEqual(
      new Set([200, 401, 403, 404]),
    );
  });
});

describe("'Send again' for a given-up e-mail", () => {
  let token: string;
  const nudge = vi.fn();

  beforeEach(async () => {
    nudge.mockClear();
    await addUser();
    await start({}, { onStored: nudge });
    token = await signedIn();
  });

  function sendAgain(id: string, body: unknown, headers: Record<string, string> = SAME_ORIGIN) {
    return inject({
      method: 'POST',
      url: `/admin/api/submissions/${id}/send-again`,
      headers: { 'content-type': 'application/json', ...headers },
      cookies: { [SESSION_COOKIE]: token },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  /** A quote whose notification was given up after a 5xx. */
  async function givenUp() {
    const saved = await store.save({ form: 'quote', fields: quoteBody(1), notify: true });
    if (saved.status !== 'created') throw new Error(saved.status);
    const [claim] = await store.claimNotifications({ limit: 1, leaseMs: MINUTE, maxAttempts: 30 });
    if (!claim) throw new Error('nothing to claim');
    await store.markNotificationFailed(claim, { retryInMs: null, error: 'EENVELOPE 550' });
    return saved.id;
  }

  it('shows the given-up e-mail with its code, queues it again and wakes the outbox', async () => {
    const id = await givenUp();
    expect((await get(`/admin/api/submissions/${id}`, token)).json().notification).toEqual({
      state: 'failed',
      attempts: 1,
      // The outbox's times are the database's clock's, not the injected one's.
      at: expect.any(Number) as number,
      error: 'EENVELOPE 550',
    });
    const response = await sendAgain(id, { kind: 'notify' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, notification: { state: 'pending' } });
    expect(nudge).toHaveBeenCalledTimes(1);
    expect(await store.outboxSummary()).toEqual({ pending: 1, sent: 0, failed: 0 });
    const [again] = await store.claimNotifications({ limit: 1, leaseMs: MINUTE, maxAttempts: 30 });
    expect(again?.attempts).toBe(1);
  });

  it('answers 409 for an e-mail that was not given up, and queues nothing', async () => {
    const id = await givenUp();
    const other = await sendAgain(id, { kind: 'acknowledge' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ ok: false, error: 'This e-mail was not given up' });
    expect((await sendAgain(id, { kind: 'notify' })).statusCode).toBe(200);
    expect((await sendAgain(id, { kind: 'notify' })).statusCode).toBe(409);
    expect(nudge).toHaveBeenCalledTimes(1);
  });

  it('refuses a bad body, an unknown submission, another site and a stranger', async () => {
    const id = await givenUp();
    for (const body of [{}, { kind: 'spam' }, { kind: 'notify', extra: 1 }, 'not json', '[]']) {
      const response = await sendAgain(id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().ok).toBe(false);
    }
    expect((await sendAgain('no-such-id', { kind: 'notify' })).statusCode).toBe(404);
    const crossSite = await sendAgain(id, { kind: 'notify' }, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    token = 'A'.repeat(43);
    expect((await sendAgain(id, { kind: 'notify' })).statusCode).toBe(401);
    expect(nudge).not.toHaveBeenCalled();
    expect(await store.outboxSummary()).toEqual({ pending: 0, sent: 0, failed: 1 });
  });
});

describe('inbox API', () => {
  let token: string;

  beforeEach(async () => {
    await addUser();
    await start();
    token = await signedIn();
  });

  it('lists submissions with the next cursor and the counts', async () => {
    const first = await saveQuote(1);
    clock += MINUTE;
    const second = await saveQuote(2);
    const response = await get('/admin/api/submissions', token);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.items.map((item: { id: string }) => item.id)).toEqual([second, first]);
    expect(page.next).toBeNull();
    expect(page.counts).toEqual({ new: 2, in_progress: 0, handled: 0, spam: 0 });

    const filtered = await get(`/admin/api/submissions?form=quote&to=${T0 + 1}&q=jordan`, token);
    expect(filtered.json().items.map((item: { id: string }) => item.id)).toEqual([first]);
  });

  it('answers 400 to invalid filters', async () => {
    for (const query of [
      'status=bogus',
      'from=abc',
      'to=-1',
      'from=1.5',
      'form=newsletter',
      `q=${'a'.repeat(201)}`,
      `after=${'a'.repeat(101)}`,
    ]) {
      const response = await get(`/admin/api/submissions?${query}`, token);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ ok: false, error: 'The filters are not valid' });
      expect((await get(`/admin/api/export.csv?${query}`, token)).statusCode, query).toBe(400);
    }
  });

  it('answers the detail of a submission, and 404 for an unknown one', async () => {
    const id = await saveQuote(1);
    const found = await get(`/admin/api/submissions/${id}`, token);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ id, form: 'quote', status: 'new', fields: quoteBody(1) });
    const missing = await get('/admin/api/submissions/00000000-0000-0000-0000-000000000000', token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ ok: false, error: 'No such submission' });
  });

  it('changes the status and the note and answers the detail with its events', async () => {
    const id = await saveQuote(1);
    clock = T0 + 5 * MINUTE;
    const response = await patch(id, { status: 'handled', note: 'called' }, token, SAME_ORIGIN);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      status: 'handled',
      note: 'called',
      events: [
        { at: T0 + 5 * MINUTE, user: EMAIL, kind: 'status', status: 'handled' },
        { at: T0 + 5 * MINUTE, user: EMAIL, kind: 'note', status: null },
      ],
    });
    expect(await store.get(id)).toMatchObject({ status: 'handled', note: 'called' });
  });

  it('answers 400 to a change that is empty or invalid, 404 to an unknown id', async () => {
    const id = await saveQuote(1);
    for (const body of [
      {},
      { status: 'x' },
      { status: null },
      { note: 7 },
      { note: 'n'.repeat(5001) },
      { status: 'handled', by: 'me' },
      '[]',
      'not json',
    ]) {
      const response = await patch(id, body, token, SAME_ORIGIN);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().ok).toBe(false);
    }
    expect(await store.get(id)).toMatchObject({ status: 'new', note: '' });
    const unknown = await patch('no-such-id', { status: 'handled' }, token, SAME_ORIGIN);
    expect(unknown.statusCode).toBe(404);
  });

  it('exports the filtered submissions as CSV safe for spreadsheets', async () => {
    const formula = await saveQuote(1, {
      additionalInfo: '=HYPERLINK("https://evil.example","x")',
    });
    await store.save({ form: 'application', fields: { ...applicationBody(2) }, notify: false });
    const response = await get('/admin/api/export.csv?form=quote', token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="[^"/\\]+\.csv"$/,
    );
    expect(response.headers['content-disposition']).toContain('submissions-2030-05-01.csv');
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = response.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]?.split(',').slice(0, 5)).toEqual([
      'id',
      'form',
      'received_at',
      'status',
      'note',
    ]);
    expect(lines[0]).toContain('clientName');
    expect(lines[1]).toMatch(new RegExp(`^${formula},quote,2030-05-01T12:00:00.000Z,new,,`));
    expect(lines[1]).toContain(`"'=HYPERLINK(""https://evil.example"",""x"")"`);
    expect(response.body).not.toContain('Camila');
    expect(lines.filter(Boolean)).toHaveLength(2);
  });
});

describe('résumé download', () => {
  const pdf = samplePdf(4000);
  let id: string;
  let fileId: number;

  beforeEach(async () => {
    await addUser();
    await start();
    const saved = await store.save({
      form: 'application',
      fields: { ...applicationBody(1) },
      notify: false,
      attachment: pdfAttachment(pdf, 'Ana "López" CV.exe'),
    });
    id = saved.status === 'created' ? saved.id : '';
    fileId = (await store.get(id))?.attachments[0]?.id ?? 0;
  });

  it('serves the file byte for byte to a signed-in user, under a safe name, never cached', async () => {
    const token = await signedIn();
    const detail = await get(`/admin/api/submissions/${id}`, token);
    expect(detail.json().attachments).toEqual([
      { id: fileId, name: 'Ana "López" CV.exe', type: 'application/pdf', size: 4000 },
    ]);

    const response = await get(`/admin/api/submissions/${id}/attachments/${fileId}`, token);
    expect(response.statusCode).toBe(200);
    expect(sha256Hex(response.rawPayload)).toBe(sha256Hex(pdf));
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Ana _L_pez_ CV.pdf"; filename*=UTF-8''Ana%20_L%C3%B3pez_%20CV.pdf`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('gives nothing without a session, and 404 for a file of another submission', async () => {
    const outside = await get(`/admin/api/submissions/${id}/attachments/${fileId}`);
    expect(outside.statusCode).toBe(401);
    expect(outside.headers['content-type']).toMatch(/^application\/json/);
    expect(outside.body).not.toContain('%PDF');

    const token = await signedIn();
    const other = await saveQuote(2);
    for (const url of [
      `/admin/api/submissions/${other}/attachments/${fileId}`,
      `/admin/api/submissions/${id}/attachments/${fileId + 1}`,
      `/admin/api/submissions/${id}/attachments/abc`,
    ]) {
      const response = await get(url, token);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ ok: false, error: 'No such file' });
    }
  });
});

describe('sign-out and expiry', () => {
  beforeEach(async () => {
    await addUser();
    await start();
  });

  it('signs out: the cookie is cleared and the old token no longer works', async () => {
    const token = await signedIn();
    const response = await inject({
      method: 'POST',
      url: '/admin/api/sign-out',
      headers: SAME_ORIGIN,
      cookies: { [SESSION_COOKIE]: token },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const cleared = setCookie(response);
    expect(cleared).toMatch(/^admin_session=;/);
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(cleared).toMatch(/Path=\//);

    const after = await get('/admin/api/session', token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({
      ok: false,
      error: 'Sign in to continue',
      setupNeeded: false,
      sessionEnded: true,
    });
  });

  it('ends a session unused for 8 hours', async () => {
    const token = await signedIn();
    clock += SESSION_IDLE_MS - 1;
    expect((await get('/admin/api/session', token)).statusCode).toBe(200);
    clock += SESSION_IDLE_MS + 1;
    const expired = await get('/admin/api/submissions', token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ ok: false, setupNeeded: false, sessionEnded: true });
    // The cookie of the ended session is cleared too.
    expect(setCookie(expired)).toMatch(/^admin_session=;/);
  });

  it('refuses a made-up or missing cookie', async () => {
    await signedIn();
    for (const token of ['A'.repeat(43), 'x', '']) {
      const response = await get('/admin/api/session', token || undefined);
      expect(response.statusCode, token).toBe(401);
      expect(response.json().setupNeeded).toBe(false);
      expect(response.json().sessionEnded).toBe(token !== '');
    }
  });
});
