// The session limits set on every Postgres connection (PG_LOCK_TIMEOUT_MS, PG_IDLE_TX_TIMEOUT_MS)
// seen to fire on a real server, and a connection the server ended found dead and replaced.
import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import type { PostgresLimits } from '../config.ts';
import { buildApp } from '../http/app.ts';
import { openStore, type Store } from '../store/store.ts';
import { quoteBody } from '../testing/fixtures.ts';
import { createTestDatabase } from '../testing/postgres.ts';
import { injectSignIn, SAME_ORIGIN } from '../testing/admin-session.ts';
import { users } from '../admin/users.ts';

let url: string;
let store: Store | undefined;
/** Another connection to the same database: another instance, or the operator's psql. */
let other: pg.Client;
const errors: Error[] = [];

async function openWith(limits: Partial<PostgresLimits>) {
  store = await openStore(
    { url, addressKey: { secret: 'postgres-limits-test-address-key' }, postgres: limits },
    { onError: (error: Error) => errors.push(error) },
  );
  return store;
}

beforeEach(async () => {
  url = await createTestDatabase(inject('postgresUrl'));
  other = new pg.Client({ connectionString: url });
  await other.connect();
  errors.length = 0;
});

afterEach(async () => {
  await other.end();
  await store?.close();
  store = undefined;
});

/** The backends of this test's database other than `other`'s own. */
async function storeBackends(): Promise<number[]> {
  const { rows } = await other.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
  );
  return rows.map((row) => row.pid);
}

function postQuote(app: Awaited<ReturnType<typeof buildApp>>, n: number) {
  return app.inject({
    method: 'POST',
    url: '/api/forms/quote',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(quoteBody(n)),
  });
}

describe('lock_timeout (PG_LOCK_TIMEOUT_MS)', () => {
  it('ends a wait for a row another connection holds, with the error the app handles', async () => {
    const opened = await openWith({ lockTimeoutMs: 300 });
    const { engine, db } = opened.database;
    const saved = await opened.save({ form: 'quote', fields: quoteBody(1), notify: false });
    const id = 'id' in saved ? saved.id : '';
    await other.query('BEGIN');
    await other.query('SELECT id FROM submissions WHERE id = $1 FOR UPDATE', [id]);
    const started = Date.now();
    const update = db.updateTable('submissions').set({ note: 'called back' }).where('id', '=', id);
    await expect(engine.batch([update])).rejects.toMatchObject({ code: '55P03' });
    expect(Date.now() - started).toBeLessThan(2000);
    await other.query('COMMIT');
    await engine.batch([update]);
    const row = await db
      .selectFrom('submissions')
      .select('note')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row?.note).toBe('called back');
  });

  it('answers a post that waits too long 503 with Retry-After, and takes it once the lock is gone', async () => {
    const app = await buildApp({ store: await openWith({ lockTimeoutMs: 300 }) });
    try {
      expect((await postQuote(app, 1)).statusCode).toBe(200);
      // Another instance mid-save of the same body: its dedupe key is locked.
      await other.query('BEGIN');
      await other.query('SELECT key FROM dedupe_keys FOR UPDATE');
      const started = Date.now();
      const busy = await postQuote(app, 1);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBeDefined();
      expect(busy.json()).toEqual({ ok: false, error: expect.stringMatching(/try again/) });
      await other.query('COMMIT');
      expect((await postQuote(app, 1)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
  it("answers the owner's change 503 with Retry-After while the row stays locked", async () => {
    const opened = await openWith({ lockTimeoutMs: 300 });
    const cost = { log2N: 10, r: 8, p: 1 };
    const app = await buildApp({ store: opened, admin: { cost } });
    try {
      await users(opened.database, { cost }).add('owner@example.com', 'a long enough password');
      const token = await injectSignIn(app, 'owner@example.com', 'a long enough password');
      const saved = await opened.save({ form: 'quote', fields: quoteBody(1), notify: false });
      const id = 'id' in saved ? saved.id : '';
      const change = () =>
        app.inject({
          method: 'PATCH',
          url: `/admin/api/submissions/${id}`,
          headers: SAME_ORIGIN,
          cookies: { admin_session: token },
          payload: { status: 'handled' },
        });
      await other.query('BEGIN');
      await other.query('SELECT id FROM submissions WHERE id = $1 FOR UPDATE', [id]);
      const busy = await change();
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBeDefined();
      expect(busy.json()).toEqual({ ok: false, error: expect.stringMatching(/try again/) });
      await other.query('COMMIT');
      expect((await change()).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('idle_in_transaction_session_timeout (PG_IDLE_TX_TIMEOUT_MS)', () => {
  it('ends a transaction left idle, without ending the process, and the pool goes on', async () => {
    const opened = await openWith({ idleInTransactionTimeoutMs: 300 });
    const { db } = opened.database;
    const left = db.transaction().execute(async (transaction) => {
      await sql`SELECT 1`.execute(transaction);
      // Work outside the database while the transaction stays open, past the server's limit.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await sql`SELECT 1`.execute(transaction);
    });
    await expect(left).rejects.toThrow();
    // Told to the log (main.ts: 'database connection lost'), not thrown at the process.
    expect(errors.map((error) => (error as { code?: string }).code)).toContain('25P03');
    expect(await opened.list()).toEqual([]);
    expect((await opened.save({ form: 'quote', fields: quoteBody(1), notify: false })).status).toBe(
      'created',
    );
  });
});

describe('a connection the server ended', () => {
  it('is found dead and replaced: the next queries succeed', async () => {
    const opened = await openWith({});
    for (let round = 1; round <= 3; round += 1) {
      // Several connections open and idle in the pool.
      await Promise.all(
        [1, 2, 3].map(() => sql`SELECT pg_sleep(0.05)`.execute(opened.database.db)),
      );
      const backends = await storeBackends();
      expect(backends.length).toBeGreaterThanOrEqual(3);
      for (const pid of backends) await other.query('SELECT pg_terminate_backend($1)', [pid]);
      // A read and a transaction (the save), each on a connection that may be one of the dead.
      const [listed, saved] = await Promise.all([
        opened.list(),
        opened.save({ form: 'quote', fields: quoteBody(round), notify: false }),
        opened.list(),
      ]);
      expect(listed.length).toBeGreaterThanOrEqual(round - 1);
      expect(saved.status).toBe('created');
      expect(await storeBackends()).not.toEqual(expect.arrayContaining(backends));
    }
    expect(errors.some((error) => (error as { code?: string }).code === '57P01')).toBe(true);
  });
});
