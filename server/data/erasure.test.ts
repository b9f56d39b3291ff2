// Erasure as one act, on both engines: the order of arrival never given twice (search finds what
// arrives after an erased newest submission), the record and the erased ids written with the rows,
// a reopen racing the retention pass on Postgres, and a person's complete copy of their data.
import { sql } from 'kysely';
import pg from 'pg';
import { inbox, type Inbox } from '../admin/inbox.ts';
import { forms } from '../intake/forms.ts';
import { openStore, type Store } from '../store/store.ts';
import { engines } from '../testing/engines.ts';
import { migrate } from '../db/database.ts';
import { sqliteEngine } from '../db/sqlite.ts';
import { saveSubmission } from '../store/save-submission.ts';
import {
  applicationBody,
  pdfAttachment,
  quoteBody,
  samplePdf,
  tempDataDir,
} from '../testing/fixtures.ts';
import { NOTHING_PUBLISHED } from '../../src/content/published.ts';
import { eraseExpired, erasePerson, personData, recentErasures } from './erasure.ts';

const DAY = 86_400_000;
const T0 = Date.parse('2030-05-01T12:00:00Z');
const OWNER = { userId: null, label: 'owner@example.com' };

let store: Store;
let box: Inbox;
let remove: () => void;
let url: string;
let clock: number;
const now = () => clock;

async function apply(n: number, overrides: Parameters<typeof applicationBody>[1] = {}) {
  const saved = await store.save({
    form: 'application',
    fields: { ...applicationBody(n, overrides) },
    attachment: pdfAttachment(samplePdf(800, `résumé ${n}`)),
    userAgent: 'Mozilla/5.0 (test)',
    notify: true,
    acknowledgeTo: `camila.torres+${n}@example.com`,
  });
  if (saved.status !== 'created') throw new Error(saved.status);
  return saved.id;
}

const search = async (q: string) => (await box.page({ q })).items.map((item) => item.id);

/** Every row the submission has, by table: all there, or none. */
async function rowsOf(id: string) {
  const { db } = store.database;
  const count = async (table: 'attachments' | 'outbox' | 'submission_events') =>
    (await db.selectFrom(table).select('id').where('submission_id', '=', id).execute()).length;
  const row = await db.selectFrom('submissions').select('status').where('id', '=', id).execute();
  return {
    submission: row.length,
    attachments: await count('attachments'),
    outbox: await count('outbox'),
    events: await count('submission_events'),
  };
}

describe.each(engines)('erasure on $name', (engine) => {
  beforeEach(async () => {
    clock = T0;
    const created = await engine.create();
    remove = created.remove;
    url = created.database.url;
    store = await openStore(created.database, { now });
    box = inbox(store.database, { forms, now, published: () => NOTHING_PUBLISHED });
  });

  afterEach(async () => {
    await store.close();
    remove();
  });

  it('finds by search a submission that arrives after the newest one was erased', async () => {
    await apply(1, { fullName: 'Avery Older' });
    const newest = await apply(2, { fullName: 'Blake Newest', email: 'blake@example.com' });
    expect(await search('blake')).toEqual([newest]);

    const erased = await erasePerson(store.database, { email: 'blake@example.com' }, OWNER, T0);
    expect(erased).toMatchObject({ submissions: 1, left: 0 });
    const next = await apply(3, { fullName: 'Casey Later', email: 'casey@example.com' });

    expect(await search('casey')).toEqual([next]);
    expect(await search('blake')).toEqual([]);
  });

  it('writes the record with the rows it counts, with the erased ids, once per retention pass', async () => {
    const ids = [await apply(1), await apply(2), await apply(3)];
    for (const id of ids.slice(0, 2)) await box.update(id, { status: 'handled' }, 'owner');

    const erased = await eraseExpired(store.database, { application: 0 }, T0 + DAY);
    expect(erased).toMatchObject({ submissions: 2, files: 2 });
    // Nothing left to erase: the second pass keeps no record of nothing.
    expect(await eraseExpired(store.database, { application: 0 }, T0 + DAY)).toMatchObject({
      submissions: 0,
    });

    const records = await recentErasures(store.database);
    expect(records).toEqual([
      // Each: the row, its résumé, two e-mails, one status change, its duplicate-post key and its
      // acknowledgement claim.
      {
        at: T0 + DAY,
        reason: 'retention',
        by: 'retention job',
        submissions: 2,
        files: 2,
        rows: 14,
      },
    ]);
    const listed = await store.database.db
      .selectFrom('erased_submissions')
      .select('submission_id')
      .execute();
    expect(listed.map((row) => row.submission_id).sort()).toEqual(ids.slice(0, 2).sort());
    expect(await rowsOf(ids[2] ?? '')).toMatchObject({ submission: 1, attachments: 1 });
  });

  it.runIf(engine.name === 'sqlite')(
    'erases nothing when its record cannot be written: one transaction',
    async () => {
      const id = await apply(1, { email: 'faye@example.com' });
      await sql`CREATE TRIGGER no_records BEFORE INSERT ON erasures
        BEGIN SELECT RAISE(ABORT, 'no record'); END`.execute(store.database.db);

      await expect(
        erasePerson(store.database, { email: 'faye@example.com' }, OWNER, T0),
      ).rejects.toThrow(/no record/);
      expect(await rowsOf(id)).toEqual({ submission: 1, attachments: 1, outbox: 2, events: 0 });
    },
  );

  it.runIf(engine.name === 'sqlite')(
    'erases none of a person with more than a batch of submissions when one fails',
    async () => {
      const rows = Array.from({ length: 201 }, (_, n) => ({
        id: `person-${String(n).padStart(3, '0')}`,
        form: 'application',
        received_at: T0 + n,
        fields: JSON.stringify(applicationBody(n, { email: 'gale@example.com' })),
        client_hash: null,
        user_agent: 'test',
        language: null,
        site_language: null,
        status: 'handled',
        seq: 10_000 + n,
        first_response_at: null,
        roster: null,
      }));
      await store.database.db.insertInto('submissions').values(rows).execute();
      await sql`CREATE TRIGGER last_one BEFORE DELETE ON submissions
        WHEN OLD.id = 'person-200' BEGIN SELECT RAISE(ABORT, 'stuck'); END`.execute(
        store.database.db,
      );

      await expect(
        erasePerson(store.database, { email: 'gale@example.com' }, OWNER, T0),
      ).rejects.toThrow(/stuck/);
      const left = await store.database.db
        .selectFrom('submissions')
        .select('id')
        .where('id', 'like', 'person-%')
        .execute();
      expect(left).toHaveLength(201);
    },
  );

  it('erases a person with thousands of submissions in one go', async () => {
    const rows = Array.from({ length: 5_000 }, (_, n) => ({
      id: `many-${String(n).padStart(4, '0')}`,
      form: 'application',
      received_at: T0 + n,
      fields: JSON.stringify(applicationBody(n, { email: 'hollis@example.com' })),
      client_hash: null,
      user_agent: 'test',
      language: null,
      site_language: null,
      status: 'new',
      seq: 10_000 + n,
      first_response_at: null,
      roster: null,
    }));
    for (let start = 0; start < rows.length; start += 500) {
      await store.database.db
        .insertInto('submissions')
        .values(rows.slice(start, start + 500))
        .execute();
    }
    const kept = await apply(1, { email: 'someone.else@example.com' });

    const erased = await erasePerson(store.database, { email: 'hollis@example.com' }, OWNER, T0);
    expect(erased).toEqual({ submissions: 5_000, files: 0, rows: 5_000, left: 0 });
    const left = await store.database.db.selectFrom('submissions').select('id').execute();
    expect(left.map((row) => row.id)).toEqual([kept]);
    expect(await recentErasures(store.database)).toMatchObject([
      { reason: 'person', submissions: 5_000 },
    ]);
    const listed = await store.database.db
      .selectFrom('erased_submissions')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirst();
    expect(Number(listed?.count)).toBe(5_000);
  }, 60_000);

  it('gives the person everything kept about them, the e-mails sent to them included', async () => {
    const id = await apply(1, { email: 'dana@example.com' });
    await store.database.db
      .updateTable('submissions')
      .set({ spam_score: 2, spam_reasons: '["fast"]' })
      .where('id', '=', id)
      .execute();
    // Queued by the database's clock (the outbox's); set to the test's time to compare.
    await store.database.db
      .updateTable('outbox')
      .set({ created_at: T0 })
      .where('submission_id', '=', id)
      .execute();
    await store.database.db
      .updateTable('outbox')
      .set({ sent_at: T0 + 5000, attempts: 1 })
      .where('submission_id', '=', id)
      .where('kind', '=', 'acknowledge')
      .execute();

    const data = await personData(store.database, { email: 'dana@example.com' }, T0);
    const [submission] = data.submissions;
    expect(data.submissions).toHaveLength(1);
    expect(submission).toMatchObject({
      id,
      userAgent: 'Mozilla/5.0 (test)',
      spam: { score: 2, reasons: ['fast'] },
    });
    expect(submission?.emails).toEqual(
      expect.arrayContaining([
        {
          kind: 'acknowledge',
          to: 'dana@example.com',
          queuedAt: new Date(T0).toISOString(),
          status: 'sent',
          sentAt: new Date(T0 + 5000).toISOString(),
        },
        {
          kind: 'notify',
          to: 'the company',
          queuedAt: new Date(T0).toISOString(),
          status: 'waiting',
          sentAt: null,
        },
      ]),
    );
  });

  it.runIf(engine.name === 'postgres')(
    'a reopen racing the retention pass keeps everything or loses everything',
    async () => {
      const id = await apply(1);
      await box.update(id, { status: 'handled' }, 'owner');
      // A held lock on the submission's e-mail stops the erasure between two of its deletes,
      // right after its résumé's: the point where a reopen used to split it.
      let reopenedFirst = false;
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT id FROM outbox WHERE submission_id = $1 FOR UPDATE', [id]);
        const erasing = eraseExpired(store.database, { application: 0 }, T0 + DAY);
        await waitersAtLeast(holder, 1);
        let reopened = false;
        const reopening = box.update(id, { status: 'new' }, 'owner').then(() => {
          reopened = true;
        });
        // The reopen either finishes (nothing locked the row) or waits for the erasure's lock.
        await waitersAtLeast(holder, 2, () => reopened);
        reopenedFirst = reopened;
        await holder.query('COMMIT');
        await Promise.all([erasing, reopening]);
      } finally {
        await holder.end();
      }
      // Reopened before the erasure took the row: kept whole. Otherwise erased whole, and the
      // reopen, which waited for it, finds nothing.
      const whole = { submission: 1, attachments: 1, outbox: 2, events: 3 };
      const none = { submission: 0, attachments: 0, outbox: 0, events: 0 };
      expect(await rowsOf(id)).toEqual(reopenedFirst ? whole : none);
      expect(reopenedFirst).toBe(false);
    },
  );
});

/** Waits until `count` sessions wait for a lock (or `done` says there is no need). */
async function waitersAtLeast(client: pg.Client, count: number, done = () => false) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await client.query<{ n: string }>(
      "SELECT COUNT(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
    );
    if (Number(rows[0]?.n) >= count || done()) return;
    if (Date.now() > deadline) throw new Error(`no ${count} lock waiters after 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the order of arrival on an existing SQLite database', () => {
  it('goes on after the highest seq the search index has passed, not after the rows left', async () => {
    const data = tempDataDir();
    const engine = await sqliteEngine(data.database.url);
    try {
      await migrate(engine, 0, { toVersion: 10 });
      const save = async (n: number) => {
        const saved = await saveSubmission(
          engine,
          // Kept as spam: today's save of a lead also queues its pushes, whose table (migration
          // 15) a database at schema 10 does not have yet; spam queues nothing.
          {
            form: 'quote',
            fields: { ...quoteBody(n) },
            notify: false,
            spam: { score: 9, reasons: [], spam: true },
          },
          { at: T0 + n, clientHash: (address) => address },
        );
        if (saved.status !== 'created') throw new Error(saved.status);
        return saved.id;
      };
      await save(1);
      const newest = await save(2);
      // The index passes seq 2, as the search of then left it (today's text needs migration 14's
      // replies: the app searches only a database at the latest schema).
      await sql`UPDATE settings SET value = '2' WHERE name = 'search_indexed_seq'`.execute(
        engine.db,
      );
      // Erased before the upgrade: the index has passed seq 2, and the rows end at 1.
      await engine.db.deleteFrom('submissions').where('id', '=', newest).execute();

      await migrate(engine);
      const next = await save(3);
      const row = await engine.db
        .selectFrom('submissions')
        .select('seq')
        .where('id', '=', next)
        .executeTakeFirst();
      expect(row?.seq).toBe(3);
    } finally {
      await engine.close();
      data.remove();
    }
  });
});
