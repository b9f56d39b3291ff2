import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import {
  addOwner,
  ensureServerBuild,
  inboxRecords,
  postJson,
  signIn,
  startReceiver,
  stopReceiver,
  tempDir,
} from '../testing/receiver-harness.ts';
import { inbox } from '../admin/inbox.ts';
import { runDataCli } from './database-cli.ts';
import { forms } from '../intake/forms.ts';
import { copyTables, TableDigest } from './db-copy-tables.ts';
import { erasePerson } from './erasure.ts';
import { openDatabase } from '../db/database.ts';
import { TABLE_ORDER } from '../db/tables.ts';
import { siteStore } from '../site/site-store.ts';
import { openStore, type Store } from '../store/store.ts';
import { createTestDatabase } from '../testing/postgres.ts';
import {
  applicationBody,
  pdfAttachment,
  quoteBody,
  runCaught,
  samplePdf,
  tempDataDir,
} from '../testing/fixtures.ts';
import { NOTHING_PUBLISHED } from '../../src/content/published.ts';

const OWNER = { email: 'inbox@example.com', password: 'a long pass phrase for tests' };

let data: ReturnType<typeof tempDataDir>;
let target: string;

function cli(...argv: string[]) {
  return runCaught((io) => runDataCli(argv, io), { DATA_DIR: data.dir });
}

const resumes = new Map<number, Buffer>();

/** Every table filled: submissions with résumés and their outbox rows, accounts and their traces. */
async function fill(store: Store): Promise<void> {
  for (let n = 1; n <= 24; n += 1) {
    const application = n % 3 === 0;
    if (application) resumes.set(n, samplePdf(1500 + n, `Applicant ${n}`));
    const resume = resumes.get(n);
    await store.save({
      form: application ? 'application' : 'quote',
      fields: application ? applicationBody(n) : quoteBody(n, { additionalInfo: `Ünïcode ${n} ✓` }),
      clientAddress: `203.0.113.${n}`,
      userAgent: 'Mozilla/5.0 (test)',
      language: 'es-US',
      siteLanguage: n % 2 ? 'en' : 'es',
      notify: true,
      acknowledgeTo: `visitor${n}@example.com`,
      attachment: resume && pdfAttachment(resume, `CV ${n}.pdf`),
    });
  }
  const { db } = store.database;
  const at = Date.parse('2030-05-01T12:00:00Z');
  for (const email of ['owner@example.com', 'desk@example.com']) {
    await db
      .insertInto('users')
      .values({
        email,
        password_hash: `scrypt$${email}`,
        created_at: at,
        password_changed_at: at,
        last_active_at: null,
        seen_before: 1,
      })
      .execute();
  }
  const [owner] = await db.selectFrom('users').select('id').orderBy('id').execute();
  await db
    .insertInto('sessions')
    .values({
      token_hash: 'f'.repeat(64),
      user_id: Number(owner?.id),
      created_at: at,
      last_seen_at: at + 1,
    })
    .execute();
  await db
    .insertInto('failed_sign_ins')
    .values([
      { at, account_hash: 'a1', source_hash: 's1' },
      { at, account_hash: 'a1', source_hash: 's2' },
    ])
    .execute();
  await db.insertInto('rate_counters').values({ key: 'k1', window_start: at, count: 3 }).execute();
  await db.insertInto('spent_challenges').values({ signature: 'sig', expires_at: at }).execute();
  const [first] = await store.list();
  await db
    .insertInto('submission_events')
    .values({
      submission_id: first?.id ?? '',
      at,
      user_email: 'owner@example.com',
      kind: 'status',
      status: 'handled',
    })
    .execute();
  await fillConversation(store, first?.id ?? '', at);
  // The owner's site: a published version, the draft, a photo's file.
  const site = siteStore(store.database, () => at);
  await site.addVersion({
    after: 0,
    fields: { 'business/name': 'Copied' },
    changes: ['x'],
    by: 'owner@example.com',
  });
  await site.saveDraft({ 'business/name': 'Copied' }, 0, 'owner@example.com');
  await site.saveMedia('0123456789abcdef', [
    { name: '0123456789abcdef-640.avif', type: 'image/avif', content: new Uint8Array([0, 1, 255]) },
  ]);
}

/** A template, a reply sent from it and the visitor's answer, each answer's and reply's e-mail. */
async function fillConversation(store: Store, submission: string, at: number): Promise<void> {
  const { db } = store.database;
  const template = await db
    .insertInto('reply_templates')
    .values({
      key: null,
      form: 'quote',
      name: 'Quote on its way',
      body_en: 'Hello {name}, your quote is on its way.',
      body_es: 'Hola {name}, su cotización está en camino.',
      position: 1,
      updated_at: at,
      updated_by: 'owner@example.com',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const message = (direction: 'out' | 'in', n: number) => ({
    submission_id: submission,
    direction,
    at: at + n,
    user_email: direction === 'out' ? 'owner@example.com' : null,
    template_id: direction === 'out' ? Number(template.id) : null,
    language: 'es',
    from_address: direction === 'out' ? 'hello@example.com' : 'visitor1@example.com',
    to_address: direction === 'out' ? 'visitor1@example.com' : 'reply+t0ken@example.com',
    subject: 'Re: Su cotización',
    body: direction === 'out' ? 'Hola, su cotización está en camino.' : 'Gracias: ¡el cumpleaños!',
    quoted: direction === 'in' ? '> Hola, su cotización está en camino.' : null,
    message_id: `<reply.${n}@example.com>`,
    in_reply_to: direction === 'in' ? '<reply.1@example.com>' : null,
    ref_ids: direction === 'in' ? '<reply.1@example.com>' : null,
  });
  const replies = await db
    .insertInto('replies')
    .values([message('out', 1), message('in', 2)])
    .returning('id')
    .execute();
  await db
    .insertInto('outbox')
    .values(
      replies.map((reply, index) => ({
        submission_id: submission,
        kind: index === 0 ? 'reply' : 'answer',
        created_at: at,
        next_attempt_at: at,
        lease_until: null,
        last_error: null,
        last_error_at: null,
        sent_at: at + 1,
        gave_up_at: null,
        claim_token: null,
        reply_id: Number(reply.id),
      })),
    )
    .execute();
}

beforeAll(() => ensureServerBuild(), 120_000);

beforeEach(async () => {
  data = tempDataDir();
  target = await createTestDatabase(inject('postgresUrl'), 'copy');
});

afterEach(() => data.remove());

describe('npm run db -- copy', () => {
  it('copies every table into an empty Postgres database, with equal checksums', async () => {
    const sqlite = await openStore(data.database);
    await fill(sqlite);
    const { code, out, err } = await cli('db', 'copy', '--to', target);
    expect(code, err).toBe(0);
    for (const table of TABLE_ORDER) expect(out).toMatch(new RegExp(`^${table} .* same$`, 'm'));
    expect(out).not.toContain('DIFFERENT');
    expect(out).toMatch(/^submissions\s+24\s+24\s/m);
    expect(out).toMatch(/^attachments\s+8\s+8\s/m);
    for (const table of ['site_versions', 'site_draft', 'site_media_files', 'reply_templates']) {
      expect(out).toMatch(new RegExp(`^${table}\\s+1\\s+1\\s`, 'm'));
    }
    expect(out).toMatch(/^replies\s+2\s+2\s/m);
    expect(out).not.toContain('receiver-tests'); // the password of the test server's address
    const keyFile = path.join(data.dir, 'address-hash.key');
    expect(out).toContain(`ADDRESS_HASH_SECRET=$(cat '${keyFile}')`);

    // The key file's content as the secret: the copied hashes match the ones made on SQLite.
    const secret = readFileSync(keyFile, 'utf8').trim();
    const postgres = await openStore({ url: target, addressKey: { secret } });
    try {
      const [before, after] = [await sqlite.list(), await postgres.list()];
      expect(before).toHaveLength(24);
      expect(after).toEqual(before);
      const applications = after.filter((row) => row.form === 'application');
      expect(applications).toHaveLength(8);
      for (const submission of applications) {
        const [file] = await postgres.attachmentFiles(submission.id);
        const n = Number(/\d+$/.exec(String(submission.fields.fullName))?.[0]);
        expect(Buffer.from(file?.content ?? []).equals(resumes.get(n) ?? Buffer.alloc(0))).toBe(
          true,
        );
      }
      expect(await postgres.outboxSummary()).toEqual(await sqlite.outboxSummary());
      // The copied rows are in Postgres's search too (accents ignored).
      const found = await inbox(postgres.database, {
        forms,
        published: () => NOTHING_PUBLISHED,
      }).page({ q: 'UNICODE' });
      expect(found.items.map((item) => item.id).sort()).toEqual(
        after
          .filter((row) => row.form === 'quote')
          .map((row) => row.id)
          .sort(),
      );
      expect(postgres.database.clientHash('203.0.113.7')).toBe(
        sqlite.database.clientHash('203.0.113.7'),
      );
      // And by the words of a submission's reply and answer (not their quoted text).
      const byReply = await inbox(postgres.database, {
        forms,
        published: () => NOTHING_PUBLISHED,
      }).page({ q: 'cumpleanos' });
      expect(byReply.items.map((item) => item.id)).toEqual([before[0]?.id]);
      for (const table of [
        'users',
        'sessions',
        'submission_events',
        'acknowledged_addresses',
        'replies',
        'reply_templates',
        'outbox',
      ] as const) {
        const rows = async (store: Store) =>
          (await store.database.db.selectFrom(table).selectAll().execute())
            .map((row) => JSON.stringify(row))
            .sort();
        expect(await rows(postgres), table).toEqual(await rows(sqlite));
      }
      await expectSequencesPastCopy(postgres, sqlite);
    } finally {
      await postgres.close();
      await sqlite.close();
    }
  });

  it("reads a table a few rows at a time by its key (two columns for erased_submissions), leaves SQLite's seq counter behind and sets the sequence past it", async () => {
    const sqlite = await openStore(data.database);
    const at = Date.parse('2030-05-01T12:00:00Z');
    for (let n = 1; n <= 9; n += 1) {
      const email = `person${n % 3}@example.com`;
      await sqlite.save({
        form: 'application',
        fields: applicationBody(n, { email }),
        notify: true,
      });
    }
    const owner = { userId: null, label: 'owner@example.com' };
    // Three erasures of three submissions each, the last one the newest submission (seq 9).
    for (const n of [1, 2, 0]) {
      await erasePerson(sqlite.database, { email: `person${n}@example.com` }, owner, at);
    }
    await sqlite.save({ form: 'quote', fields: quoteBody(10), notify: true });
    await erasePerson(sqlite.database, { email: 'jordan.rivera+10@example.com' }, owner, at);
    const erased = await sqlite.database.db.selectFrom('erased_submissions').selectAll().execute();
    expect(erased.length).toBeGreaterThanOrEqual(9);
    const postgres = await openDatabase({ url: target, addressKey: { secret: 'k'.repeat(64) } });
    try {
      const checks = await copyTables(sqlite.database.db, postgres.db, () => {}, 2);
      expect(checks.every((check) => check.source.rows === check.target.rows)).toBe(true);
      const copied = await postgres.db.selectFrom('erased_submissions').selectAll().execute();
      const sorted = (rows: typeof erased) =>
        rows.map((row) => `${row.erasure_id} ${row.submission_id}`).sort();
      expect(sorted(copied)).toEqual(sorted(erased));
      const names = await postgres.db.selectFrom('settings').select('name').execute();
      expect(names.map((row) => row.name)).not.toContain('submissions_last_seq');
      expect(await sqlite.database.db.selectFrom('submissions').selectAll().execute()).toEqual([]);
    } finally {
      await postgres.close();
      await sqlite.close();
    }
    const store = await openStore({ url: target, addressKey: { secret: 'k'.repeat(64) } });
    try {
      const saved = await store.save({ form: 'quote', fields: quoteBody(11), notify: true });
      const row = await store.database.db
        .selectFrom('submissions')
        .select('seq')
        .where('id', '=', saved.status === 'created' ? saved.id : '')
        .executeTakeFirstOrThrow();
      expect(Number(row.seq)).toBe(11); // not 1: seq 1 to 10 were given, then erased
    } finally {
      await store.close();
    }
  });

  it('a server started on the copy shows the owner every submission and résumé', async () => {
    const sqlite = await openStore(data.database);
    await fill(sqlite);
    const before = await sqlite.list();
    await sqlite.close();
    expect((await cli('db', 'copy', '--to', target)).code).toBe(0);

    const env = {
      DATABASE_URL: target,
      ADDRESS_HASH_SECRET: readFileSync(path.join(data.dir, 'address-hash.key'), 'utf8').trim(),
    };
    addOwner(env, OWNER);
    const receiver = await startReceiver(tempDir('copy-server-'), env);
    try {
      const cookie = await signIn(receiver.port, OWNER);
      const records = await inboxRecords(receiver.port, cookie);
      // Newest first, as the inbox lists them; each application's résumé byte for byte.
      expect(records.map((record) => record.id)).toEqual(before.map((row) => row.id).reverse());
      for (const record of records) {
        const n = Number(/\d+$/.exec(String(record.fields.fullName ?? ''))?.[0]);
        expect(record.files, record.id).toEqual(resumes.has(n) ? [resumes.get(n)] : []);
      }
      expect(records.filter((record) => record.files.length > 0)).toHaveLength(resumes.size);
      // And it takes new posts after the copied ones.
      const posted = await postJson(receiver.port, 'quote', quoteBody(77));
      expect(posted.status).toBe(200);
      const [newest] = await inboxRecords(receiver.port, cookie);
      expect(newest?.id).toBe((JSON.parse(posted.body) as { id: string }).id);
    } finally {
      await stopReceiver(receiver);
    }
  }, 60_000);

  it('refuses a database that is not empty, and leaves it as it was', async () => {
    const sqlite = await openStore(data.database);
    await sqlite.save({ form: 'quote', fields: quoteBody(1), notify: false });
    await sqlite.close();
    expect((await cli('db', 'copy', '--to', target)).code).toBe(0);
    const again = await cli('db', 'copy', '--to', target);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/is not empty: settings, submissions, dedupe_keys have rows/);

    const other = await createTestDatabase(inject('postgresUrl'), 'copy');
    const client = new pg.Client({ connectionString: other });
    await client.connect();
    await client.query('CREATE TABLE invoices (id INT)');
    await client.end();
    const foreign = await cli('db', 'copy', '--to', other);
    expect(foreign.code).toBe(1);
    expect(foreign.err).toMatch(/has tables of its own \(invoices\)/);
    // Refused before the migrations: none of the receiver's tables were made there.
    const check = new pg.Client({ connectionString: other });
    await check.connect();
    const tables = await check.query(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
    );
    await check.end();
    expect(tables.rows.map((row: { table_name: string }) => row.table_name)).toEqual(['invoices']);
  });

  it('refuses bad arguments and a configured Postgres source with a message, no stack', async () => {
    expect((await cli('db', 'copy')).code).toBe(2);
    expect((await cli('db', 'copy', '--to', 'file:other.db')).code).toBe(2);
    expect((await cli('db', 'move', '--to', target)).code).toBe(2);
    const missing = await cli('db', 'copy', '--to', target);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/^No database at .*submissions\.db: nothing to copy/);

    let err = '';
    const code = await runDataCli(['db', 'copy', '--to', target], {
      env: { DATABASE_URL: target, ADDRESS_HASH_SECRET: 'x'.repeat(32) },
      out: () => {},
      err: (text) => (err += text),
    });
    expect(code).toBe(1);
    expect(err).toMatch(/^DATABASE_URL is already a Postgres database/);
    expect(err).not.toMatch(/\n\s+at /);
  });
});

/** New rows on Postgres continue after the copied ones: no id or order of arrival is reused. */
async function expectSequencesPastCopy(postgres: Store, sqlite: Store) {
  const max = async (store: Store, table: 'outbox' | 'users' | 'attachments') =>
    Number(
      (
        await store.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id,
    );
  const maxSeq = Number(
    (
      await sqlite.database.db
        .selectFrom('submissions')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .executeTakeFirst()
    )?.seq,
  );
  const saved = await postgres.save({
    form: 'application',
    fields: applicationBody(99),
    notify: true,
    attachment: pdfAttachment(samplePdf(900)),
  });
  expect(saved.status).toBe('created');
  const row = await postgres.database.db
    .selectFrom('submissions')
    .select('seq')
    .where('id', '=', saved.status === 'created' ? saved.id : '')
    .executeTakeFirstOrThrow();
  expect(Number(row.seq)).toBe(maxSeq + 1);
  expect(await max(postgres, 'outbox')).toBe((await max(sqlite, 'outbox')) + 1);
  expect(await max(postgres, 'attachments')).toBe((await max(sqlite, 'attachments')) + 1);
  const user = await postgres.database.db
    .insertInto('users')
    .values({
      email: 'new@example.com',
      password_hash: 'x',
      created_at: 1,
      password_changed_at: 1,
      last_active_at: null,
      seen_before: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  expect(Number(user.id)).toBe((await max(sqlite, 'users')) + 1);
}

describe('TableDigest', () => {
  const columns = ['id', 'name', 'content'];
  const digest = (rows: Record<string, unknown>[]) => {
    const table = new TableDigest();
    for (const row of rows) table.add(row, columns);
    return table.checksum;
  };

  it('is the same for the same rows in any order, bytes from either engine', () => {
    const a = { id: 1, name: 'a', content: new Uint8Array([1, 2]).buffer };
    const b = { id: 2, name: 'b', content: null };
    expect(digest([a, b])).toBe(digest([b, { ...a, content: Buffer.from([1, 2]) }]));
  });

  it('differs when a value, a type or a row differs', () => {
    const rows = [{ id: 1, name: 'a', content: Buffer.from([1, 2]) }];
    const base = digest(rows);
    expect(digest([{ ...rows[0], content: Buffer.from([1, 3]) }])).not.toBe(base);
    expect(digest([{ ...rows[0], id: '1' }])).not.toBe(base);
    expect(digest([{ ...rows[0], content: '0102' }])).not.toBe(base);
    expect(digest([...rows, ...rows])).not.toBe(base);
  });
});
