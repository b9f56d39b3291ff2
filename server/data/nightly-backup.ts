// The nightly backup (BACKUP_DIR): a checked copy of the SQLite file each night, 7 daily and 4
// weekly copies kept (and the newest 3 of the copies before an upgrade; the databases set aside by
// a restore, at least 30 days and the newest 3), and
// a status file the inbox reads. docs/backups-and-upgrades.md.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';
import type { BackupState } from '../../src/admin/contract.ts';
import { TABLE_ORDER } from '../db/tables.ts';
import { rotateUpgradeCopies } from '../db/upgrade.ts';
import { keyCopyOf } from './backup.ts';
import { NIGHTLY_COPY as NAME, otherCopies, type CopyPlaces } from './other-copies.ts';
import { rotateSetAside } from './restore.ts';
import { LIBSQL_CLIENT, syncPath } from './sqlite-file.ts';

/** One try of the nightly backup, as the status file keeps it (no personal data: names and counts). */
export interface BackupRecord {
  /** When it started (ms since the epoch). */
  at: number;
  /** The copy's file name in BACKUP_DIR. */
  file: string;
  ok: boolean;
  /** Why it failed. */
  reason?: string;
  ms: number;
  bytes?: number;
  /** The copy's rows per table. */
  rows?: Record<string, number>;
}

/** BACKUP_DIR/backup-status.json: the last try and the last good one. */
export interface BackupStatus {
  last?: BackupRecord;
  lastGood?: BackupRecord;
}

export const STATUS_FILE = 'backup-status.json';
const DAY_MS = 86_400_000;
/** The inbox warns when the last good copy is older than this. */
export const OVERDUE_MS = 2 * DAY_MS;

export interface BackupJob {
  /** The server's SQLite file. */
  file: string;
  /** BACKUP_DIR. */
  dir: string;
  /** The address-hash key file, copied beside each backup (none with ADDRESS_HASH_SECRET). */
  keyFile?: string | undefined;
  /** The clock (tests pass a fake one: names and rotation follow it). */
  now?: () => number;
}

/** A day's copy: `potomac-2026-11-26.db`, by the server's local date. */
export function backupFileName(at: number): string {
  const day = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `potomac-${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}.db`;
}

/** The Monday of a copy's week, as a key (weeks run Monday to Sunday). */
function weekOf(name: string): string {
  const [, year, month, day] = NAME.exec(name) ?? [];
  const date = Date.UTC(Number(year), Number(month) - 1, Number(day));
  const weekday = (new Date(date).getUTCDay() + 6) % 7;
  return new Date(date - weekday * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Which copies stay: the 7 newest (the daily ones), then the newest copy of each of the 4 weeks
 * (Monday to Sunday) before theirs (the weekly ones). Counted in copies, not days, so that nights the server was down
 * never leave fewer than 11.
 */
export function copiesToKeep(names: readonly string[]): Set<string> {
  const dated = names.filter((name) => NAME.test(name)).sort((a, b) => (a < b ? 1 : -1));
  const daily = dated.slice(0, 7);
  const keep = new Set(daily);
  // A week that has a daily copy needs no weekly one: the weekly copies are a week apart.
  const weeks = new Set(daily.map(weekOf));
  let weekly = 0;
  for (const name of dated.slice(7)) {
    if (weekly === 4) break;
    const week = weekOf(name);
    if (weeks.has(week)) continue;
    weeks.add(week);
    keep.add(name);
    weekly += 1;
  }
  return keep;
}

/** Deletes the copies (and their keys) that `copiesToKeep` lets go; the names deleted. */
export function rotate(dir: string): string[] {
  const names = readdirSync(dir);
  const keep = copiesToKeep(names);
  const gone = names.filter((name) => NAME.test(name) && !keep.has(name));
  for (const name of gone) {
    rmSync(path.join(dir, name), { force: true });
    rmSync(keyCopyOf(path.join(dir, name)), { force: true });
  }
  return gone;
}

export function readStatus(dir: string): BackupStatus {
  try {
    return JSON.parse(readFileSync(path.join(dir, STATUS_FILE), 'utf8')) as BackupStatus;
  } catch {
    return {};
  }
}

/** Writes the status whole or not at all (a new file renamed over the old one). */
function writeStatus(dir: string, status: BackupStatus): void {
  const partial = path.join(dir, `${STATUS_FILE}.partial`);
  writeFileSync(partial, `${JSON.stringify(status, null, 2)}\n`, { mode: 0o600 });
  renameSync(partial, path.join(dir, STATUS_FILE));
}

/**
 * What the inbox shows of the backups in `dir` (undefined: BACKUP_DIR unset), and of the other
 * copies in `places` (the folder of the copies before an upgrade, the data folder).
 */
export function backupState(
  dir: string | undefined,
  now = Date.now(),
  places?: Omit<CopyPlaces, 'backupDir'>,
): BackupState {
  const others = places && otherCopies({ ...places, backupDir: dir });
  if (!dir) return { configured: false, ...(others && { others }) };
  const status = readStatus(dir);
  const lastGoodAt = status.lastGood?.at ?? null;
  return {
    configured: true,
    lastGoodAt,
    failedAt: status.last && !status.last.ok ? status.last.at : null,
    overdue: lastGoodAt === null || now - lastGoodAt > OVERDUE_MS,
    ...(others && { others }),
  };
}

/**
 * The copy and its checks, in a process of their own: libSQL runs each statement on the calling
 * thread, and VACUUM INTO of a large file would stop the server from answering for seconds. The
 * rows are counted just before and just after the copy (VACUUM INTO cannot run inside a
 * transaction, so the source cannot be counted at the copy's very instant).
 */
const COPY_AND_CHECK = `
const { createClient } = await import(process.env.BACKUP_CLIENT);
const tables = JSON.parse(process.env.BACKUP_TABLES);
const open = (file) => createClient({ url: 'file:' + file, concurrency: 1, timeout: 10000 });
async function counts(client) {
  const present = await client.execute("SELECT name FROM sqlite_master WHERE type = 'table'");
  const names = new Set(present.rows.map((row) => String(row.name)));
  const found = {};
  for (const table of tables) {
    if (!names.has(table)) continue;
    const result = await client.execute('SELECT COUNT(*) AS n FROM "' + table + '"');
    found[table] = Number(result.rows[0].n);
  }
  return found;
}
const result = {};
try {
  const source = open(process.env.BACKUP_SOURCE);
  try {
    result.before = await counts(source);
    await source.execute({ sql: 'VACUUM INTO ?', args: [process.env.BACKUP_PARTIAL] });
    result.after = await counts(source);
  } finally {
    source.close();
  }
  const copy = open(process.env.BACKUP_PARTIAL);
  try {
    result.integrity = (await copy.execute('PRAGMA integrity_check')).rows.map((row) => String(row[0]));
    result.copy = await counts(copy);
  } finally {
    copy.close();
  }
} catch (error) {
  result.error = String(error.message);
}
process.stdout.write(JSON.stringify(result));`;

interface CheckResult {
  before?: Record<string, number>;
  after?: Record<string, number>;
  copy?: Record<string, number>;
  integrity?: string[];
  error?: string;
}

function copyAndCheck(source: string, partial: string): Promise<CheckResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '--eval', COPY_AND_CHECK],
      {
        env: {
          ...process.env,
          BACKUP_CLIENT: LIBSQL_CLIENT,
          BACKUP_TABLES: JSON.stringify(TABLE_ORDER),
          BACKUP_SOURCE: source,
          BACKUP_PARTIAL: partial,
        },
      },
      (error, stdout) => {
        if (error && !stdout) reject(error);
        else resolve(JSON.parse(stdout || '{}') as CheckResult);
      },
    );
    // A night's copy may wait; the visitors' posts should not: the lowest share of the CPU.
    try {
      if (child.pid !== undefined) setPriority(child.pid, 19);
    } catch {
      // Not allowed here (some containers): it runs at the server's own priority.
    }
  });
}

/**
 * Why the copy is not good, or undefined when it is: it must open, pass PRAGMA integrity_check,
 * and hold, in each table, a count between the source's just before and just after the copy (the
 * same number when nothing was written meanwhile).
 */
export function problemOf(result: CheckResult): string | undefined {
  if (result.error) return `the copy failed: ${result.error}`;
  const { before = {}, after = {}, copy = {}, integrity = [] } = result;
  if (integrity.join() !== 'ok') {
    return `the copy failed the integrity check: ${integrity.slice(0, 3).join('; ')}`;
  }
  for (const [table, count] of Object.entries(before)) {
    const low = Math.min(count, after[table] ?? count);
    const high = Math.max(count, after[table] ?? count);
    const copied = copy[table];
    if (copied === undefined || copied < low || copied > high) {
      return `the copy's ${table} has ${copied ?? 'no'} rows; the database had ${low}–${high}`;
    }
  }
  return undefined;
}

/** Puts the checked copy in place under its day's name, with the key beside it. */
function publishCopy(job: BackupJob, partial: string, target: string): void {
  chmodSync(partial, 0o600);
  syncPath(partial);
  // The day's name may hold an earlier copy of the same day: the newer one replaces it.
  renameSync(partial, target);
  if (job.keyFile && existsSync(job.keyFile)) {
    const key = keyCopyOf(target);
    rmSync(key, { force: true });
    copyFileSync(job.keyFile, key, constants.COPYFILE_EXCL);
    chmodSync(key, 0o600);
  }
  syncPath(path.dirname(target));
}

/**
 * Runs the nightly backup now (the scheduler's job, and the tests' hook): copies, checks, keeps
 * the copy under the day's name and rotates, or deletes it; records the outcome either way.
 */
export async function runNightlyBackup(job: BackupJob): Promise<BackupRecord> {
  const now = job.now ?? Date.now;
  const at = now();
  const file = backupFileName(at);
  const target = path.join(job.dir, file);
  const partial = `${target}.partial-${randomBytes(4).toString('hex')}`;
  let record: BackupRecord;
  try {
    mkdirSync(job.dir, { recursive: true, mode: 0o700 });
    const result = await copyAndCheck(job.file, partial);
    const problem = problemOf(result);
    if (problem) {
      record = { at, file, ok: false, reason: problem, ms: now() - at };
    } else {
      publishCopy(job, partial, target);
      const { size: bytes } = statSync(target);
      record = {
        at,
        file,
        ok: true,
        ms: now() - at,
        bytes,
        ...(result.copy && { rows: result.copy }),
      };
      rotate(job.dir);
      // The other kinds of copy the server makes: the newest 3 of each kept, and databases set
      // aside by a restore at least 30 days (hand-made ones are never deleted, only listed in the
      // inbox).
      rotateUpgradeCopies(job.dir);
      rotateSetAside(job.file, job.keyFile, at);
    }
  } catch (error) {
    record = { at, file, ok: false, reason: (error as Error).message, ms: now() - at };
  } finally {
    rmSync(partial, { force: true });
  }
  const previous = readStatus(job.dir);
  writeStatus(job.dir, { last: record, lastGood: record.ok ? record : previous.lastGood });
  return record;
}
