// `npm run restore -- FILE`: puts a backup (server/data/backup.ts) back as the stopped server's
// database. Nothing is deleted: the database it replaces, and its key, are renamed aside.
import {
  chmodSync,
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { keyCopyOf } from './backup.ts';
import { eraseAgainInFile, erasedAgainLine } from './erase-again.ts';
import type { DatabaseConfig } from '../config.ts';
import { migrations } from '../db/migrations.ts';
import {
  countLines,
  databaseInUse,
  keyFileOf,
  localDatabase,
  looksLikeSqlite,
  openFile,
  schemaVersion,
  shown,
  syncPath,
  tableCounts,
  timestamp,
  ToolError,
} from './sqlite-file.ts';

const PG_RESTORE =
  'restore a pg_dump backup with pg_restore, e.g. pg_restore --dbname="$DATABASE_URL" FILE';

/** The files SQLite keeps beside a database: moved with it, or it would read another's log. */
const COMPANIONS = ['-wal', '-shm', '-journal'];

/** The backup's checks, before anything of the server's is touched. */
function checkSource(backup: string, file: string): void {
  if (!existsSync(backup)) throw new ToolError(`No file ${shown(backup)}`);
  if (!statSync(backup).isFile()) throw new ToolError(`${shown(backup)} is not a file`);
  if (existsSync(file) && realpathSync(backup) === realpathSync(file)) {
    throw new ToolError(`${shown(backup)} is the server's database itself`);
  }
  if (!looksLikeSqlite(backup)) {
    throw new ToolError(`${shown(backup)} is not a SQLite database (not a backup of this server)`);
  }
}

/** Checks the staged copy: the very bytes that will be put in place. */
async function checkStaged(staged: string, backup: string): Promise<void> {
  const latest = migrations.at(-1)?.version ?? 0;
  const client = openFile(staged);
  try {
    const integrity = await client.execute('PRAGMA integrity_check');
    const problems = integrity.rows.map((row) => String(row[0]));
    if (problems.join() !== 'ok') {
      throw new ToolError(`${shown(backup)} is damaged: ${problems.slice(0, 3).join('; ')}`);
    }
    const version = await schemaVersion(client);
    if (version === 0) {
      throw new ToolError(
        `${shown(backup)} is a SQLite database, but not this server's (no schema_migrations)`,
      );
    }
    if (version > latest) {
      throw new ToolError(
        `${shown(backup)} was made by a newer version of the server (schema ${version}; this one ` +
          `knows ${latest}): update the server first`,
      );
    }
  } catch (error) {
    if (error instanceof ToolError) throw error;
    throw new ToolError(
      `${shown(backup)} cannot be read as a database: ${(error as Error).message}`,
    );
  } finally {
    client.close();
  }
}

/**
 * Leaves the staged copy in rollback journal mode, complete in one file (the server turns WAL back
 * on when it opens it); its rows per table.
 */
async function finishStaged(staged: string): Promise<[string, number][]> {
  const client = openFile(staged);
  try {
    await client.execute('PRAGMA journal_mode = DELETE');
    return await tableCounts(client);
  } finally {
    client.close();
  }
}

/** Refuses while any process has the database open (see `databaseInUse`). */
async function refuseInUse(file: string): Promise<void> {
  let inUse: boolean;
  try {
    inUse = await databaseInUse(file);
  } catch {
    // The current file is not a readable database: no server can be working on it.
    return;
  }
  if (inUse) {
    throw new ToolError(
      `${shown(file)} is open in another process (the server, or a command such as npm run ` +
        'submissions): stop it, then restore. Nothing was changed.',
    );
  }
}

/**
 * How many databases set aside by restores are always kept (the newest); older ones are deleted
 * once they are `KEPT_RESTORE_DAYS` old.
 */
export const KEPT_RESTORE_COPIES = 3;
/**
 * A set-aside database younger than this is never deleted: the first restore sets aside the live
 * database, the only copy of what arrived after the last backup, and more restores the same day
 * (or the next nightly pass) must not delete it before anyone noticed.
 */
export const KEPT_RESTORE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const SET_ASIDE = '.before-restore-';
/** `timestamp()`'s form: 2026-11-27T02-16-16-123Z. */
const STAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/;

/** A database a restore set aside: its path, its stamp, and when (ms) it was set aside. */
export interface SetAside {
  file: string;
  stamp: string;
  at: number;
}

/** The databases restores set aside beside `file` (not their companions), newest first. */
export function setAsideCopies(file: string): SetAside[] {
  const dir = path.dirname(file);
  const prefix = path.basename(file) + SET_ASIDE;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.startsWith(prefix))
    .flatMap((name) => {
      const stamp = name.slice(prefix.length);
      const parts = STAMP.exec(stamp);
      if (!parts) return [];
      const [, day, hour, minute, second, ms] = parts;
      const at = Date.parse(`${day}T${hour}:${minute}:${second}.${ms}Z`);
      return [{ file: path.join(dir, name), stamp, at }];
    })
    .sort((a, b) => b.at - a.at);
}

/**
 * Deletes the databases restores set aside beyond the newest `KEPT_RESTORE_COPIES` that are also
 * older than `KEPT_RESTORE_DAYS` (by their stamp), each with its companions and the address-hash
 * key set aside with it; the files deleted. Run after each restore and by the nightly backup.
 */
export function rotateSetAside(
  file: string,
  keyFile: string | undefined,
  now: number = Date.now(),
): string[] {
  const cutoff = now - KEPT_RESTORE_DAYS * DAY_MS;
  const gone = setAsideCopies(file)
    .slice(KEPT_RESTORE_COPIES)
    .filter(({ at }) => at < cutoff);
  for (const { file: copy, stamp } of gone) {
    for (const suffix of ['', ...COMPANIONS]) rmSync(copy + suffix, { force: true });
    if (keyFile) rmSync(`${keyFile}${SET_ASIDE}${stamp}`, { force: true });
  }
  return gone.map(({ file: copy }) => copy);
}

/** Renames the current database and its companions aside; the new name, if there was one. */
function setAside(file: string, stamp: string): string | undefined {
  const aside = `${file}${SET_ASIDE}${stamp}`;
  const moved = ['', ...COMPANIONS].filter((suffix) => existsSync(file + suffix));
  for (const suffix of moved) renameSync(file + suffix, aside + suffix);
  return moved.includes('') ? aside : undefined;
}

/** Restores the backup's address-hash key, when it has one; what the user should know. */
function restoreKey(config: DatabaseConfig, backup: string, stamp: string): string {
  const saved = keyCopyOf(backup);
  const keyFile = keyFileOf(config);
  if (!existsSync(saved)) {
    return keyFile
      ? `No address-hash key beside the backup (${shown(saved)}): the current key stays; ` +
          'hashes made with another key will not match new ones.\n'
      : '';
  }
  const savedKey = readFileSync(saved, 'utf8').trim();
  if (!keyFile) {
    const secret = 'secret' in config.addressKey ? config.addressKey.secret : '';
    return secret === savedKey
      ? ''
      : `The backup's address hashes were made with the key in ${shown(saved)}, not with ` +
          "ADDRESS_HASH_SECRET: set the secret to that file's content to keep them matching.\n";
  }
  let previous = '';
  if (existsSync(keyFile)) {
    if (readFileSync(keyFile, 'utf8').trim() === savedKey)
      return 'The address-hash key is the same.\n';
    previous = `${keyFile}${SET_ASIDE}${stamp}`;
    renameSync(keyFile, previous);
  }
  copyFileSync(saved, keyFile, constants.COPYFILE_EXCL);
  chmodSync(keyFile, 0o600);
  return (
    `The address-hash key was restored from ${shown(saved)}` +
    (previous ? ` (the previous key is kept as ${shown(previous)}).\n` : '.\n')
  );
}

/** Restores `backupFile` as the configured SQLite database; the report to print. */
export async function restoreDatabase(
  env: Record<string, string | undefined>,
  backupFile: string,
): Promise<string> {
  const { config, file } = localDatabase(env, PG_RESTORE);
  const backup = path.resolve(backupFile);
  checkSource(backup, file);
  // Refused at once: no long check of a large backup before the obvious mistake.
  await refuseInUse(file);
  mkdirSync(path.dirname(file), { recursive: true });
  const stamp = timestamp();
  const staged = `${file}.restoring-${stamp}`;
  copyFileSync(backup, staged, constants.COPYFILE_EXCL);
  let counts: [string, number][];
  let aside: string | undefined;
  let again: Awaited<ReturnType<typeof eraseAgainInFile>>;
  try {
    chmodSync(staged, 0o600);
    await checkStaged(staged, backup);
    // Restores keep erasures: what the replaced database erased is erased from the copy again.
    again = await eraseAgainInFile(file, staged);
    counts = await finishStaged(staged);
    syncPath(staged);
    // Again, right before the swap: a server might have been started during the check.
    await refuseInUse(file);
    aside = setAside(file, stamp);
    renameSync(staged, file);
    syncPath(path.dirname(file));
  } finally {
    // Only the staged copy of a failed restore: never the server's files.
    for (const suffix of ['', ...COMPANIONS]) rmSync(staged + suffix, { force: true });
  }
  const key = restoreKey(config, backup, stamp);
  const deleted = rotateSetAside(file, keyFileOf(config));
  return (
    `Restored ${shown(backup)} to ${shown(file)}. Rows:\n${countLines(counts)}` +
    erasedAgainLine(again) +
    (aside
      ? `The database it replaced is kept as ${shown(aside)} (at least ${KEPT_RESTORE_DAYS} days).\n`
      : '') +
    key +
    (deleted.length > 0
      ? `Databases set aside by restores are kept ${KEPT_RESTORE_DAYS} days, and the newest ` +
        `${KEPT_RESTORE_COPIES} longer; deleted: ${deleted.map(shown).join(', ')}.\n`
      : '')
  );
}
