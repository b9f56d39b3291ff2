// `npm run db -- copy --to postgres://…`: the SQLite database into a new, empty Postgres database,
// every table checked on both sides (server/data/db-copy-tables.ts). docs/backups-and-upgrades.md: "Moving from SQLite".
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { snapshot } from './backup.ts';
import { databaseAt, databaseConfig, type DatabaseConfig } from '../config.ts';
import { isPostgresUrl, migrate } from '../db/database.ts';
import type { Engine } from '../db/engine.ts';
import { postgresEngine } from '../db/postgres.ts';
import { sqliteEngine } from '../db/sqlite.ts';
import { TABLE_ORDER, type Tables } from '../db/tables.ts';
import { checkTable, copyTables, CopyMismatch } from './db-copy-tables.ts';
import { fileOfUrl, keyFileOf, shown, ToolError } from './sqlite-file.ts';

/** A database address to print: never its password. */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    parsed.search = '';
    return parsed.toString();
  } catch {
    return 'the target database';
  }
}

/** The configured database, which must be SQLite (a file here, or a libSQL server). */
function sourceConfig(env: Record<string, string | undefined>): DatabaseConfig {
  if (env.DATABASE_URL && isPostgresUrl(env.DATABASE_URL.trim())) {
    throw new ToolError(
      'DATABASE_URL is already a Postgres database: db copy reads the SQLite one (DATA_DIR, or a ' +
        'file: DATABASE_URL)',
    );
  }
  return databaseConfig(env);
}

/**
 * The source, at the latest schema as the server would migrate it. A local file is copied first
 * (`VACUUM INTO`, as a backup): one consistent moment, even while the server writes.
 */
async function openSource(config: DatabaseConfig, work: string): Promise<Engine> {
  let engine: Engine;
  if (databaseAt(config.url) === 'file') {
    const file = fileOfUrl(config.url);
    if (!existsSync(file)) {
      throw new ToolError(`No database at ${shown(file)}: nothing to copy (is DATA_DIR right?)`);
    }
    const copy = path.join(work, 'snapshot.db');
    await snapshot(file, copy);
    engine = await sqliteEngine(`file:${copy}`);
  } else {
    engine = await sqliteEngine(config.url, config.authToken);
  }
  try {
    await migrate(engine);
  } catch (error) {
    await engine.close();
    throw error;
  }
  return engine;
}

/**
 * Refuses a target that holds anything: tables of another application, or rows in ours (a server
 * already ran on it). Its tables may exist and be empty (a server started once, then stopped).
 */
async function checkEmpty(db: Kysely<Tables>, url: string): Promise<void> {
  let names: string[];
  try {
    const { rows } = await sql<{ name: string }>`SELECT table_name AS name
      FROM information_schema.tables WHERE table_schema = current_schema()`.execute(db);
    names = rows.map((row) => row.name);
  } catch (error) {
    throw new ToolError(`Cannot open ${safeUrl(url)}: ${(error as Error).message}`);
  }
  const ours = new Set<string>([...TABLE_ORDER, 'schema_migrations']);
  const foreign = names.filter((name) => !ours.has(name));
  if (foreign.length > 0) {
    throw new ToolError(
      `${safeUrl(url)} is not empty: it has tables of its own (${foreign.slice(0, 5).join(', ')}` +
        `${foreign.length > 5 ? ', …' : ''}). Copy into a new database (createdb NAME).`,
    );
  }
  const filled: string[] = [];
  for (const table of TABLE_ORDER.filter((name) => names.includes(name))) {
    const { rows } = await sql`SELECT 1 FROM ${sql.table(table)} LIMIT 1`.execute(db);
    if (rows.length > 0) filled.push(table);
  }
  if (filled.length > 0) {
    throw new ToolError(
      `${safeUrl(url)} is not empty: ${filled.join(', ')} have rows. Copy into a new, empty ` +
        'database (createdb NAME), or drop this one first.',
    );
  }
}

/** The target, checked empty, then migrated (the same schema the server would make). */
async function openTarget(url: string): Promise<Engine> {
  const engine = postgresEngine(url, () => {});
  try {
    await checkEmpty(engine.db, url);
    await migrate(engine);
  } catch (error) {
    await engine.close();
    throw error;
  }
  return engine;
}

/** A path for a shell command line. */
const shellQuoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * The server on Postgres needs ADDRESS_HASH_SECRET (server/config.ts); it must be the key the
 * copied hashes were made with, or duplicate posts and limits stop recognising earlier ones.
 */
export function secretReminder(config: DatabaseConfig): string {
  const keyFile = keyFileOf(config);
  if (!keyFile) {
    return (
      'ADDRESS_HASH_SECRET is set: the server on Postgres must keep exactly this value, or the ' +
      'copied hashes stop matching new ones.\n'
    );
  }
  if (!existsSync(keyFile)) {
    return `No address-hash key yet (${shown(keyFile)}): set ADDRESS_HASH_SECRET to a new secret (openssl rand -hex 32).\n`;
  }
  return (
    'The server on Postgres needs ADDRESS_HASH_SECRET, equal to the content of ' +
    `${shown(keyFile)} (the key the copied hashes were made with). For example:\n` +
    `  echo "ADDRESS_HASH_SECRET=$(cat ${shellQuoted(keyFile)})" >> .env\n`
  );
}

export interface CopyResult {
  ok: boolean;
  report: string;
}

/** Copies the configured SQLite database into the empty Postgres database at `to`. */
export async function copyToPostgres(
  env: Record<string, string | undefined>,
  to: string,
  progress: (text: string) => void = () => {},
): Promise<CopyResult> {
  const config = sourceConfig(env);
  const label =
    databaseAt(config.url) === 'file' ? shown(fileOfUrl(config.url)) : 'the libSQL database';
  const work = mkdtempSync(path.join(os.tmpdir(), 'receiver-copy-'));
  let source: Engine | undefined;
  let target: Engine | undefined;
  try {
    source = await openSource(config, work);
    target = await openTarget(to);
    const checks = await copyTables(source.db, target.db, progress);
    return {
      ok: true,
      report:
        `Copied ${label} into ${safeUrl(to)}:\n${checkTable(checks)}\n` +
        'Every table has the same rows on both sides.\n\n' +
        'What the server receives from now on stays in SQLite: stop it before the final copy.\n' +
        `To run it on Postgres, set DATABASE_URL to the address given to --to, and:\n` +
        secretReminder(config),
    };
  } catch (error) {
    if (!(error instanceof CopyMismatch)) throw error;
    return {
      ok: false,
      report:
        `${checkTable(error.checks)}\nThe copy differs from ${label}: nothing was committed ` +
        `(${safeUrl(to)} is still empty).\n`,
    };
  } finally {
    await source?.close();
    await target?.close();
    rmSync(work, { recursive: true, force: true });
  }
}
