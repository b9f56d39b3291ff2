// The backup and restore commands against the real receiver (a child process, as in production):
// a backup taken while posts arrive, restored into a new folder.
import { execFile } from 'node:child_process';
import {
  existsSync,
  readdirSync,
  readFileSync,
  statSync,
  truncateSync,
  copyFileSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  addOwner,
  ensureServerBuild,
  inboxRecords,
  postJson,
  postWithFile,
  removeDir,
  signIn,
  startReceiver,
  stopReceiver,
  tempDir,
  type ReceiverProcess,
} from '../testing/receiver-harness.ts';
import { databaseConfig } from '../config.ts';
import { runDataCli } from './database-cli.ts';
import { openFile } from './sqlite-file.ts';
import { openStore } from '../store/store.ts';
import { applicationBody, quoteBody, runCaught, samplePdf } from '../testing/fixtures.ts';

const execFileAsync = promisify(execFile);

/** The command as `npm run backup|restore` runs it: scripts/run/data.mjs, from the server's bundle. */
async function command(dataDir: string, ...argv: string[]) {
  try {
    const { stdout, stderr } = await execFileAsync(
      process.execPath,
      ['scripts/run/data.mjs', ...argv],
      {
        env: { ...process.env, DATA_DIR: dataDir },
      },
    );
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, out: failed.stdout ?? '', err: failed.stderr ?? '' };
  }
}

/** The command in this process (for refusals: nothing is opened). */
function inProcess(env: Record<string, string>, ...argv: string[]) {
  return runCaught((io) => runDataCli(argv, io), env);
}

async function until(condition: () => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Applications with a résumé each (distinct bytes), posted by `workers` at once until stopped. */
function postApplications(port: number, workers = 6) {
  const resumes = new Map<string, Buffer>();
  const failures: string[] = [];
  let next = 0;
  let stopped = false;
  async function worker() {
    while (!stopped) {
      const n = next++;
      const resume = samplePdf(1200 + n * 7, `Applicant ${n}`);
      const answer = await postWithFile(port, 'application', applicationBody(n), resume);
      if (answer.status !== 200) failures.push(`${answer.status} ${answer.body}`);
      else resumes.set((JSON.parse(answer.body) as { id: string }).id, resume);
    }
  }
  const running = Array.from({ length: workers }, worker);
  return {
    resumes,
    failures,
    async stop() {
      stopped = true;
      await Promise.all(running);
    },
  };
}

const OWNER = { email: 'owner@example.com', password: 'a long pass phrase for tests' };

let dirs: string[] = [];
let receivers: ReceiverProcess[] = [];

function folder(prefix: string) {
  const dir = tempDir(prefix);
  dirs.push(dir);
  return dir;
}

beforeAll(() => ensureServerBuild(), 120_000);

afterEach(async () => {
  for (const receiver of receivers) await stopReceiver(receiver);
  for (const dir of dirs) removeDir(dir);
  receivers = [];
  dirs = [];
});

describe('npm run backup, then npm run restore', () => {
  it('backs up while posts arrive; the restore has every row and byte-identical résumés', async () => {
    const live = folder('backup-live-');
    const backups = folder('backup-files-');
    const receiver = await startReceiver(live);
    receivers.push(receiver);
    const load = postApplications(receiver.port);
    await until(() => load.resumes.size >= 20);
    const answeredBefore = new Set(load.resumes.keys());
    const file = path.join(backups, 'submissions.db');
    const backup = await command(live, 'backup', '--out', file);
    const answeredDuring = load.resumes.size - answeredBefore.size;
    await until(() => load.resumes.size >= answeredBefore.size + answeredDuring + 10);
    await load.stop();
    await stopReceiver(receiver);

    expect(backup.code, backup.err).toBe(0);
    expect(load.failures).toEqual([]);
    // Posts went on, and were answered, while the backup was being taken.
    expect(answeredDuring).toBeGreaterThan(0);
    expect(backup.out).toMatch(
      /^Backed up .*submissions\.db to .*submissions\.db \(\d+(\.\d)? (bytes|kB|MB), schema version \d+\)/,
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const keyCopy = `${file}.address-hash.key`;
    expect(readFileSync(keyCopy, 'utf8')).toBe(
      readFileSync(path.join(live, 'address-hash.key'), 'utf8'),
    );
    expect(statSync(keyCopy).mode & 0o777).toBe(0o600);
    const printed = Number(/^\s+submissions\s+(\d+)$/m.exec(backup.out)?.[1]);

    // A fresh folder, not made yet: the restore makes it.
    const restored = path.join(folder('backup-restored-'), 'data');
    const restore = await command(restored, 'restore', file);
    expect(restore.code, restore.err).toBe(0);
    expect(restore.out).toContain('The address-hash key was restored');
    expect(readFileSync(path.join(restored, 'address-hash.key'), 'utf8')).toBe(
      readFileSync(keyCopy, 'utf8'),
    );

    // A server started on the restored folder: the owner finds every row and downloads each file.
    addOwner({ DATA_DIR: restored }, OWNER);
    const started = await startReceiver(restored);
    receivers.push(started);
    const records = await inboxRecords(started.port, await signIn(started.port, OWNER));
    const ids = new Set(records.map((record) => record.id));
    expect(records).toHaveLength(printed);
    expect(ids.size).toBe(printed);
    // Everything answered before the backup began is in it; nothing that was never answered.
    for (const id of answeredBefore) expect(ids.has(id), id).toBe(true);
    for (const record of records) {
      expect(load.resumes.has(record.id), record.id).toBe(true);
      expect(record.files).toHaveLength(1);
      expect(
        record.files[0]?.equals(load.resumes.get(record.id) ?? Buffer.alloc(0)),
        record.id,
      ).toBe(true);
    }
  }, 90_000);

  it('refuses to restore while the server runs, then restores once it is stopped', async () => {
    const source = folder('backup-source-');
    const sourceServer = await startReceiver(source);
    receivers.push(sourceServer);
    expect((await postJson(sourceServer.port, 'quote', quoteBody(1))).status).toBe(200);
    const file = path.join(folder('backup-files-'), 'one.db');
    expect((await command(source, 'backup', '--out', file)).code).toBe(0);

    const live = folder('backup-running-');
    const receiver = await startReceiver(live);
    receivers.push(receiver);
    const posted = await postJson(receiver.port, 'quote', quoteBody(2));
    const before = readdirSync(live).sort();
    const refused = await command(live, 'restore', file);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(
      /submissions\.db is open in another process .*stop it, then restore/,
    );
    expect(refused.err).not.toMatch(/\n\s+at /);
    expect(readdirSync(live).sort()).toEqual(before);
    // The server never noticed.
    expect((await postJson(receiver.port, 'quote', quoteBody(3))).status).toBe(200);

    await stopReceiver(receiver);
    const restore = await command(live, 'restore', file);
    expect(restore.code, restore.err).toBe(0);
    const aside = readdirSync(live).find((name) =>
      name.startsWith('submissions.db.before-restore-'),
    );
    expect(aside).toBeDefined();
    expect(readdirSync(live).filter((name) => /^submissions\.db-(wal|shm)$/.test(name))).toEqual(
      [],
    );
    expect(restore.out).toContain(`kept as ${path.join(live, aside ?? '')}`);
    // The key the live folder had is kept too, beside the one restored.
    expect(
      readdirSync(live).some((name) => name.startsWith('address-hash.key.before-restore-')),
    ).toBe(true);

    const restarted = await startReceiver(live);
    receivers.push(restarted);
    const again = await command(live, 'restore', file);
    expect(again.code).toBe(1); // running again: refused again
    await stopReceiver(restarted);
    const asideStore = openFile(path.join(live, aside ?? ''));
    const kept = await asideStore.execute('SELECT id FROM submissions');
    asideStore.close();
    expect(kept.rows.map((row) => row.id)).toContain(JSON.parse(posted.body).id);
  }, 60_000);
});

describe('refusals', () => {
  let data: string;
  let backup: string;

  beforeAll(async () => {
    data = tempDir('backup-refusals-');
    const store = await openStore(databaseConfig({ DATA_DIR: data }));
    await store.save({ form: 'quote', fields: quoteBody(1), notify: false });
    await store.close();
    backup = path.join(data, 'good.db');
    expect((await inProcess({ DATA_DIR: data }, 'backup', '--out', backup)).code).toBe(0);
  });

  afterAll(() => removeDir(data));

  it('backup: a Postgres database, an existing file, a missing database, bad arguments', async () => {
    const postgres = await inProcess(
      { DATABASE_URL: 'postgres://u:p@localhost/forms', ADDRESS_HASH_SECRET: 'x'.repeat(32) },
      'backup',
      '--out',
      path.join(data, 'pg.db'),
    );
    expect(postgres.code).toBe(1);
    expect(postgres.err).toMatch(/Postgres database: back it up with pg_dump/);

    writeFileSync(path.join(data, 'taken.db'), 'mine');
    const taken = await inProcess(
      { DATA_DIR: data },
      'backup',
      '--out',
      path.join(data, 'taken.db'),
    );
    expect(taken.code).toBe(1);
    expect(taken.err).toMatch(/taken\.db already exists; a backup never replaces a file/);
    expect(readFileSync(path.join(data, 'taken.db'), 'utf8')).toBe('mine');

    const empty = path.join(data, 'nothing-here');
    const missing = await inProcess(
      { DATA_DIR: empty },
      'backup',
      '--out',
      path.join(data, 'x.db'),
    );
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/^No database at .*: nothing to back up/);
    expect(existsSync(empty)).toBe(false);

    expect((await inProcess({ DATA_DIR: data }, 'backup')).code).toBe(2);
    expect((await inProcess({ DATA_DIR: data }, 'backup', '--out', 'a', 'b')).code).toBe(2);
    expect((await inProcess({ DATA_DIR: data }, 'backup', '--bogus')).code).toBe(2);
  });

  it('backup with ADDRESS_HASH_SECRET: no key file beside it, and a reminder to keep the secret', async () => {
    const out = path.join(data, 'with-secret.db');
    const result = await inProcess(
      { DATA_DIR: data, ADDRESS_HASH_SECRET: 's'.repeat(40) },
      'backup',
      '--out',
      out,
    );
    expect(result.code).toBe(0);
    expect(result.out).toContain('ADDRESS_HASH_SECRET, which is not in the backup');
    expect(existsSync(`${out}.address-hash.key`)).toBe(false);
  });

  it('restore refuses what is not a backup of this server, and changes nothing', async () => {
    const target = folder('restore-target-');
    const untouched = () =>
      readdirSync(target).map((name) => [name, readFileSync(path.join(target, name))]);
    expect((await inProcess({ DATA_DIR: target }, 'restore', backup)).code).toBe(0);
    const before = untouched();

    const text = path.join(data, 'notes.txt');
    writeFileSync(text, 'not a database at all');
    const foreign = path.join(data, 'foreign.db');
    const client = openFile(foreign);
    await client.execute('CREATE TABLE invoices (id INTEGER)');
    client.close();
    const truncated = path.join(data, 'truncated.db');
    copyFileSync(backup, truncated);
    truncateSync(truncated, 4096 * 3);

    const cases: [string, RegExp][] = [
      [path.join(data, 'missing.db'), /^No file .*missing\.db/],
      [text, /notes\.txt is not a SQLite database/],
      [foreign, /foreign\.db is a SQLite database, but not this server's/],
      [truncated, /truncated\.db (is damaged|cannot be read as a database)/],
      [path.join(target, 'submissions.db'), /is the server's database itself/],
    ];
    for (const [file, message] of cases) {
      const result = await inProcess({ DATA_DIR: target }, 'restore', file);
      expect(result.code, file).toBe(1);
      expect(result.err, file).toMatch(message);
      expect(result.err, file).not.toMatch(/\n\s+at /);
    }
    expect(untouched()).toEqual(before);
    expect((await inProcess({ DATA_DIR: target }, 'restore')).code).toBe(2);
    expect(
      (
        await inProcess(
          { DATABASE_URL: 'postgres://u:p@h/db', ADDRESS_HASH_SECRET: 'x'.repeat(32) },
          'restore',
          backup,
        )
      ).err,
    ).toMatch(/pg_restore/);
  });
});
