import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app.ts';
import { openStore, type Store } from '../store/store.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { quoteBody } from '../testing/fixtures.ts';

// The limits as the visitor meets them, on each engine: counted in the database, so that every
// instance behind a load balancer holds the same count; and the acknowledgements they allow.

let data: Awaited<ReturnType<TestEngine['create']>>;
let stores: Store[] = [];
let apps: FastifyInstance[] = [];

/** One instance of the receiver on the test's database, behind a proxy on this machine. */
async function instance(options: Partial<AppOptions> = {}) {
  const store = await openStore(data.database);
  stores.push(store);
  const app = await buildApp({ store, trustProxy: { proxies: ['loopback'] }, ...options });
  apps.push(app);
  return { app, store };
}

let n = 0;
/** A new quote from `client`, as the proxy names it in X-Forwarded-For. */
function postFrom(app: FastifyInstance, client: string, email?: string) {
  n += 1;
  return app.inject({
    method: 'POST',
    url: '/api/forms/quote',
    remoteAddress: '127.0.0.1',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    payload: quoteBody(n, email ? { email } : {}),
  });
}

/** The outbox's rows of each kind. */
async function queued(store: Store) {
  const rows = await store.database.db.selectFrom('outbox').select('kind').execute();
  const count = (kind: string) => rows.filter((row) => row.kind === kind).length;
  return { notify: count('notify'), acknowledge: count('acknowledge') };
}

describe.each(engines)('limits shared through the database, on $name', (engine) => {
  beforeEach(async () => {
    data = await engine.create();
  });

  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    for (const store of stores.splice(0)) await store.close();
    data.remove();
    apps = [];
    stores = [];
  });

  it('two instances on one database hold one count per client', async () => {
    const a = await instance({ rateLimitMax: 3 });
    const b = await instance({ rateLimitMax: 3 });
    const answers = [];
    for (const app of [a.app, b.app, a.app, b.app])
      answers.push(await postFrom(app, '198.51.100.7'));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers.map((answer) => answer.headers['x-ratelimit-remaining'])).toEqual([
      '2',
      '1',
      '0',
      '0',
    ]);
    const refused = answers[3];
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused?.json()).toEqual({
      ok: false,
      error: 'Too many submissions; please try again later',
    });
    expect((await postFrom(a.app, '198.51.100.7')).statusCode).toBe(429);
    // Another client is counted apart, on either instance.
    expect((await postFrom(a.app, '198.51.100.8')).statusCode).toBe(200);
    expect(await a.store.list()).toHaveLength(4);
  });

  it('counts every address of an IPv6 /64 as one client, and another /64 apart', async () => {
    const { app } = await instance({ rateLimitMax: 1 });
    expect((await postFrom(app, '2001:db8::1')).statusCode).toBe(200);
    expect((await postFrom(app, '2001:db8::2')).statusCode).toBe(429);
    expect((await postFrom(app, '2001:db8::ffff:1234:5678:9abc')).statusCode).toBe(429);
    expect((await postFrom(app, '2001:db8:0:1::1')).statusCode).toBe(200);
  });

  it('keeps the sign-in route limited per client across instances too', async () => {
    const a = await instance({ admin: { appDir: 'no-such-dir' } });
    const b = await instance({ admin: { appDir: 'no-such-dir' } });
    const statuses = [];
    for (let i = 0; i < 31; i += 1) {
      const app = i % 2 ? b.app : a.app;
      const answer = await app.inject({
        method: 'POST',
        url: '/admin/api/sign-in',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '198.51.100.9', 'sec-fetch-site': 'same-origin' },
        payload: {},
      });
      statuses.push(answer.statusCode);
    }
    // Each answers the empty body 400 until the 31st post between them, over the 30 a minute.
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(400));
    expect(statuses[30]).toBe(429);
  });
});

describe.each(engines)('acknowledgements that cannot be aimed at someone, on $name', (engine) => {
  beforeEach(async () => {
    data = await engine.create();
  });

  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    for (const store of stores.splice(0)) await store.close();
    data.remove();
  });

  const acknowledging = { notify: true, acknowledge: true, rateLimitMax: 100 };

  it('ten quotes from victim+1@ to victim+10@ queue one acknowledgement', async () => {
    const { app, store } = await instance(acknowledging);
    for (let tag = 1; tag <= 10; tag += 1) {
      const address = tag % 2 ? `victim+${tag}@example.com` : `Victim+${tag}@Example.COM`;
      expect((await postFrom(app, '198.51.100.20', address)).statusCode).toBe(200);
    }
    expect(await queued(store)).toEqual({ notify: 10, acknowledge: 1 });
  });

  it("counts Gmail's dotted and googlemail.com forms as one address", async () => {
    const { app, store } = await instance(acknowledging);
    for (const address of [
      'victim@gmail.com',
      'v.i.c.t.i.m@gmail.com',
      'vic.tim+quote@googlemail.com',
      'VICTIM@GoogleMail.com',
    ]) {
      expect((await postFrom(app, '198.51.100.21', address)).statusCode).toBe(200);
    }
    expect(await queued(store)).toEqual({ notify: 4, acknowledge: 1 });
  });

  it('acknowledges no post past half of its client allowance; each is stored and notified', async () => {
    const { app, store } = await instance({ ...acknowledging, rateLimitMax: 4 });
    for (let k = 1; k <= 4; k += 1) {
      expect((await postFrom(app, '198.51.100.22', `person${k}@example.com`)).statusCode).toBe(200);
    }
    expect(await queued(store)).toEqual({ notify: 4, acknowledge: 2 });
  });

  it('lets a post through when its count cannot be written, but acknowledges none', async () => {
    const { app, store } = await instance(acknowledging);
    // A real database error on every count: the counters' table is gone.
    await store.database.db.schema.dropTable('rate_counters').execute();
    const answer = await postFrom(app, '198.51.100.40', 'uncounted@example.com');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-ratelimit-remaining']).toBeUndefined();
    expect(await store.list()).toHaveLength(1);
    expect(await queued(store)).toEqual({ notify: 1, acknowledge: 0 });
  });

  it("lets one client spend only 3 of gmail.com's hour: another client's Gmail visitor is acknowledged", async () => {
    const { app, store } = await instance(acknowledging);
    for (let k = 1; k <= 25; k += 1) {
      expect((await postFrom(app, '198.51.100.50', `visitor${k}@gmail.com`)).statusCode).toBe(200);
    }
    expect(await queued(store)).toEqual({ notify: 25, acknowledge: 3 });
    expect((await postFrom(app, '203.0.113.9', 'maria@gmail.com')).statusCode).toBe(200);
    expect(await queued(store)).toEqual({ notify: 26, acknowledge: 4 });
  });

  it("lets the /64s of one IPv6 /48 spend only 3 of gmail.com's hour between them", async () => {
    const { app, store } = await instance(acknowledging);
    // Seven /64s, each under its own form limit, three Gmail visitors each: 21, over the hour's 20.
    for (let net = 1; net <= 7; net += 1) {
      for (let k = 1; k <= 3; k += 1) {
        const client = `2001:db8:4500:${net}::${k}`;
        expect((await postFrom(app, client, `v${net}x${k}@gmail.com`)).statusCode).toBe(200);
      }
    }
    expect(await queued(store)).toEqual({ notify: 21, acknowledge: 3 });
    expect((await postFrom(app, '203.0.113.12', 'maria@gmail.com')).statusCode).toBe(200);
    expect(await queued(store)).toEqual({ notify: 22, acknowledge: 4 });
  });

  it("spends nothing of a domain's hour on an address already acknowledged today", async () => {
    const { app, store } = await instance(acknowledging);
    for (let k = 1; k <= 25; k += 1) {
      expect((await postFrom(app, `198.51.100.${100 + k}`, 'same@gmail.com')).statusCode).toBe(200);
    }
    expect(await queued(store)).toEqual({ notify: 25, acknowledge: 1 });
    expect((await postFrom(app, '203.0.113.10', 'maria@gmail.com')).statusCode).toBe(200);
    expect(await queued(store)).toEqual({ notify: 26, acknowledge: 2 });
  });

  it("caps a recipient domain's acknowledgements per hour, across clients and instances", async () => {
    const a = await instance({ ...acknowledging, acknowledgeDomainMaxPerHour: 2 });
    const b = await instance({ ...acknowledging, acknowledgeDomainMaxPerHour: 2 });
    await postFrom(a.app, '198.51.100.31', 'ann@small-company.example');
    await postFrom(b.app, '198.51.100.32', 'bob@small-company.example');
    await postFrom(a.app, '198.51.100.33', 'cy@small-company.example');
    expect(await queued(a.store)).toEqual({ notify: 3, acknowledge: 2 });
    // Another domain has its own hour.
    await postFrom(b.app, '198.51.100.34', 'dee@other.example');
    expect(await queued(b.store)).toEqual({ notify: 4, acknowledge: 3 });
  });
});
