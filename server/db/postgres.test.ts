// What is Postgres's own: instances starting together, a database that goes away, the search's
// words. Its own server here (the shared one of the run must not be stopped).
import { sql } from 'kysely';
import pg from 'pg';
import { sessions } from '../admin/sessions.ts';
import { MAX_FAILURES, signInLimit } from '../admin/sign-in-limit.ts';
import { users } from '../admin/users.ts';
import { buildApp } from '../http/app.ts';
import { openStore, type Store } from '../store/store.ts';
import type { PostgresLimits } from '../config.ts';
import { createTestDatabase, startTestPostgres, type TestPostgres } from '../testing/postgres.ts';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy.ts';
import { quoteBody } from '../testing/fixtures.ts';
import { migrations } from './migrations.ts';

let server: TestPostgres | undefined;
const stores: Store[] = [];

function config(url: string, postgres: Partial<PostgresLimits> = {}) {
  return { url, addressKey: { secret: 'postgres-test-address-key-0123456789' }, postgres };
}

beforeAll(async () => {
  server = await startTestPostgres();
});

afterAll(async () => {
  await Promise.all(stores.map((store) => store.close().catch(() => undefined)));
  await server?.stop();
});

describe('several instances on one Postgres', () => {
  it('migrate once when they start together, and share what they store', async () => {
    const url = await createTestDatabase(server?.url ?? '');
    const opened = await Promise.all([1, 2, 3].map(() => openStore(config(url))));
    stores.push(...opened);
    const [first, second] = opened as [Store, Store];
    const versions = await first.database.db
      .selectFrom('schema_migrations')
      .select('version')
      .orderBy('version')
      .execute();
    expect(versions.map((row) => Number(row.version))).toEqual(migrations.map((m) => m.version));
    const saved = await first.save({ form: 'quote', fields: quoteBody(1), notify: false });
    expect(saved.status).toBe('created');
    expect((await second.list()).map((row) => row.id)).toEqual(
      saved.status === 'created' ? [saved.id] : [],
    );
    // The same body at the other instance is the same submission.
    expect(await second.save({ form: 'quote', fields: quoteBody(1), notify: false })).toEqual({
      status: 'duplicate',
      id: saved.status === 'created' ? saved.id : '',
    });
  });

  it("count sign-in attempts together, and know each other's sessions", async () => {
    const url = await createTestDatabase(server?.url ?? '');
    const [one, two] = (await Promise.all([1, 2].map(() => openStore(config(url))))) as [
      Store,
      Store,
    ];
    stores.push(one, two);
    const keys = ['address:203.0.113.9'];
    for (let n = 0; n < MAX_FAILURES; n += 1) {
      expect(await signInLimit(n % 2 ? one.database : two.database).attempt(keys)).toBe(0);
    }
    expect(await signInLimit(one.database).attempt(keys)).toBeGreaterThan(0);

    const user = await users(one.database, { cost: { log2N: 10, r: 8, p: 1 } }).add(
      'owner@staffing.example',
      'a long pass phrase for tests',
    );
    const token = await sessions(one.database).start(user);
    expect((await sessions(two.database).resolve(token))?.email).toBe('owner@staffing.example');
    await sessions(two.database).end(token);
    expect(await sessions(one.database).resolve(token)).toBeUndefined();
  });

  it('answer /healthz 503 while the database is down, and stay up', async () => {
    const own = await startTestPostgres();
    const store = await openStore(config(await createTestDatabase(own.url)));
    stores.push(store);
    const app = await buildApp({ store });
    try {
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      await own.stop();
      const down = await app.inject({ method: 'GET', url: '/healthz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ ok: false });
      const post = await app.inject({
        method: 'POST',
        url: '/api/forms/quote',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(quoteBody(2)),
      });
      expect(post.statusCode).toBe(503);
    } finally {
      await app.close();
    }
  });

  it('keep each submission in order of arrival from one sequence', async () => {
    const store = await openStore(config(await createTestDatabase(server?.url ?? '')));
    stores.push(store);
    await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        store.save({ form: 'quote', fields: quoteBody(n), notify: false }),
      ),
    );
    const seqs = await sql<{ seq: number }>`SELECT seq FROM submissions ORDER BY seq`.execute(
      store.database.db,
    );
    expect(new Set(seqs.rows.map((row) => row.seq)).size).toBe(20);
  });
});

describe('a Postgres that stops answering (a paused server, a half-open connection)', () => {
  let proxy: TcpProxy | undefined;
  let store: Store;

  /** A store on a new database, reached through a proxy that can stop forwarding. */
  async function storeBehindProxy(limits: Partial<PostgresLimits> = {}) {
    const url = new URL(await createTestDatabase(server?.url ?? ''));
    const started = await startTcpProxy(Number(url.port));
    proxy = started;
    url.port = String(started.port);
    store = await openStore(config(url.href, limits));
    stores.push(store);
    return started;
  }

  afterEach(async () => {
    proxy?.resume();
    await proxy?.close();
  });

  it('answers /healthz 503 within 2 s, and 200 again once it answers', async () => {
    const proxy = await storeBehindProxy();
    const app = await buildApp({ store });
    try {
      expect((await app.inject('/healthz')).statusCode).toBe(200);
      proxy.pause();
      const started = Date.now();
      const down = await app.inject('/healthz');
      expect(down.statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(2500);
      proxy.resume();
      await vi.waitFor(async () => expect((await app.inject('/healthz')).statusCode).toBe(200), {
        timeout: 5000,
        interval: 100,
      });
    } finally {
      await app.close();
    }
  });

  it('fails a statement within its limit instead of hanging, and works again after', async () => {
    const proxy = await storeBehindProxy({ statementTimeoutMs: 1000 });
    await store.list();
    proxy.pause();
    const started = Date.now();
    await expect(store.list()).rejects.toThrow(/timeout/i);
    // The client's limit: the statement's 1 s, and as much again for the server to say so.
    expect(Date.now() - started).toBeLessThan(4000);
    proxy.resume();
    expect(await store.list()).toEqual([]);
  });

  it('ends a statement that runs too long on the server (statement_timeout)', async () => {
    await storeBehindProxy({ statementTimeoutMs: 300 });
    await expect(sql`SELECT pg_sleep(2)`.execute(store.database.db)).rejects.toMatchObject({
      code: '57014',
    });
  });

  it('stops waiting for the migration lock after PG_MIGRATION_WAIT_MS, and says so', async () => {
    const url = await createTestDatabase(server?.url ?? '');
    // Another instance stuck mid-migration: it holds the lock and does not let go.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT pg_advisory_xact_lock(7140322)');
      const started = Date.now();
      await expect(openStore(config(url, { migrationWaitMs: 1000 }))).rejects.toThrow(
        /Waited 1 s for the migration lock/,
      );
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await holder.end();
    }
  });
});
