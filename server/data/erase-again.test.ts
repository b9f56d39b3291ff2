// Restores keep erasures: backup, erase a person, restore the backup, and the person stays erased.
import { chmodSync, copyFileSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { openStore, type Store } from '../store/store.ts';
import { applicationBody, runCaught, tempDataDir } from '../testing/fixtures.ts';
import { createTestDatabase } from '../testing/postgres.ts';
import { runDataCli } from './database-cli.ts';
import { copyToPostgres } from './db-copy.ts';
import { erasePerson } from './erasure.ts';

const T0 = Date.parse('2030-05-01T12:00:00Z');
const OWNER = { userId: null, label: 'owner@example.com' };

let data: ReturnType<typeof tempDataDir>;
let store: Store;
const env = () => ({ DATA_DIR: data.dir });
const cli = (...argv: string[]) => runCaught((io) => runDataCli(argv, io), env());

async function apply(n: number, email: string) {
  const saved = await store.save({
    form: 'application',
    fields: { ...applicationBody(n, { email }) },
    notify: true,
  });
  if (saved.status !== 'created') throw new Error(saved.status);
  return saved.id;
}

beforeEach(async () => {
  data = tempDataDir();
  store = await openStore(data.database, { now: () => T0 });
});

afterEach(async () => {
  await store.close();
  data.remove();
});

it('backup, erase a person, restore: the person is still erased, and the record kept', async () => {
  const erin = [await apply(1, 'erin@example.com'), await apply(2, 'erin@example.com')];
  const other = await apply(3, 'someone.else@example.com');
  const backup = path.join(data.dir, 'backup.db');
  expect((await cli('backup', '--out', backup)).code).toBe(0);
  // After the backup: one more of hers, erased with the others but never in the backup.
  erin.push(await apply(4, 'erin@example.com'));
  const erased = await erasePerson(store.database, { email: 'erin@example.com' }, OWNER, T0);
  expect(erased.submissions).toBe(3);
  // The server's database as it is now, in a folder of its own: this process still holds the
  // first one open, and a restore refuses a database in use.
  const now = path.join(data.dir, 'now.db');
  expect((await cli('backup', '--out', now)).code).toBe(0);
  const server = tempDataDir();
  try {
    copyFileSync(now, path.join(server.dir, 'submissions.db'));
    const serverEnv = { DATA_DIR: server.dir };
    const restored = await runCaught((io) => runDataCli(['restore', backup], io), serverEnv);
    expect(restored.code, restored.err).toBe(0);
    expect(restored.out).toContain(
      '2 submissions erased since this backup was made were erased again.',
    );
    // The same again from the database the restore set aside: nothing left to erase.
    const aside = readdirSync(server.dir).find(
      (name) =>
        name.startsWith('submissions.db.before-restore-') && !/-(wal|shm|journal)$/.test(name),
    );
    const again = await runCaught(
      (io) => runDataCli(['db', 'erase-again', '--from', path.join(server.dir, aside ?? '')], io),
      serverEnv,
    );
    expect(again.code, again.err).toBe(0);
    expect(again.out).toBe('No submission erased since this backup was made is in it.\n');

    const database = await openDatabase(server.database);
    try {
      const left = await database.db.selectFrom('submissions').select('id').execute();
      expect(left.map((row) => row.id)).toEqual([other]);
      expect(await database.db.selectFrom('erasures').selectAll().execute()).toMatchObject([
        { reason: 'person', user_email: OWNER.label, at: T0, submissions: 2 },
      ]);
      const ids = await database.db
        .selectFrom('erased_submissions')
        .select('submission_id')
        .execute();
      expect(ids.map((row) => row.submission_id).sort()).toEqual(erin.slice(0, 2).sort());
    } finally {
      await database.close();
    }
  } finally {
    server.remove();
  }
});

it('erase-again only reads the file it is given: its bytes and its folder stay as they were', async () => {
  const backup = path.join(data.dir, 'backup.db');
  expect((await cli('backup', '--out', backup)).code).toBe(0);
  await apply(1, 'erin@example.com');
  await erasePerson(store.database, { email: 'erin@example.com' }, OWNER, T0);
  // The database that erased her, as a set-aside copy in a folder of its own.
  const aside = path.join(data.dir, 'aside');
  mkdirSync(aside);
  const copy = path.join(aside, 'submissions.db.before-restore');
  expect((await cli('backup', '--out', copy)).code).toBe(0);
  const [bytes, listing] = [readFileSync(copy), readdirSync(aside)];
  const server = tempDataDir();
  try {
    copyFileSync(backup, path.join(server.dir, 'submissions.db'));
    const again = await runCaught((io) => runDataCli(['db', 'erase-again', '--from', copy], io), {
      DATA_DIR: server.dir,
    });
    expect(again.code, again.err).toBe(0);
    expect(readdirSync(aside)).toEqual(listing);
    expect(readFileSync(copy).equals(bytes)).toBe(true);
  } finally {
    server.remove();
  }
});

it('erase-again reads a WAL-mode database in a read-only folder, and leaves it as it was', async () => {
  await apply(1, 'erin@example.com');
  const backup = path.join(data.dir, 'backup.db');
  expect((await cli('backup', '--out', backup)).code).toBe(0);
  await erasePerson(store.database, { email: 'erin@example.com' }, OWNER, T0);
  // The server's own database as it is while it runs (the erasure still in its -wal), on media
  // that cannot be written.
  const media = path.join(data.dir, 'media');
  mkdirSync(media);
  const names = ['submissions.db', 'submissions.db-wal', 'submissions.db-shm'];
  for (const name of names) copyFileSync(path.join(data.dir, name), path.join(media, name));
  expect(statSync(path.join(media, 'submissions.db-wal')).size).toBeGreaterThan(0);
  for (const name of names) chmodSync(path.join(media, name), 0o444);
  chmodSync(media, 0o555);
  // As root the modes stop nothing: what matters is that nothing was written.
  const before = names.map((name) => readFileSync(path.join(media, name)));
  const server = tempDataDir();
  try {
    copyFileSync(backup, path.join(server.dir, 'submissions.db'));
    const from = path.join(media, 'submissions.db');
    const again = await runCaught((io) => runDataCli(['db', 'erase-again', '--from', from], io), {
      DATA_DIR: server.dir,
    });
    expect(again.code, again.err).toBe(0);
    expect(again.out).toBe('1 submission erased since this backup was made was erased again.\n');
    expect(readdirSync(media).sort()).toEqual([...names].sort());
    names.forEach((name, n) => {
      expect(readFileSync(path.join(media, name)).equals(before[n] ?? Buffer.alloc(0)), name).toBe(
        true,
      );
    });
  } finally {
    chmodSync(media, 0o755);
    server.remove();
  }
});

it('erase-again asks for --from', async () => {
  const refused = await cli('db', 'erase-again');
  expect(refused.code).toBe(2);
  expect(refused.err).toMatch(/--from/);
});

it('erase-again on Postgres: what a SQLite database erased, erased in its copy on Postgres', async () => {
  const erin = await apply(1, 'erin@example.com');
  const other = await apply(2, 'someone.else@example.com');
  const target = await createTestDatabase(inject('postgresUrl'), 'again');
  expect((await copyToPostgres(env(), target)).ok).toBe(true);
  await erasePerson(store.database, { email: 'erin@example.com' }, OWNER, T0);

  const again = await runCaught(
    (io) => runDataCli(['db', 'erase-again', '--from', path.join(data.dir, 'submissions.db')], io),
    { DATABASE_URL: target, ADDRESS_HASH_SECRET: 'a'.repeat(64) },
  );
  expect(again.code, again.err).toBe(0);
  expect(again.out).toBe('1 submission erased since this backup was made was erased again.\n');

  const database = await openDatabase({ url: target, addressKey: { secret: 'test-address-key' } });
  try {
    const left = await database.db.selectFrom('submissions').select('id').execute();
    expect(left.map((row) => row.id)).toEqual([other]);
    expect(left.map((row) => row.id)).not.toContain(erin);
    expect(await database.db.selectFrom('erasures').selectAll().execute()).toMatchObject([
      { reason: 'person', at: T0, submissions: 1 },
    ]);
  } finally {
    await database.close();
  }
});
