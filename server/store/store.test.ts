import { existsSync } from 'node:fs';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { engines } from '../testing/engines.ts';
import { migrations } from '../db/migrations.ts';
import type { DatabaseConfig } from '../config.ts';
import { DEDUPE_WINDOW_MS, openStore, type NewSubmission, type Store } from './store.ts';
import { quoteBody, tempDataDir } from '../testing/fixtures.ts';

let data: { database: DatabaseConfig; remove(): void };
let store: Store | undefined;
let clock = Date.parse('2030-05-01T12:00:00Z');
const now = () => clock;

/** A claim's options: at most `limit` rows, leased for `leaseMs`, `maxAttempts` tries. */
function claim(limit = 10, leaseMs = 60_000, maxAttempts = 30) {
  return { limit, leaseMs, maxAttempts };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function submission(n: number, extra: Partial<NewSubmission> = {}): NewSubmission {
  return { form: 'quote', fields: quoteBody(n), notify: false, ...extra };
}

beforeEach(() => {
  clock = Date.parse('2030-05-01T12:00:00Z');
});

afterEach(async () => {
  await store?.close();
  store = undefined;
  data.remove();
});

describe('openStore (SQLite)', () => {
  let folder: ReturnType<typeof tempDataDir>;
  beforeEach(() => {
    folder = tempDataDir();
    data = folder;
  });

  it('creates the folder and the database, and migrates it once', async () => {
    const nested = path.join(folder.dir, 'a', 'b');
    const nestedConfig = {
      url: `file:${path.join(nested, 's.db')}`,
      dir: nested,
      addressKey: { file: path.join(nested, 'address-hash.key') },
    };
    store = await openStore(nestedConfig);
    expect(existsSync(path.join(nested, 's.db'))).toBe(true);
    await store.close();
    store = await openStore(nestedConfig);
    const client = createClient({ url: `file:${path.join(nested, 's.db')}` });
    const versions = await client.execute('SELECT version FROM schema_migrations');
    const mode = await client.execute('PRAGMA journal_mode');
    client.close();
    expect(versions.rows.map((row) => row.version)).toEqual(migrations.map((m) => m.version));
    expect(mode.rows[0]?.journal_mode).toBe('wal');
  });

  it('keeps rows across reopening', async () => {
    store = await openStore(data.database);
    const saved = await store.save(submission(1));
    await store.close();
    store = await openStore(data.database);
    expect((await store.list()).map((row) => row.id)).toEqual(
      saved.status === 'created' ? [saved.id] : [],
    );
  });
});

describe.each(engines)('the store on $name', (engine) => {
  beforeEach(async () => {
    data = await engine.create();
  });

  describe('save', () => {
    it('dedupes the same body for ten minutes, then stores it again', async () => {
      store = await openStore(data.database, { now });
      const first = await store.save(submission(1));
      clock += DEDUPE_WINDOW_MS - 1;
      expect(await store.save(submission(1))).toEqual({
        status: 'duplicate',
        id: first.status === 'created' ? first.id : '',
      });
      clock += 1;
      expect((await store.save(submission(1))).status).toBe('created');
      expect(await store.list()).toHaveLength(2);
    });

    it('treats another form with the same fields as another submission', async () => {
      store = await openStore(data.database, { now });
      await store.save(submission(1));
      expect((await store.save(submission(1, { form: 'other' }))).status).toBe('created');
    });

    it('maps an Idempotency-Key and the body it came with to one row', async () => {
      store = await openStore(data.database, { now });
      const first = await store.save(submission(1, { idempotencyKey: 'k1' }));
      expect(first.status).toBe('created');
      const id = first.status === 'created' ? first.id : '';
      expect(await store.save(submission(1, { idempotencyKey: 'k1' }))).toEqual({
        status: 'duplicate',
        id,
      });
      // The same body without the key, or with a fresh key, is still the same submission.
      expect(await store.save(submission(1))).toEqual({ status: 'duplicate', id });
      expect(await store.save(submission(1, { idempotencyKey: 'k2' }))).toEqual({
        status: 'duplicate',
        id,
      });
      expect(await store.save(submission(2, { idempotencyKey: 'k1' }))).toEqual({
        status: 'key-reused',
      });
      // The refused body was not recorded under its own hash either.
      expect((await store.save(submission(2))).status).toBe('created');
      expect(await store.list()).toHaveLength(2);
    });

    it('queues one notification per new row, none for duplicates', async () => {
      store = await openStore(data.database, { now });
      await store.save(submission(1, { notify: true }));
      await store.save(submission(1, { notify: true }));
      await store.save(submission(2, { notify: false }));
      expect(await store.outboxSummary()).toEqual({ pending: 1, sent: 0, failed: 0 });
    });

    it('hashes the client address with its key', async () => {
      store = await openStore(data.database, { now });
      await store.save(submission(1, { clientAddress: '192.0.2.7' }));
      await store.save(submission(2, { clientAddress: '192.0.2.7' }));
      const [a, b] = await store.list();
      expect(a?.clientHash).toBe(b?.clientHash);
      expect(a?.clientHash).not.toContain('192.0.2.7');

      const other = await engine.create();
      const otherStore = await openStore({
        ...other.database,
        addressKey: { secret: 'another-key-of-at-least-32-characters' },
      });
      await otherStore.save(submission(1, { clientAddress: '192.0.2.7' }));
      const [c] = await otherStore.list();
      await otherStore.close();
      other.remove();
      expect(c?.clientHash).not.toBe(a?.clientHash);
    });

    it('stores one row when the same body arrives 20 times at once', async () => {
      store = await openStore(data.database);
      const s = store;
      const results = await Promise.all(
        Array.from({ length: 20 }, () => s.save(submission(7, { notify: true }))),
      );
      const ids = new Set(
        results.map((result) => (result.status === 'key-reused' ? '' : result.id)),
      );
      expect(results.filter((result) => result.status === 'created')).toHaveLength(1);
      expect(ids.size).toBe(1);
      expect(await s.list()).toHaveLength(1);
      expect(await s.outboxSummary()).toEqual({ pending: 1, sent: 0, failed: 0 });
    });

    it('acknowledges an address once a day, however many saves name it at once', async () => {
      store = await openStore(data.database, { now });
      const s = store;
      await Promise.all(
        Array.from({ length: 10 }, (_, n) =>
          s.save(submission(n, { acknowledgeTo: n % 2 ? 'Ana@Example.com' : 'ana@example.com' })),
        ),
      );
      const first = await s.claimNotifications(claim(50));
      expect(first.map((claimed) => claimed.kind)).toEqual(['acknowledge']);
      const [sent] = first;
      if (sent) await s.markNotificationSent(sent);
      clock += 24 * 60 * 60 * 1000;
      await s.save(submission(99, { acknowledgeTo: 'ana@example.com' }));
      expect((await s.claimNotifications(claim(50))).map((claimed) => claimed.kind)).toEqual([
        'acknowledge',
      ]);
    });

    it('keeps every row of 200 concurrent saves', async () => {
      store = await openStore(data.database);
      const s = store;
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, n) => s.save(submission(n, { notify: true }))),
      );
      const ids = results.map((result) => (result.status === 'created' ? result.id : ''));
      const stored = new Set((await s.list()).map((row) => row.id));
      expect(ids.every((id) => stored.has(id))).toBe(true);
      expect(stored.size).toBe(200);
    });
  });

  describe('list', () => {
    it('filters by form and by time, oldest first', async () => {
      store = await openStore(data.database, { now });
      await store.save(submission(1));
      clock += 60_000;
      await store.save({ ...submission(2), form: 'application' });
      clock += 60_000;
      await store.save(submission(3));
      expect((await store.list()).map((row) => row.fields.clientName)).toEqual([
        'Jordan Rivera 1',
        'Jordan Rivera 2',
        'Jordan Rivera 3',
      ]);
      expect(await store.list({ form: 'application' })).toHaveLength(1);
      expect(await store.list({ since: clock - 60_000 })).toHaveLength(2);
      expect(await store.list({ form: 'quote', since: clock - 60_000 })).toHaveLength(1);
    });
  });

  describe('outbox', () => {
    /** The one claimed row (fails the test when there is none). */
    async function claimOne(s: Store, options = claim()) {
      const [claimed] = await s.claimNotifications(options);
      if (!claimed) throw new Error('nothing claimed');
      return claimed;
    }

    it('leases due notifications, and a lease expires after a crash (by the database clock)', async () => {
      store = await openStore(data.database, { now });
      await store.save(submission(1, { notify: true }));
      const claimed = await claimOne(store, claim(10, 300));
      expect(claimed.submission.fields.clientName).toBe('Jordan Rivera 1');
      // The injected clock moving on does not end a lease: the database's clock does.
      clock += 60 * 60_000;
      expect(await store.claimNotifications(claim(10, 300))).toEqual([]);
      await sleep(350);
      expect(await store.claimNotifications(claim(10, 300))).toHaveLength(1);
    });

    it('records failures with their retry time (by the database clock), and gives up when told to', async () => {
      store = await openStore(data.database, { now });
      await store.save(submission(1, { notify: true }));
      const claimed = await claimOne(store);
      expect(claimed.attempts).toBe(1);
      await store.markNotificationFailed(claimed, { retryInMs: 60_000, error: 'ECONNECTION' });
      // A minute ahead, less what a slow machine took between the two queries (far under 10 s).
      const due = await store.nextNotificationDue();
      expect(due).toBeGreaterThan(50_000);
      expect(due).toBeLessThanOrEqual(60_000);
      // The injected clock moving on makes nothing due: the database's clock does.
      clock += 60 * 60_000;
      expect(await store.claimNotifications(claim())).toEqual([]);
      // The minute passed, by moving the row rather than waiting for it.
      await store.database.db
        .updateTable('outbox')
        .set((eb) => ({ next_attempt_at: eb('next_attempt_at', '-', 61_000) }))
        .execute();
      const retry = await claimOne(store);
      expect(retry.attempts).toBe(2);
      await store.markNotificationFailed(retry, { retryInMs: null, error: 'EAUTH' });
      expect(await store.outboxSummary()).toEqual({ pending: 0, sent: 0, failed: 1 });
      expect(await store.nextNotificationDue()).toBeUndefined();
    });

    it('marks a sent notification', async () => {
      store = await openStore(data.database, { now });
      await store.save(submission(1, { notify: true }));
      expect(await store.markNotificationSent(await claimOne(store, claim(10, 50)))).toBe(true);
      await sleep(60);
      expect(await store.claimNotifications(claim())).toEqual([]);
      expect(await store.outboxSummary()).toEqual({ pending: 0, sent: 1, failed: 0 });
    });

    it("changes nothing on a former holder's late mark (fencing)", async () => {
      store = await openStore(data.database, { now });
      await store.save(submission(1, { notify: true }));
      const stale = await claimOne(store, claim(10, 50));
      await sleep(60);
      const current = await claimOne(store);
      expect(current.claimToken).not.toBe(stale.claimToken);
      expect(await store.markNotificationSent(stale)).toBe(false);
      expect(await store.renewLease(stale, 60_000)).toBe(false);
      expect(await store.markNotificationFailed(stale, { retryInMs: null, error: 'X' })).toBe(
        false,
      );
      expect(await store.outboxSummary()).toEqual({ pending: 1, sent: 0, failed: 0 });
      expect(await store.markNotificationSent(current)).toBe(true);
      // Once marked, neither claim can mark it again.
      expect(await store.markNotificationFailed(current, { retryInMs: null, error: 'X' })).toBe(
        false,
      );
      expect(await store.outboxSummary()).toEqual({ pending: 0, sent: 1, failed: 0 });
    });

    it('renews a held lease, so that no one else claims the row meanwhile', async () => {
      store = await openStore(data.database, { now });
      await store.save(submission(1, { notify: true }));
      const held = await claimOne(store, claim(10, 400));
      for (let n = 0; n < 3; n += 1) {
        await sleep(200);
        expect(await store.renewLease(held, 400)).toBe(true);
      }
      expect(await store.claimNotifications(claim())).toEqual([]);
    });

    it('counts a try at its claim, and gives up a row whose last try never came back', async () => {
      store = await openStore(data.database, { now });
      await store.save(submission(1, { notify: true }));
      // Two claims whose instances died mid-send (nothing marked), with two tries allowed.
      expect((await claimOne(store, claim(10, 30, 2))).attempts).toBe(1);
      await sleep(40);
      expect((await claimOne(store, claim(10, 30, 2))).attempts).toBe(2);
      await sleep(40);
      expect(await store.claimNotifications(claim(10, 30, 2))).toEqual([]);
      expect(await store.giveUpExhausted(2)).toBe(1);
      expect(await store.outboxSummary()).toEqual({ pending: 0, sent: 0, failed: 1 });
    });

    it('claims no more than it is asked for', async () => {
      store = await openStore(data.database, { now });
      for (let n = 0; n < 8; n += 1) await store.save(submission(n, { notify: true }));
      expect(await store.claimNotifications(claim(5))).toHaveLength(5);
      expect(await store.claimNotifications(claim(5))).toHaveLength(3);
    });

    it("queues a given-up e-mail again ('Send again'), and only a given-up one", async () => {
      store = await openStore(data.database, { now });
      const saved = await store.save(submission(1, { notify: true }));
      const id = saved.status === 'created' ? saved.id : '';
      expect(await store.requeueNotification(id, 'notify')).toBe(false);
      const claimed = await claimOne(store, claim(10, 60_000, 3));
      await store.markNotificationFailed(claimed, { retryInMs: null, error: 'EENVELOPE 550' });
      expect(await store.requeueNotification(id, 'acknowledge')).toBe(false);
      expect(await store.requeueNotification(id, 'notify')).toBe(true);
      expect(await store.outboxSummary()).toEqual({ pending: 1, sent: 0, failed: 0 });
      const again = await claimOne(store, claim(10, 60_000, 3));
      expect(again.attempts).toBe(1);
      expect(again.claimToken).not.toBe(claimed.claimToken);
    });

    it('hands each notification to one of two instances claiming at once', async () => {
      store = await openStore(data.database, { now });
      const other = await openStore(data.database, { now });
      try {
        const s = store;
        await Promise.all(
          Array.from({ length: 30 }, (_, n) => s.save(submission(n, { notify: true }))),
        );
        const rounds = await Promise.all(
          Array.from({ length: 6 }, (_, n) => (n % 2 ? other : s).claimNotifications(claim(5))),
        );
        const claimed = rounds.flat().map((notification) => notification.outboxId);
        expect(claimed).toHaveLength(30);
        expect(new Set(claimed).size).toBe(30);
      } finally {
        await other.close();
      }
    });
  });
});
