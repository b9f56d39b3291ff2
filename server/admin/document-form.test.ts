import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { adminText } from '../../src/content/admin.ts';
import { buildApp } from '../http/app.ts';
import { openStore, type Store } from '../store/store.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { SAME_ORIGIN } from '../testing/admin-session.ts';
import { SESSION_COOKIE } from './admin-context.ts';
import { DEVICE_COOKIE } from './device-cookie.ts';
import { setupCodes } from './setup-code.ts';
import { twoStep } from './two-step.ts';
import { users } from './users.ts';

/**
 * The document's own sign-in form posted without the script (server/admin/document-route.ts): the
 * JSON sign-in's checks, limits and records, answered with a redirect or the form again.
 */

const MINUTE = 60_000;
const T0 = Date.parse('2030-05-01T12:00:00Z');
const cost = { log2N: 10, r: 8, p: 1 };
const EMAIL = 'owner.form@example.com';
const PASSWORD = 'a long enough <password> & more';
const text = adminText.signIn;

let clock: number;
const now = () => clock;

describe.each(engines)('the /admin/ sign-in form posted without the script on $name', (engine) => {
  let data: Awaited<ReturnType<TestEngine['create']>>;
  let store: Store;
  let app: FastifyInstance;
  let appDir: string;

  beforeEach(async () => {
    clock = T0;
    data = await engine.create();
    store = await openStore(data.database, { now });
    appDir = mkdtempSync(path.join(os.tmpdir(), 'admin-form-'));
    copyFileSync('src/admin/index.html', path.join(appDir, 'index.html'));
    app = await buildApp({ store, admin: { cost, now, appDir } });
  });

  afterEach(async () => {
    await app.close();
    await store.close();
    data.remove();
    rmSync(appDir, { recursive: true, force: true });
  });

  const addOwner = () => users(store.database, { cost, now }).add(EMAIL, PASSWORD);

  /** The form as a browser posts it, from the inbox's own page unless `headers` say otherwise. */
  const post = (
    fields: Record<string, string>,
    { headers = SAME_ORIGIN, from = '10.0.0.1' }: { headers?: object; from?: string } = {},
  ) =>
    app.inject({
      method: 'POST',
      url: '/admin/',
      remoteAddress: from,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  const cookieOf = (answer: LightMyRequestResponse, name: string) =>
    answer.cookies.find((cookie) => cookie.name === name);

  /** The answer is the document again, its sign-in form saying `words`. */
  const expectForm = (answer: LightMyRequestResponse, words: string) => {
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toContain('data-first-paint="sign-in"');
    expect(answer.body).toMatch(
      new RegExp(`<div role="alert" class="mt-4 empty:hidden"><p class="[^"]+">${words}</p></div>`),
    );
    expect(answer.cookies).toEqual([]);
  };

  it('signs in: 303 to /admin/ with the session and device cookies; the next document is the frame', async () => {
    await addOwner();
    const answer = await post({ email: ` ${EMAIL} `, password: PASSWORD });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/admin/');
    const session = cookieOf(answer, SESSION_COOKIE);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookieOf(answer, DEVICE_COOKIE)).toMatchObject({ httpOnly: true, path: '/admin' });

    const next = await app.inject({
      method: 'GET',
      url: '/admin/',
      cookies: { [SESSION_COOKIE]: session?.value ?? '' },
    });
    expect(next.body).toContain('data-first-paint="loading"');
    expect(next.body).toContain(adminText.firstPaint.listNeedsScript);
    expect(next.body).not.toContain(EMAIL);
  });

  it('answers a wrong password with the form: the error in words, the e-mail kept, never the password', async () => {
    await addOwner();
    const answer = await post({ email: EMAIL, password: `${PASSWORD} wrong` });
    expect(answer.statusCode).toBe(401);
    expectForm(answer, text.incorrect);
    expect(answer.body).toContain(
      `name="email" type="email" autocomplete="username" value="${EMAIL}"`,
    );
    expect(answer.body).not.toContain('wrong');
    expect(answer.body).not.toContain('password&gt;');
    // Recorded for the owner, as the JSON route's failures are.
    const failures = await store.database.db.selectFrom('failed_sign_ins').selectAll().execute();
    expect(failures).toHaveLength(1);
  });

  it('answers a missing password or e-mail at the field, described by its error, with nothing checked', async () => {
    await addOwner();
    const answer = await post({ email: EMAIL, password: '' });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toMatch(
      /<input [^>]*id="sign-in-password" required="" aria-invalid="true" aria-describedby="sign-in-password-error"/,
    );
    expect(answer.body).toContain(text.passwordMissing);
    const empty = await post({});
    expect(empty.body).toContain(text.emailMissing);
    expect(empty.body).toContain(text.passwordMissing);
    expect(await store.database.db.selectFrom('failed_sign_ins').selectAll().execute()).toEqual([]);
  });

  it('refuses a form posted from another site, or with neither Sec-Fetch-Site nor Origin', async () => {
    await addOwner();
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      {},
    ]) {
      const answer = await post({ email: EMAIL, password: PASSWORD }, { headers });
      expect(answer.statusCode).toBe(403);
      expect(answer.cookies).toEqual([]);
    }
    const sameHost = await post(
      { email: EMAIL, password: PASSWORD },
      { headers: { origin: 'https://inbox.example', host: 'inbox.example' } },
    );
    expect(sameHost.statusCode).toBe(303);
  });

  it("counts its failures with the JSON route's: the sixth is refused, even right, with the wait in words", async () => {
    await addOwner();
    for (let n = 1; n <= 5; n += 1) {
      const wrong = { email: EMAIL, password: `wrong ${n}` };
      const answer =
        n % 2 === 0
          ? await app.inject({
              method: 'POST',
              url: '/admin/api/sign-in',
              headers: SAME_ORIGIN,
              payload: wrong,
            })
          : await post(wrong);
      expect(answer.statusCode, `attempt ${n}`).toBe(401);
      clock += MINUTE;
    }
    const refused = await post({ email: EMAIL, password: PASSWORD });
    expect(refused.statusCode).toBe(429);
    // The first failure was five minutes ago: ten minutes to go.
    expect(refused.headers['retry-after']).toBe('600');
    expectForm(refused, text.tooMany(10));
  });

  it('answers the request limit (30 a minute) with the form, in words', async () => {
    await addOwner();
    let last: LightMyRequestResponse | undefined;
    for (let n = 1; n <= 31; n += 1) last = await post({ email: EMAIL, password: '' });
    expect(last?.statusCode).toBe(429);
    if (!last) throw new Error('no answer');
    expectForm(last, text.tooMany(1));
  });

  it('says that a two-step account needs the script for its code, after the right password only', async () => {
    const owner = await addOwner();
    await twoStep(store.database).turnOn(owner.id, EMAIL, 'Inbox');
    const right = await post({ email: EMAIL, password: PASSWORD });
    expect(right.statusCode).toBe(401);
    expectForm(right, adminText.firstPaint.twoStepNeedsScript);
    const wrong = await post({ email: EMAIL, password: 'not it at all' });
    expectForm(wrong, text.incorrect);
  });

  it('makes the first account from the setup form, signs it in, and sends the browser to the frame', async () => {
    const code = (await setupCodes(store.database, { now, cost }).ensure()) ?? '';
    const typed = code.toLowerCase().replaceAll('-', ' ');
    const answer = await post({ code: typed, email: EMAIL, password: PASSWORD, repeat: PASSWORD });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/admin/');
    const session = cookieOf(answer, SESSION_COOKIE)?.value ?? '';
    expect(await users(store.database, { cost, now }).count()).toBe(1);
    const next = await app.inject({
      method: 'GET',
      url: '/admin/',
      cookies: { [SESSION_COOKIE]: session },
    });
    expect(next.body).toContain('data-first-paint="loading"');
  });

  it("answers the setup form's mistakes and a wrong code with the form: the code and e-mail kept, never a password", async () => {
    const code = (await setupCodes(store.database, { now, cost }).ensure()) ?? '';
    const setup = adminText.setup;
    const differs = await post({ code, email: EMAIL, password: PASSWORD, repeat: 'other' });
    expect(differs.statusCode).toBe(400);
    expect(differs.body).toContain('data-first-paint="setup"');
    expect(differs.body).toMatch(
      /<input [^>]*id="setup-repeat" required="" aria-invalid="true" aria-describedby="setup-repeat-error"/,
    );
    expect(differs.body).toContain(setup.repeatDiffers);

    const wrong = code.startsWith('A') ? `B${code.slice(1)}` : `A${code.slice(1)}`;
    const refused = await post({ code: wrong, email: EMAIL, password: PASSWORD, repeat: PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toMatch(
      new RegExp(
        `<div role="alert" class="mt-4 empty:hidden"><p class="[^"]+">${setup.refused}</p>`,
      ),
    );
    expect(refused.body).toContain(setup.codeWrong.replaceAll("'", '&#39;'));
    expect(refused.body).toContain(`value="${wrong}"`);
    expect(refused.body).toContain(`value="${EMAIL}"`);
    expect(refused.body).not.toContain('password&gt;');
    expect(refused.cookies).toEqual([]);
    expect(await users(store.database, { cost, now }).count()).toBe(0);
  });
});
