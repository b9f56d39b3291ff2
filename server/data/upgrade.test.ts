import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { databaseConfig, type DatabaseConfig } from '../config.ts';
import { migrate, openDatabase } from '../db/database.ts';
import { sqliteEngine } from '../db/sqlite.ts';
import {
  currentVersion,
  LATEST_VERSION,
  rotateUpgradeCopies,
  UpgradeError,
  type UpgradeOptions,
} from '../db/upgrade.ts';
import { openStore } from '../store/store.ts';
import { engines } from '../testing/engines.ts';
import { quoteBody, runCaught, tempDataDir } from '../testing/fixtures.ts';
import { runDataCli } from './database-cli.ts';
import { restoreDatabase } from './restore.ts';

const NEXT = LATEST_VERSION + 1;
/** A migration after the released ones whose second step is not SQL: the upgrade must fail. */
const failing = [
  { version: NEXT, statements: ['CREATE TABLE upgrade_probe (id INTEGER)', 'THIS IS NOT SQL'] },
];

/** A database at the latest version with one submission; its id. */
async function withOneSubmission(database: DatabaseConfig): Promise<string> {
  const store = await openStore(database);
  const saved = await store.save({ form: 'quote', fields: { ...quoteBody(1) }, notify: false });
  await store.close();
  if (saved.status !== 'created') throw new Error('not saved');
  return saved.id;
}

describe.each(engines)('an upgrade on $name', (engine) => {
  let created: Awaited<ReturnType<typeof engine.create>>;
  beforeEach(async () => {
    created = await engine.create();
  });
  afterEach(() => created.remove());

  it('that fails leaves the data and the schema version as they were', async () => {
    const id = await withOneSubmission(created.database);
    await expect(openDatabase(created.database, undefined, failing)).rejects.toThrow(
      /THIS IS NOT SQL|syntax error/,
    );
    const store = await openStore(created.database);
    try {
      expect((await store.get(id))?.fields.clientName).toBe('Jordan Rivera 1');
      expect(await currentVersion(store.database.engine)).toBe(LATEST_VERSION);
      const probe = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM schema_migrations
        WHERE version = ${NEXT}`.execute(store.database.db);
      expect(Number(probe.rows[0]?.n)).toBe(0);
    } finally {
      await store.close();
    }
  });

  it('is listed by `npm run db -- migrate --dry-run`, which changes nothing', async () => {
    const env =
      engine.name === 'sqlite'
        ? { DATA_DIR: path.dirname(created.database.url.slice('file:'.length)) }
        : { DATABASE_URL: created.database.url, ADDRESS_HASH_SECRET: 'x'.repeat(32) };
    const dryRun = () => runCaught((io) => runDataCli(['db', 'migrate', '--dry-run'], io), env);
    const database = await openDatabase(created.database);
    expect((await dryRun()).out).toBe(
      `The database is at schema version ${LATEST_VERSION}, the latest: nothing to apply.\n`,
    );

    // As if the server were one version behind: the last migration is pending.
    await sql`DELETE FROM schema_migrations WHERE version = ${LATEST_VERSION}`.execute(database.db);
    const pending = await dryRun();
    expect(pending.code).toBe(0);
    expect(pending.out).toContain(`schema version ${LATEST_VERSION - 1}; this server knows`);
    expect(pending.out).toContain(`  version ${LATEST_VERSION}:\n`);
    // Nothing was applied: the same plan again, and the version still one behind.
    expect((await dryRun()).out).toBe(pending.out);
    expect(await currentVersion(database.engine)).toBe(LATEST_VERSION - 1);
    await database.close();
  });
});

describe('the copy before an upgrade (SQLite)', () => {
  let data: ReturnType<typeof tempDataDir>;
  beforeEach(() => {
    data = tempDataDir();
  });
  afterEach(() => data.remove());

  it('is named after the version, and the failure names it and npm run restore', async () => {
    const id = await withOneSubmission(data.database);
    const copy = path.join(data.dir, 'backups', `before-migration-${LATEST_VERSION}.db`);
    const error = await openDatabase(data.database, undefined, failing).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(UpgradeError);
    expect((error as Error).message).toContain(copy);
    expect((error as Error).message).toContain(`npm run restore -- ${copy}`);
    expect((error as Error).message).toContain(`still at schema version ${LATEST_VERSION}`);

    // The copy is the database as it was: restored elsewhere, it has the submission.
    const elsewhere = path.join(data.dir, 'restored');
    await restoreDatabase({ DATA_DIR: elsewhere }, copy);
    const restored = await openStore(databaseConfig({ DATA_DIR: elsewhere }));
    expect((await restored.get(id))?.fields.clientName).toBe('Jordan Rivera 1');
    await restored.close();
  });

  it('goes to BACKUP_DIR when set, and is not made for a new database or when nothing is pending', async () => {
    const backupDir = path.join(data.dir, 'nightly');
    const config = databaseConfig({ DATA_DIR: data.dir, BACKUP_DIR: backupDir });
    await (await openDatabase(config)).close();
    await (await openDatabase(config)).close();
    expect(existsSync(backupDir)).toBe(false);

    const passing = [{ version: NEXT, statements: ['CREATE TABLE upgrade_probe (id INTEGER)'] }];
    await (await openDatabase(config, undefined, passing)).close();
    expect(copiesIn(backupDir)).toEqual([`before-migration-${LATEST_VERSION}.db`]);
  });
});

/** The database files (not their identity files) in `dir`. */
function copiesIn(dir: string): string[] {
  return readdirSync(dir).filter((name) => name.endsWith('.db'));
}

/** A start of the server that must migrate, with a failing migration: the error it stops with. */
async function failingStart(database: DatabaseConfig): Promise<Error> {
  return openDatabase(database, undefined, failing).then(
    () => {
      throw new Error('the start did not fail');
    },
    (caught: unknown) => caught as Error,
  );
}

describe('the copy before an upgrade, across restarts (SQLite)', () => {
  let data: ReturnType<typeof tempDataDir>;
  let backups: string;
  beforeEach(() => {
    data = tempDataDir();
    backups = path.join(data.dir, 'backups');
  });
  afterEach(() => data.remove());

  it('is made once when a failing upgrade restarts again and again (a crash loop)', async () => {
    await withOneSubmission(data.database);
    const first = await failingStart(data.database);
    expect(first.message).toContain('A copy made just before the upgrade is');
    for (let start = 0; start < 5; start += 1) {
      const again = await failingStart(data.database);
      expect(again).toBeInstanceOf(UpgradeError);
      expect(again.message).toContain('made by an earlier start; no change since');
      expect(again.message).toContain(path.join(backups, `before-migration-${LATEST_VERSION}.db`));
    }
    expect(copiesIn(backups)).toEqual([`before-migration-${LATEST_VERSION}.db`]);
  });

  it('is made again when the database changed in between (the previous version ran)', async () => {
    await withOneSubmission(data.database);
    await failingStart(data.database);
    // The previous version runs again (nothing pending for it) and stores a submission.
    const store = await openStore(data.database);
    const saved = await store.save({ form: 'quote', fields: { ...quoteBody(2) }, notify: false });
    await store.close();
    const second = await failingStart(data.database);
    expect(second.message).toContain('A copy made just before the upgrade is');
    expect(copiesIn(backups)).toHaveLength(2);

    // The new copy holds the new submission.
    const newest = /is (\S+\.db)\./.exec(second.message)?.[1] ?? '';
    const elsewhere = path.join(data.dir, 'restored');
    await restoreDatabase({ DATA_DIR: elsewhere }, newest);
    const restored = await openStore(databaseConfig({ DATA_DIR: elsewhere }));
    expect(saved.status === 'created' && (await restored.get(saved.id))?.fields.clientName).toBe(
      'Jordan Rivera 2',
    );
    await restored.close();
  });

  it('keeps the newest three copies; older ones go with their identity files', () => {
    mkdirSync(backups);
    const names = ['before-migration-3.db', 'before-migration-4.db', 'before-migration-5.db'];
    names.push(`before-migration-5-2026-11-27T02-16-16-123Z.db`, 'potomac-2026-11-20.db');
    names.forEach((name, n) => {
      writeFileSync(path.join(backups, name), 'x');
      writeFileSync(path.join(backups, `${name}.source.json`), '{}');
      const at = new Date(2026, 10, 20 + n);
      utimesSync(path.join(backups, name), at, at);
    });
    expect(rotateUpgradeCopies(backups)).toEqual(['before-migration-3.db']);
    expect(readdirSync(backups).sort()).toEqual(
      [
        ...names.slice(1).flatMap((name) => (name.startsWith('before') ? [name] : [])),
        ...names.slice(1).map((name) => `${name}.source.json`),
        'potomac-2026-11-20.db',
      ].sort(),
    );
  });

  it('removes what a copy killed mid-way left, once an hour old, at the next copy and nightly', async () => {
    await withOneSubmission(data.database);
    mkdirSync(backups);
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const left = (name: string, hours: number) => {
      writeFileSync(path.join(backups, name), 'half a copy');
      utimesSync(path.join(backups, name), hoursAgo(hours), hoursAgo(hours));
      return name;
    };
    const stale = left(`before-migration-${LATEST_VERSION - 1}.db.partial-0a1b2c3d`, 2);
    const staleIdentity = left(`before-migration-${LATEST_VERSION - 1}.db.source.json.partial`, 2);
    // Another process's copy in progress: young, kept.
    const fresh = left(`before-migration-${LATEST_VERSION}.db.partial-4e5f6a7b`, 0);
    const nightlyPartial = left('potomac-2026-11-20.db.partial-89abcdef', 2);
    await failingStart(data.database);
    const names = readdirSync(backups);
    expect(names).not.toContain(stale);
    expect(names).not.toContain(staleIdentity);
    expect(names).toContain(fresh);
    expect(names).toContain(nightlyPartial);
    expect(names).toContain(`before-migration-${LATEST_VERSION}.db`);

    // The nightly pass's rotation removes it once it is stale.
    utimesSync(path.join(backups, fresh), hoursAgo(2), hoursAgo(2));
    expect(rotateUpgradeCopies(backups)).toEqual([fresh]);
    expect(readdirSync(backups)).not.toContain(fresh);
  });
});

/** Opens the test's database and migrates it with a failing migration and `options`. */
async function migrateWith(database: DatabaseConfig, options: UpgradeOptions): Promise<Error> {
  const engine = await sqliteEngine(database.url);
  try {
    await migrate(engine, undefined, { extra: failing, ...options });
  } catch (error) {
    return error as Error;
  } finally {
    await engine.close();
  }
  throw new Error('the upgrade did not fail');
}

/** The database is as it was: its submission, its schema version, no sign of the upgrade. */
async function expectUnchanged(database: DatabaseConfig, id: string): Promise<void> {
  const store = await openStore(database);
  try {
    expect((await store.get(id))?.fields.clientName).toBe('Jordan Rivera 1');
    expect(await currentVersion(store.database.engine)).toBe(LATEST_VERSION);
    const probe = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM sqlite_master
      WHERE name = 'upgrade_probe'`.execute(store.database.db);
    expect(Number(probe.rows[0]?.n)).toBe(0);
  } finally {
    await store.close();
  }
}

/** Mounts a tmpfs at `dir` (root only); why not, when it cannot. */
function mountTmpfs(dir: string, options: string): string | undefined {
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'pipe' });
    return undefined;
  } catch (error) {
    return `mount -t tmpfs is not permitted here (${(error as Error).message.split('\n')[0]})`;
  }
}

describe('a copy before an upgrade that fails', () => {
  let data: ReturnType<typeof tempDataDir>;
  let mounted: string | undefined;
  beforeEach(() => {
    data = tempDataDir();
    mounted = undefined;
  });
  afterEach(() => {
    if (mounted) execFileSync('umount', [mounted]);
    data.remove();
  });

  it('(an injected SQLITE_FULL) stops the start, removes its partial file and changes nothing', async () => {
    const id = await withOneSubmission(data.database);
    const backupDir = path.join(data.dir, 'backups');
    let partial = '';
    const error = await migrateWith(data.database, {
      backupDir,
      afterCopy(file) {
        partial = file;
        throw Object.assign(new Error('SQLITE_FULL: database or disk is full'), {
          code: 'SQLITE_FULL',
        });
      },
    });
    expect(error).toBeInstanceOf(UpgradeError);
    expect(error.message).toContain('the copy failed: the disk is full');
    expect(error.message).toContain(
      `Nothing was changed: no migration was run, the database is still at schema version ${LATEST_VERSION}`,
    );
    expect(error.message).toContain(`Free some space on the disk that holds ${backupDir}`);
    expect(partial).toContain(`before-migration-${LATEST_VERSION}.db.partial-`);
    expect(readdirSync(backupDir)).toEqual([]);
    await expectUnchanged(data.database, id);
  });

  it('(a really full disk: a small tmpfs) stops the start and changes nothing', async (context) => {
    const id = await withOneSubmission(data.database);
    const backupDir = path.join(data.dir, 'full');
    const size = statSync(data.database.url.slice('file:'.length)).size;
    const why = mountTmpfs(backupDir, `size=${Math.max(4096, Math.floor(size / 8192) * 4096)}`);
    if (why) context.skip(why);
    mounted = backupDir;
    const error = await migrateWith(data.database, { backupDir });
    expect(error).toBeInstanceOf(UpgradeError);
    expect(error.message).toContain('the copy failed: the disk is full');
    expect(readdirSync(backupDir)).toEqual([]);
    await expectUnchanged(data.database, id);
  });

  it('(a read-only folder: a read-only mount) says it cannot be written', async (context) => {
    const id = await withOneSubmission(data.database);
    const backupDir = path.join(data.dir, 'read-only');
    const why = mountTmpfs(backupDir, 'ro,size=1m');
    if (why) context.skip(why);
    mounted = backupDir;
    const error = await migrateWith(data.database, { backupDir });
    expect(error).toBeInstanceOf(UpgradeError);
    expect(error.message).toContain(`the copy failed: the folder ${backupDir} cannot be written`);
    expect(error.message).toContain('ReadWritePaths=');
    await expectUnchanged(data.database, id);
  });
});
