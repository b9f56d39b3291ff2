// Safe upgrades: what an upgrade would apply (`npm run db -- migrate --dry-run`), the copy of a
// SQLite database made before its migrations run, and the message when one fails. migrate()
// (database.ts) calls these; the migrations themselves are in migrations.ts.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, chmodSync } from 'node:fs';
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

/** The copy's name: after the version it holds; never an existing file. */
function backupName(dir: string, version: number, now: Date): string {
  const plain = path.join(dir, `before-migration-${version}.db`);
  if (!existsSync(plain)) return plain;
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return path.join(dir, `before-migration-${version}-${stamp}.db`);
}

/** The copy made before an upgrade: which file, and the version it holds. */
export interface UpgradeBackup {
  file: string;
  version: number;
}

/**
 * Before migrations are applied to a SQLite file that already has a schema: a copy of it, named
 * after its version (`before-migration-6.db`), readable by this user only. It runs at start,
 * before the server answers anyone, so the copy (VACUUM INTO) holds every row. Nothing when there
 * is nothing to apply, or no schema yet (a new database has nothing to lose).
 */
export async function backupBeforeUpgrade(
  engine: Engine,
  options: UpgradeOptions,
): Promise<UpgradeBackup | undefined> {
  if (engine.kind !== 'sqlite' || !options.backupDir) return undefined;
  const current = await currentVersion(engine);
  const known = knownMigrations(options);
  if (current < 1 || !known.some((migration) => migration.version > current)) return undefined;
  mkdirSync(options.backupDir, { recursive: true, mode: 0o700 });
  const file = backupName(options.backupDir, current, new Date());
  await sql`VACUUM INTO ${file}`.execute(engine.db);
  chmodSync(file, 0o600);
  flush(file);
  flush(options.backupDir);
  return { file, version: current };
}

/**
 * The error of a failed upgrade, naming the copy and the restore. The migrations run in one
 * transaction, rolled back on the error: the database is as it was, and the copy is there in case
 * it is not (a disk that failed mid-way).
 */
export function upgradeFailed(error: unknown, backup: UpgradeBackup | undefined): Error {
  if (!backup) return error as Error;
  return new UpgradeError(
    `The upgrade of the database from schema version ${backup.version} failed: ` +
      `${(error as Error).message}\n` +
      `Nothing was changed: the database is still at schema version ${backup.version}, and ` +
      `this server did not start. A copy made just before the upgrade is ${backup.file}.\n` +
      'Start the previous version of the server again, or, if the database seems damaged, stop ' +
      `every server using it and run: npm run restore -- ${backup.file}\n` +
      'See docs/backups-and-upgrades.md, "Upgrading".',
    { cause: error },
  );
}
