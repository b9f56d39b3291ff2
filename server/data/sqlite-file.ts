// What the backup, restore and copy commands share about the SQLite file on this machine.
import { closeSync, existsSync, fsyncSync, openSync, readSync, statSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { createClient, type Client } from '@libsql/client';
import { databaseAt, databaseConfig, fileOfUrl, type DatabaseConfig } from '../config.ts';
import { appliedVersion } from '../db/database.ts';
import { libsqlKysely } from '../db/libsql.ts';
import { TABLE_ORDER } from '../db/tables.ts';

const execFileAsync = promisify(execFile);

/** A mistake of the person running the command: its message is all they see (exit code 1). */
export class ToolError extends Error {
  override name = 'ToolError';
}

/** The first 16 bytes of every SQLite database file. */
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

export { fileOfUrl } from '../config.ts';

/**
 * The database settings and the SQLite file the server uses, or a ToolError that says why this
 * command cannot work on the configured database (`postgresHint`: what to use for Postgres).
 */
export function localDatabase(
  env: Record<string, string | undefined>,
  postgresHint: string,
): { config: DatabaseConfig; file: string } {
  const url = env.DATABASE_URL?.trim();
  const at = url ? databaseAt(url) : 'file';
  if (at === 'postgres') {
    throw new ToolError(`DATABASE_URL is a Postgres database: ${postgresHint}`);
  }
  if (at === 'libsql') {
    throw new ToolError(
      'DATABASE_URL is a remote libSQL server: this command works on a SQLite file on this ' +
        "machine (use the libSQL server's own backups)",
    );
  }
  const config = databaseConfig(env);
  return { config, file: fileOfUrl(config.url) };
}

/** The address-hash key file of `config`, when the key is kept in a file (no ADDRESS_HASH_SECRET). */
export function keyFileOf(config: DatabaseConfig): string | undefined {
  return 'file' in config.addressKey ? config.addressKey.file : undefined;
}

/** Whether `file` starts like a SQLite database (a clear refusal before SQLite's own error). */
export function looksLikeSqlite(file: string): boolean {
  const header = Buffer.alloc(SQLITE_HEADER.length);
  const fd = openSync(file, 'r');
  try {
    return (
      readSync(fd, header, 0, header.length, 0) === header.length && header.equals(SQLITE_HEADER)
    );
  } finally {
    closeSync(fd);
  }
}

/** A connection of its own to a local file (never the server's), waiting up to `busyMs` for locks. */
export function openFile(file: string, busyMs = 5000): Client {
  return createClient({ url: `file:${file}`, concurrency: 1, timeout: busyMs });
}

/**
 * A SQLite file opened truly read-only (`mode=ro`): never written, never switched to WAL, never
 * checkpointed, so it may be on read-only media. With a WAL to read beside it, its -shm is only
 * read too (`readonly_shm=1`; SQLite needs one there to read the WAL). Without, `immutable=1`: no
 * lock and no -shm at all (not with a WAL: an immutable database ignores its -wal, and what the
 * WAL holds would be missed). @libsql/client takes no SQLite URI parameters in
 * its own URL; a percent-encoded URI as the file's path reaches SQLite as it is.
 */
export function openReadOnly(file: string): Client {
  const wal = `${file}-wal`;
  const hasWal = existsSync(wal) && statSync(wal).size > 0;
  const only = hasWal ? 'readonly_shm=1' : 'immutable=1';
  const uri = `${pathToFileURL(path.resolve(file)).href}?mode=ro&${only}`;
  return createClient({ url: `file:${encodeURIComponent(uri)}`, concurrency: 1 });
}

/** The libSQL client's module, for the probe's child process (wherever this file was bundled). */
export const LIBSQL_CLIENT = pathToFileURL(
  createRequire(import.meta.url).resolve('@libsql/client'),
).href;

/**
 * The probe of `databaseInUse`, in a process of its own: libSQL's `close()` leaves the connection
 * (and its locks) open until garbage collection, so a probe in this process would keep the very
 * lock it tests for. Answers 'free', 'busy' or the error.
 */
const PROBE = `
const { createClient } = await import(process.env.PROBE_CLIENT);
const client = createClient({ url: 'file:' + process.env.PROBE_FILE, concurrency: 1, timeout: 1000 });
try {
  await client.executeMultiple(
    'PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; COMMIT; PRAGMA journal_mode = DELETE;');
  process.stdout.write('free');
} catch (error) {
  process.stdout.write(/^SQLITE_(BUSY|LOCKED)/.test(String(error.code)) ? 'busy' : String(error.message));
}`;

/**
 * Whether another process has `file` open: the server, or a command such as `npm run submissions`.
 * Every SQLite connection to a WAL database holds a shared lock on the file for as long as it is
 * open, and the operating system drops it when the process ends, even in a crash: unlike a pid
 * file, it is never stale. An exclusive lock is granted only when no one else holds one. Once it
 * is granted, the write-ahead log is folded into the file (rollback journal mode), so that the file
 * alone is the whole database; the server turns WAL back on when it opens it.
 * (Locks on a network file system may not be reliable: keep DATA_DIR on a local disk.)
 */
export async function databaseInUse(file: string): Promise<boolean> {
  if (!existsSync(file)) return false;
  const { stdout } = await execFileAsync(
    process.execPath,
    ['--input-type=module', '--eval', PROBE],
    { env: { ...process.env, PROBE_CLIENT: LIBSQL_CLIENT, PROBE_FILE: file } },
  );
  if (stdout === 'free') return false;
  if (stdout === 'busy') return true;
  throw new Error(stdout || 'the lock probe gave no answer');
}

/** The schema version a database was migrated to (0: not ours: no schema_migrations). */
export async function schemaVersion(client: Client): Promise<number> {
  const table = await client.execute(
    "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'",
  );
  if (table.rows.length === 0) return 0;
  // Not destroyed: that would close `client`, which its caller still uses.
  return appliedVersion(libsqlKysely(client));
}

/** Rows per table of TABLE_ORDER (a table the schema does not have yet is left out). */
export async function tableCounts(client: Client): Promise<[string, number][]> {
  const present = await client.execute("SELECT name FROM sqlite_master WHERE type = 'table'");
  const names = new Set(present.rows.map((row) => String(row.name)));
  const counts: [string, number][] = [];
  for (const table of TABLE_ORDER) {
    if (!names.has(table)) continue;
    const result = await client.execute(`SELECT COUNT(*) AS n FROM "${table}"`);
    counts.push([table, Number(result.rows[0]?.n ?? 0)]);
  }
  return counts;
}

/** The counts as indented lines, names aligned. */
export function countLines(counts: readonly [string, number][]): string {
  const width = Math.max(...counts.map(([table]) => table.length));
  return counts.map(([table, n]) => `  ${table.padEnd(width)}  ${n}\n`).join('');
}

/** Flushes a file (or a folder's entries, after a rename) to disk. */
export function syncPath(target: string): void {
  const fd = openSync(target, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A file name's suffix for the time now, sortable and without characters a shell minds. */
export function timestamp(now = new Date()): string {
  return now.toISOString().replace(/[:.]/g, '-');
}

/** A path as the user should read it: relative to the working folder when inside it. */
export function shown(file: string): string {
  const relative = path.relative('.', file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

/** Bytes as "12.3 MB". */
export function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['kB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
