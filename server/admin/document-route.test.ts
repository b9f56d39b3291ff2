import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { adminText } from '../../src/content/admin.ts';
import { buildApp } from '../http/app.ts';
import { openStore, type Store } from '../store/store.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { injectSignIn } from '../testing/admin-session.ts';
import { quoteBody } from '../testing/fixtures.ts';
import { SESSION_COOKIE } from './admin-context.ts';
import { users } from './users.ts';

const cost = { log2N: 10, r: 8, p: 1 };
const EMAIL = 'owner.private@example.com';
const PASSWORD = 'a long enough password';

describe.each(engines)('the /admin/ document painted for its state on $name', (engine) => {
  let data: Awaited<ReturnType<TestEngine['create']>>;
  let store: Store;
  let app: FastifyInstance;
  let appDir: string;

  beforeEach(async () => {
    data = await engine.create();
    store = await openStore(data.database);
    // The source document: its marker is the one the build keeps.
    appDir = mkdtempSync(path.join(os.tmpdir(), 'admin-app-'));
    copyFileSync('src/admin/index.html', path.join(appDir, 'index.html'));
    app = await buildApp({ store, admin: { cost, appDir } });
  });

  afterEach(async () => {
    await app.close();
    await store.close();
    data.remove();
    rmSync(appDir, { recursive: true, force: true });
  });

  const documentFor = async (url: string, token?: string) => {
    const answer = await app.inject({
      method: 'GET',
      url,
      cookies: token === undefined ? {} : { [SESSION_COOKIE]: token },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    return answer.body;
  };

  it('holds the first account form while no account exists', async () => {
    const html = await documentFor('/admin/');
    expect(html).toContain('data-first-paint="setup"');
    expect(html).toContain('id="setup-code"');
    expect(html).toContain(adminText.setup.heading);
    expect(html).not.toContain('id="sign-in-email"');
  });

  it('holds the sign-in form when signed out, saying so when the session has ended', async () => {
    await users(store.database, { cost }).add(EMAIL, PASSWORD);
    for (const url of ['/admin/', '/admin/index.html']) {
      const html = await documentFor(url);
      expect(html).toContain('data-first-paint="sign-in"');
      expect(html).toMatch(/<form novalidate="" method="post"/);
      expect(html).toContain('id="sign-in-email"');
      expect(html).toContain('id="sign-in-password"');
      expect(html).not.toContain(adminText.signIn.expired);
    }
    const ended = await documentFor('/admin/', 'a'.repeat(43));
    expect(ended).toContain('data-first-paint="sign-in"');
    expect(ended).toContain(adminText.signIn.expired);
  });

  it('holds a quiet loading frame when signed in: no address, no name, no submission', async () => {
    await users(store.database, { cost }).add(EMAIL, PASSWORD);
    const saved = await store.save({ form: 'quote', fields: { ...quoteBody(7) }, notify: false });
    if (saved.status !== 'created') throw new Error(saved.status);
    const token = await injectSignIn(app, EMAIL, PASSWORD);
    expect(token).not.toBe('');
    const html = await documentFor('/admin/', token);
    expect(html).toContain('data-first-paint="loading"');
    expect(html).toContain(adminText.firstPaint.loading);
    expect(html).not.toContain('<form');
    for (const personal of [EMAIL, 'owner.private', quoteBody(7).clientName, 'jordan.rivera']) {
      expect(html).not.toContain(personal);
    }
    // Nothing of the raw build's: the marker and its fallback are replaced.
    expect(html).not.toContain('<!--first-paint-->');
  });
});
