import type { FastifyInstance } from 'fastify';
import { TEST_EMAIL_EVERY_MS } from '../../src/admin/mail-check/contract.ts';
import type { NotifyConfig } from '../config.ts';
import { buildApp } from '../http/app.ts';
import { openStore, type Store } from '../store/store.ts';
import { injectSignIn, SAME_ORIGIN } from '../testing/admin-session.ts';
import { startDns, type TestDns } from '../testing/dns.ts';
import { engines } from '../testing/engines.ts';
import { startSmtp, type SmtpServer } from '../testing/smtp.ts';
import { users } from './users.ts';
import { notifySettings } from '../testing/fixtures.ts';

const cost = { log2N: 10, r: 8, p: 1 };
const PASSWORD = 'a long enough password';
const OWNER = 'owner@staffing.test';
const PARTNER = 'partner@staffing.test';
const [sqlite] = engines;
if (!sqlite) throw new Error('no SQLite engine');

let data: Awaited<ReturnType<typeof sqlite.create>>;
let store: Store;
let app: FastifyInstance | undefined;
let smtp: SmtpServer | undefined;
let dns: TestDns | undefined;
let clock = Date.parse('2026-06-01T14:00:00Z');

const settings = notifySettings;

/** The app, with e-mail set up as `notify` says (none: not set up), and both accounts. */
async function start(notify?: NotifyConfig) {
  app = await buildApp({
    store,
    logLevel: false,
    admin: { cost, now: () => clock, ...(notify ? { mailCheck: { notify } } : {}) },
  });
  await users(store.database, { cost }).add(OWNER, PASSWORD);
  await users(store.database, { cost }).add(PARTNER, PASSWORD);
  return app;
}

async function call(
  method: 'GET' | 'POST',
  url: string,
  session: string | null,
  headers: Record<string, string> = SAME_ORIGIN,
) {
  if (!app) throw new Error('not started');
  return app.inject({
    method,
    url,
    headers: { ...headers, ...(session === null ? {} : { cookie: `admin_session=${session}` }) },
  });
}

const CHECK = '/admin/api/mail-check';
const TEST_EMAIL = '/admin/api/mail-check/test-email';

describe('the mail check’s routes', () => {
  beforeEach(async () => {
    clock = Date.parse('2026-06-01T14:00:00Z');
    data = await sqlite.create();
    store = await openStore(data.database);
  });

  afterEach(async () => {
    await app?.close();
    app = undefined;
    await smtp?.close();
    smtp = undefined;
    await dns?.close();
    dns = undefined;
    await store.close();
    data.remove();
  });

  it('answers 401 to both signed out, and 403 to a test e-mail asked from another site', async () => {
    smtp = await startSmtp();
    await start(settings(`smtp://127.0.0.1:${smtp.port}`));
    for (const [method, url] of [
      ['GET', CHECK],
      ['POST', TEST_EMAIL],
    ] as const) {
      const signedOut = await call(method, url, null);
      expect(signedOut.statusCode, url).toBe(401);
      expect(signedOut.json()).toHaveProperty('error');
      expect((await call(method, url, 'not-a-session')).statusCode, url).toBe(401);
    }
    const token = await injectSignIn(app as FastifyInstance, OWNER, PASSWORD);
    const crossSite = await call('POST', TEST_EMAIL, token, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    expect(smtp.received).toHaveLength(0);
  });

  it('says e-mail is not set up (the check) and answers 409 (the test e-mail) without it', async () => {
    await start();
    const token = await injectSignIn(app as FastifyInstance, OWNER, PASSWORD);
    const check = await call('GET', CHECK, token);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ configured: false });
    const test = await call('POST', TEST_EMAIL, token);
    expect(test.statusCode).toBe(409);
    expect(test.headers['content-type']).toMatch(/application\/json/);
    expect(test.json()).toMatchObject({ ok: false, error: expect.any(String) });
  });

  it('sends the test e-mail to the signed-in account’s own address, with the relay’s answer', async () => {
    smtp = await startSmtp();
    await start(settings(`smtp://127.0.0.1:${smtp.port}`));
    const token = await injectSignIn(app as FastifyInstance, PARTNER, PASSWORD);

    const answer = await call('POST', TEST_EMAIL, token);

    expect(answer.statusCode).toBe(200);
    const result = answer.json<{
      sent: boolean;
      to: string;
      response: string;
      messageId: string;
    }>();
    expect(result).toMatchObject({ sent: true, to: PARTNER });
    expect(result.response).toMatch(/^250 /);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual([PARTNER]);
    expect(smtp.received[0]?.raw).toContain(`Message-ID: ${result.messageId}`);
  });

  it('answers a relay refusing the sign-in as a 200 with sent: false and its code', async () => {
    smtp = await startSmtp(0, { refuseSignIn: true });
    await start(settings(`smtp://user:wrong-password@127.0.0.1:${smtp.port}`));
    const token = await injectSignIn(app as FastifyInstance, OWNER, PASSWORD);

    const answer = await call('POST', TEST_EMAIL, token);

    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ sent: false, to: OWNER, code: 'EAUTH 535' });
    expect(smtp.received).toHaveLength(0);
    // Asked again at once: too soon, in words that do not say the refused one was sent.
    const again = await call('POST', TEST_EMAIL, token);
    expect(again.statusCode).toBe(429);
    expect(again.json<{ error: string }>().error).not.toMatch(/was sent/);
  });

  it('sends one test e-mail per account every TEST_EMAIL_EVERY_MS; two asks at once send one', async () => {
    smtp = await startSmtp();
    await start(settings(`smtp://127.0.0.1:${smtp.port}`));
    const owner = await injectSignIn(app as FastifyInstance, OWNER, PASSWORD);
    const partner = await injectSignIn(app as FastifyInstance, PARTNER, PASSWORD);

    const [first, twin] = await Promise.all([
      call('POST', TEST_EMAIL, owner),
      call('POST', TEST_EMAIL, owner),
    ]);
    expect([first.statusCode, twin.statusCode].sort()).toEqual([200, 429]);
    clock += TEST_EMAIL_EVERY_MS - 1000;
    const soon = await call('POST', TEST_EMAIL, owner);
    expect(soon.statusCode).toBe(429);
    expect(soon.headers['retry-after']).toBe('1');
    expect(soon.json()).toMatchObject({
      ok: false,
      error: expect.stringMatching(/in 1 second\.$/),
    });
    // Another account has its own turn.
    expect((await call('POST', TEST_EMAIL, partner)).statusCode).toBe(200);
    clock += 1000;
    expect((await call('POST', TEST_EMAIL, owner)).statusCode).toBe(200);
    expect(smtp.received.map((mail) => mail.to[0])).toEqual([OWNER, PARTNER, OWNER]);
  });

  // Waits for helper A's runMailCheck (server/mail/check/mail-check.ts): a stub until the merge.
  it('runs the mail check on the server’s settings: the relay, and a DMARC record to add', async () => {
    smtp = await startSmtp();
    dns = await startDns({ 'staffing.test': ['v=spf1 ip4:127.0.0.1 -all'] });
    await start(settings(`smtp://127.0.0.1:${smtp.port}`, { dnsServers: [dns.server] }));
    const token = await injectSignIn(app as FastifyInstance, OWNER, PASSWORD);

    const answer = await call('GET', CHECK, token);

    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      configured: true,
      checkedAt: clock,
      domain: 'staffing.test',
      relay: { state: 'ok', host: '127.0.0.1', port: smtp.port },
      spf: { state: 'found', value: 'v=spf1 ip4:127.0.0.1 -all' },
      dmarc: {
        state: 'missing',
        add: { type: 'TXT', name: '_dmarc.staffing.test', host: '_dmarc' },
      },
    });
    expect(dns.asked).toContain('TXT _dmarc.staffing.test');
    expect(smtp.received).toHaveLength(0);
  });
});
