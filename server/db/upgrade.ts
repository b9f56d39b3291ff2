// Safe upgrades: what an upgrade would apply (`npm run db -- migrate --dry-run`), the copy of a
// SQLite database made before its migrations run, and the message when one fails. migrate()
// (database.ts) calls these; the migrations themselves are in migrations.ts.
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  createReadStream,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Engine } from './engine.ts';
import { forEngine, migrations, type Step } from './migrations.ts';

export interface Migration {
  version: number;
  statements: readonly Step[];
}

/** What migrate() is given beyond the engine. */
export interface UpgradeOptions {
  /**
   * A local SQLite file only: the folder the copy made before an upgrade goes to (the config's
   * `upgradeBackupDir`). No copy is made without it (Postgres, a remote libSQL server).
   */
  backupDir?: string | undefined;
  /** Tests only: steps after the released ones (a migration made to fail). */
  extra?: readonly Migration[] | undefined;
  /** Tests only: stop at this version (the migrations' own tests walk them one by one). */
  toVersion?: number | undefined;
  /**
   * Tests only: runs once the copy is in its partial file, before it is put in place; what it
   * throws is a failure of the copy (a fault injected where a full disk would fail).
   */
  afterCopy?: ((partial: string) => void) | undefined;
}

/** An upgrade that failed: the database was left as it was; the message says what to do. */
export class UpgradeError extends Error {
  override name = 'UpgradeError';
}

/** The released migrations, with a test's extra ones. */
export function knownMigrations(options: UpgradeOptions = {}): readonly Migration[] {
  return [...migrations, ...(options.extra ?? [])];
}

/** The newest schema version this server knows. */
export const LATEST_VERSION = migrations.at(-1)?.version ?? 0;

/** The schema version the database is at (0: none yet), read without creating anything. */
export async function currentVersion(engine: Engine): Promise<number> {
  const exists =
    engine.kind === 'postgres'
      ? sql<{ found: boolean }>`SELECT to_regclass('schema_migrations') IS NOT NULL AS found`
      : sql<{ found: number }>`SELECT COUNT(*) > 0 AS found FROM sqlite_master
          WHERE type = 'table' AND name = 'schema_migrations'`;
  const { rows } = await exists.execute(engine.db);
  if (!rows[0]?.found) return 0;
  const found = await sql<{ version: number | string | null }>`
    SELECT MAX(version) AS version FROM schema_migrations`.execute(engine.db);
  return Number(found.rows[0]?.version ?? 0);
}

export interface UpgradePlan {
  current: number;
  latest: number;
  /** Each pending migration's statements as the engine would run them. */
  pending: { version: number; statements: string[] }[];
}

/** What an upgrade of the database would apply, changing nothing. */
export async function upgradePlan(
  engine: Engine,
  options: UpgradeOptions = {},
): Promise<UpgradePlan> {
  const known = knownMigrations(options);
  const current = await currentVersion(engine);
  const pending = known
    .filter((migration) => migration.version > current)
    .map((migration) => ({
      version: migration.version,
      statements: migration.statements.flatMap((step) => forEngine(step, engine.kind) ?? []),
    }));
  return { current, latest: known.at(-1)?.version ?? 0, pending };
}

/** Flushes a file (or a folder's entries) to disk. */
function flush(target: string): void {
  const fd = openSync(target, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** How many copies made before an upgrade are kept (the newest); older ones are deleted. */
export const KEPT_UPGRADE_COPIES = 3;

/** A copy made before an upgrade: `before-migration-6.db`, or `before-migration-6-<time>.db`. */
export const UPGRADE_COPY = /^before-migration-\d+(-[0-9TZ-]+)?\.db$/;

/**
 * An unfinished copy (`before-migration-6.db.partial-1a2b3c4d`) or identity file, left by a
 * process killed mid-write (SIGKILL, power loss).
 */
const UPGRADE_PARTIAL =
  /^before-migration-\d+(-[0-9TZ-]+)?\.db(\.source\.json)?\.partial(-[0-9a-f]+)?$/;

/** How old an unfinished copy must be to be removed: a copy in progress elsewhere is younger. */
export const STALE_PARTIAL_MS = 60 * 60 * 1000;

/**
 * Removes the unfinished copies before an upgrade (and identity files) in `dir` that are older
 * than `STALE_PARTIAL_MS`; the names removed. Run before each copy and by the nightly backup.
 */
export function removeStalePartials(dir: string, now: number = Date.now()): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((name) => {
    if (!UPGRADE_PARTIAL.test(name)) return false;
    const file = path.join(dir, name);
    try {
      if (now - statSync(file).mtimeMs < STALE_PARTIAL_MS) return false;
      rmSync(file, { force: true });
      return true;
    } catch {
      return false;
    }
  });
}

/** Beside each copy: what it is a copy of (see `SourceIdentity`). */
export function identityFileOf(copy: string): string {
  return `${copy}.source.json`;
}

/** The copy's name: after the version it holds; never an existing file. */
function backupName(dir: string, version: number, now: Date): string {
  const plain = path.join(dir, `before-migration-${version}.db`);
  if (!existsSync(plain)) return plain;
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return path.join(dir, `before-migration-${version}-${stamp}.db`);
}

/** The copy made before an upgrade: which file, the version it holds, and whether it was made now. */
export interface UpgradeBackup {
  file: string;
  version: number;
  /** Made by an earlier start (one that failed) of the same database, unchanged since. */
  reused: boolean;
}

/**
 * What a copy before an upgrade is a copy of: the database file, its schema version, and the
 * SHA-256 of its bytes once the write-ahead log is folded into it. A restart reuses a copy only
 * when all three match, so a copy is made once per schema version and database, however often a
 * failing upgrade restarts, and a database changed in between (the previous version ran again)
 * gets a copy of its own. Cheaper signs were not sure enough: SQLite does not keep the header's
 * change counter in WAL mode; the modification time moves when nothing changed (a checkpoint)
 * and a copy restored elsewhere keeps an old one; row counts, the newest `seq` and the page count
 * miss a change made in place (a status set, a reply recorded). Reading the file takes a fraction
 * of the copy's time (docs/figures.md, "The start of a server that must migrate"). It is not free
 * of writes: the write-ahead log is first checkpointed into the file (`wal_checkpoint(TRUNCATE)`),
 * which writes the log's pages into the database and empties the log; no row changes.
 */
interface SourceIdentity {
  source: string;
  version: number;
  bytes: number;
  sha256: string;
}

/** The main database file of a SQLite engine (PRAGMA database_list); none in memory. */
async function databaseFile(engine: Engine): Promise<string | undefined> {
  const { rows } = await sql<{ file: string | null }>`
    SELECT file FROM pragma_database_list WHERE name = 'main'`.execute(engine.db);
  return rows[0]?.file || undefined;
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The identity of the database as it is, or undefined when it cannot be known for sure: another
 * process (a command such as `npm run submissions`) holds the log, so the file is not the whole
 * database. Nothing is read by anyone else meanwhile: the server has not started to answer.
 */
async function identityOf(
  engine: Engine,
  source: string,
  version: number,
): Promise<SourceIdentity | undefined> {
  const { rows } = await sql<{ busy: number }>`PRAGMA wal_checkpoint(TRUNCATE)`.execute(engine.db);
  if (Number(rows[0]?.busy ?? 1) !== 0) return undefined;
  return { source, version, bytes: statSync(source).size, sha256: await sha256Of(source) };
}

function readIdentity(copy: string): Partial<SourceIdentity> {
  try {
    return JSON.parse(readFileSync(identityFileOf(copy), 'utf8')) as Partial<SourceIdentity>;
  } catch {
    return {};
  }
}

/** An earlier copy of this very database, unchanged since it was made; undefined when none. */
function copyOfSame(dir: string, identity: SourceIdentity): string | undefined {
  if (!existsSync(dir)) return undefined;
  return readdirSync(dir)
    .filter((name) => UPGRADE_COPY.test(name))
    .map((name) => path.join(dir, name))
    .find((copy) => {
      const kept = readIdentity(copy);
      return (
        kept.source === identity.source &&
        kept.version === identity.version &&
        kept.bytes === identity.bytes &&
        kept.sha256 === identity.sha256
      );
    });
}

/** Writes the identity beside the copy, whole or not at all. */
function writeIdentity(copy: string, identity: SourceIdentity): void {
  const target = identityFileOf(copy);
  const partial = `${target}.partial`;
  writeFileSync(partial, `${JSON.stringify(identity, null, 2)}\n`, { mode: 0o600 });
  renameSync(partial, target);
}

/**
 * Deletes the copies made before an upgrade beyond the newest `KEPT_UPGRADE_COPIES` (by the time
 * they were written), each with its identity file, and the stale unfinished ones
 * (`removeStalePartials`); the names deleted. Run after each new copy and by the nightly backup.
 */
export function rotateUpgradeCopies(dir: string, keep = KEPT_UPGRADE_COPIES): string[] {
  if (!existsSync(dir)) return [];
  const stale = removeStalePartials(dir);
  const copies = readdirSync(dir)
    .filter((name) => UPGRADE_COPY.test(name))
    .map((name) => ({ name, at: statSync(path.join(dir, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at || (a.name < b.name ? 1 : -1));
  const gone = copies.slice(keep).map(({ name }) => name);
  for (const name of gone) {
    rmSync(path.join(dir, name), { force: true });
    rmSync(identityFileOf(path.join(dir, name)), { force: true });
  }
  return [...gone, ...stale];
}

/** The error codes of `error` and its causes (libSQL's SQLITE_FULL, Node's ENOSPC, …). */
function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (let at = error; at instanceof Error; at = at.cause) {
    const { code } = at as NodeJS.ErrnoException;
    if (code) codes.push(code);
  }
  return codes;
}

/** Why a copy failed, in words, and what to do about it. */
function copyProblem(error: unknown, dir: string): { why: string; todo: string } {
  const codes = codesOf(error).join(' ');
  const message = error instanceof Error ? error.message : String(error);
  if (/SQLITE_FULL|ENOSPC|EDQUOT/.test(codes) || /disk is full/i.test(message)) {
    return {
      why: `the disk is full (${message})`,
      todo:
        `Free some space on the disk that holds ${dir}, or set BACKUP_DIR to a folder on a disk ` +
        'with room for a copy of the database, then start the server again.',
    };
  }
  if (/EACCES|EPERM|EROFS|SQLITE_CANTOPEN|SQLITE_READONLY/.test(codes)) {
    return {
      why: `the folder ${dir} cannot be written (${message})`,
      todo:
        `Let the server's user write ${dir} (under systemd, a ReadWritePaths= line in a drop-in ` +
        'of the unit), or set BACKUP_DIR to a folder it can write, then start the server again.',
    };
  }
  return {
    why: message,
    todo: 'Correct the cause above, then start the server again.',
  };
}

/** The error of a copy that failed: the start stops here, before any migration. */
function copyFailed(error: unknown, target: string, version: number): UpgradeError {
  const { why, todo } = copyProblem(error, path.dirname(target));
  return new UpgradeError(
    `The server did not start: before upgrading the database from schema version ${version}, ` +
      `it copies it to ${target}, and the copy failed: ${why}.\n` +
      `Nothing was changed: no migration was run, the database is still at schema version ` +
      `${version}, and the unfinished copy was removed.\n${todo}\n` +
      'See docs/backups-and-upgrades.md, "Upgrading".',
    { cause: error },
  );
}

/**
 * The copy itself: VACUUM INTO a partial file (a copy of every row, on the server's own
 * connection, before it answers anyone), readable by this user only, flushed, then renamed to its
 * name, so that a copy under a copy's name is always whole. Any failure removes the partial file
 * and throws the UpgradeError that stops the start.
 */
async function makeCopy(engine: Engine, options: UpgradeOptions, dir: string, version: number) {
  const target = backupName(dir, version, new Date());
  const partial = `${target}.partial-${randomBytes(4).toString('hex')}`;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // What a copy killed mid-way left (its room is needed now).
    removeStalePartials(dir);
    await sql`VACUUM INTO ${partial}`.execute(engine.db);
    chmodSync(partial, 0o600);
    options.afterCopy?.(partial);
    flush(partial);
    renameSync(partial, target);
    flush(dir);
    return target;
  } catch (error) {
    throw copyFailed(error, target, version);
  } finally {
    rmSync(partial, { force: true });
  }
}

/**
 * Before migrations are applied to a SQLite file that already has a schema: a copy of it, named
 * after its version (`before-migration-6.db`), or the copy an earlier start made of the same,
 * unchanged database (`SourceIdentity`). Nothing when there is nothing to apply, or no schema yet
 * (a new database has nothing to lose). A copy that fails stops the start (UpgradeError) with
 * nothing changed.
 */
export async function backupBeforeUpgrade(
  engine: Engine,
  options: UpgradeOptions,
): Promise<UpgradeBackup | undefined> {
  const dir = options.backupDir;
  if (engine.kind !== 'sqlite' || !dir) return undefined;
  const version = await currentVersion(engine);
  const known = knownMigrations(options);
  if (version < 1 || !known.some((migration) => migration.version > version)) return undefined;
  const source = await databaseFile(engine);
  const identity = source ? await identityOf(engine, source, version) : undefined;
  const earlier = identity && copyOfSame(dir, identity);
  if (earlier) return { file: earlier, version, reused: true };
  const file = await makeCopy(engine, options, dir, version);
  try {
    if (identity) writeIdentity(file, identity);
    rotateUpgradeCopies(dir);
  } catch {
    // The copy is whole: without its identity file a restart makes another; rotation runs again
    // at the next nightly backup.
  }
  return { file, version, reused: false };
}

/**
 * The error of a failed upgrade, naming the copy and the restore. The migrations run in one
 * transaction, rolled back on the error: the database is as it was, and the copy is there in case
 * it is not (a disk that failed mid-way).
 */
export function upgradeFailed(error: unknown, backup: UpgradeBackup | undefined): Error {
  if (!backup) return error as Error;
  const made = backup.reused
    ? `A copy of the database as it is (made by an earlier start; no change since) is ${backup.file}.`
    : `A copy made just before the upgrade is ${backup.file}.`;
  return new UpgradeError(
    `The upgrade of the database from schema version ${backup.version} failed: ` +
      `${(error as Error).message}\n` +
      `Nothing was changed: the database is still at schema version ${backup.version}, and ` +
      `this server did not start. ${made}\n` +
      'Start the previous version of the server again, or, if the database seems damaged, stop ' +
      `every server using it and run: npm run restore -- ${backup.file}\n` +
      'See docs/backups-and-upgrades.md, "Upgrading".',
    { cause: error },
  );
}
