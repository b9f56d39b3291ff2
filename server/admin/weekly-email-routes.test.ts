import type { FastifyInstance } from 'fastify';
import type { WeeklyEmailSetting } from '../../src/admin/contract.ts';
import { buildApp } from '../http/app.ts';
import { openStore, type Store } from '../store/store.ts';
import { injectSignIn, SAME_ORIGIN } from '../testing/admin-session.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { users } from './users.ts';

const cost = { log2N: 10, r: 8, p: 1 };
const PASSWORD = 'a long enough password';

let data: Awaited<ReturnType<TestEngine['create']>>;
let store: Store;
let app: FastifyInstance;
let token: string;

function call(method: 'GET' | 'PUT', payload?: unknown, session: string | null = token) {
  return app.inject({
    method,
    url: '/admin/api/weekly-email',
    headers: {
      ...SAME_ORIGIN,
      ...(session === null ? {} : { cookie: `admin_session=${session}` }),
      ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

describe.each(engines)('the weekly e-mail setting on $name', (engine) => {
  beforeEach(async () => {
    data = await engine.create();
    store = await openStore(data.database);
    app = await buildApp({ store, logLevel: false, admin: { cost } });
    await users(store.database, { cost }).add('owner@example.com', PASSWORD);
    await users(store.database, { cost }).add('partner@example.com', PASSWORD);
    token = await injectSignIn(app, 'owner@example.com', PASSWORD);
  });

  afterEach(async () => {
    await app.close();
    await store.close();
    data.remove();
  });

  it('is on, in English, until the account changes it; each account has its own', async () => {
    expect((await call('GET')).json()).toEqual({ on: true, language: 'en' });
    const change: WeeklyEmailSetting = { on: false, language: 'es' };
    const put = await call('PUT', change);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual(change);
    expect((await call('GET')).json()).toEqual(change);
    const partner = await injectSignIn(app, 'partner@example.com', PASSWORD);
    expect((await call('GET', undefined, partner)).json()).toEqual({ on: true, language: 'en' });
    const row = await store.database.db
      .selectFrom('users')
      .select(['weekly_email', 'language'])
      .where('email', '=', 'owner@example.com')
      .executeTakeFirstOrThrow();
    expect([Number(row.weekly_email), row.language]).toEqual([0, 'es']);
  });

  it('answers 401 signed out, 403 from another site, 400 to a body it cannot read', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const signedOut = await call(method, { on: true, language: 'en' }, null);
      expect(signedOut.statusCode, method).toBe(401);
      expect(signedOut.json()).toHaveProperty('error');
      expect((await call(method, { on: true, language: 'en' }, 'not-a-session')).statusCode).toBe(
        401,
      );
    }
    const crossSite = await app.inject({
      method: 'PUT',
      url: '/admin/api/weekly-email',
      headers: { 'sec-fetch-site': 'cross-site', cookie: `admin_session=${token}` },
      payload: { on: false, language: 'en' },
    });
    expect(crossSite.statusCode).toBe(403);
    const bad: unknown[] = [
      { on: 'yes', language: 'en' },
      { on: true, language: 'fr' },
      { on: true },
      { on: true, language: 'en', extra: 1 },
      [],
      '{"on": tru',
    ];
    for (const body of bad) {
      const answer = await call('PUT', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json()).toHaveProperty('error');
    }
    expect((await call('GET')).json()).toEqual({ on: true, language: 'en' });
  });
});
