import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { databaseAt, type DatabaseConfig } from '../config.ts';
import type { Engine } from './engine.ts';
import { postgresEngine } from './postgres.ts';
import { sqliteEngine } from './sqlite.ts';
import type { Tables } from './tables.ts';
import { forEngine } from './migrations.ts';
import {
  backupBeforeUpgrade,
  knownMigrations,
  upgradeFailed,
  type Migration,
  type UpgradeOptions,
} from './upgrade.ts';

/** The one connection to the submissions database that the store, the outbox and the inbox share. */
export interface Database {
  engine: Engine;
  /** Kysely on the engine: where each query is written once. */
  db: Kysely<Tables>;
  /** A file on this machine (not a remote libsql server or Postgres). */
  local: boolean;
  /**
   * A keyed hash (HMAC-SHA-256) of a client's address: tells posts (or sign-in attempts) from one
   * address apart without storing the address. The key is not in the database, so a copy of the
   * database (a backup, a stolen file, an export) cannot be tested against guessed addresses. Whoever
   * holds the key as well (the machine itself, or ADDRESS_HASH_SECRET) can: all of IPv4 is about
   * four billion guesses, hours of work. It keeps addresses out of the database, exports and logs; it
   * does not make them secret from the server's own operator.
   */
  clientHash(address: string): string;
  /**
   * A secret of the server's own for one use (`KeyLabel`), derived from the same key by HKDF-SHA-256
   * with the label as its context: never equal to a `clientHash`, which typed text (an e-mail at
   * sign-in) can choose and the database stores, so no copy of the database holds a secret.
   */
  derivedKey(label: KeyLabel): Buffer;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Every use of a derived secret (`Database.derivedKey`), each with its own. */
export const KEY_LABELS = [
  /** The forms' proof-of-work challenges' HMAC key (server/http/app.ts). */
  'altcha',
  /** The device cookie's signature (server/admin/device-cookie.ts). */
  'device-cookie',
  /** The key a device cookie's attempts are counted under (its nonce's keyed hash). */
  'device-limit',
] as const;
export type KeyLabel = (typeof KEY_LABELS)[number];

/** HKDF's info for `label`: a prefix no other use of the key shares. */
export function derivedKeyOf(addressKey: string, label: KeyLabel): Buffer {
  const info = `receiver derived key v1: ${label}`;
  return Buffer.from(hkdfSync('sha256', addressKey, 'receiver-derived-keys', info, 32));
}

/** Any number: instances of this receiver agree on it, so only one migrates at a time. */
const MIGRATION_LOCK = 7_140_322;

/**
 * Takes the migration lock for `transaction`, trying every 200 ms until `waitMs` has passed: no
 * statement waits (statement_timeout would end it with a less clear message), and a lock held for
 * ever (a stuck instance) stops this start with an error that says what it waited for.
 */
async function migrationLock(transaction: Kysely<Tables>, waitMs: number) {
  const giveUpAt = Date.now() + waitMs;
  for (;;) {
    const { rows } = await sql<{ locked: boolean }>`
      SELECT pg_try_advisory_xact_lock(${MIGRATION_LOCK}) AS locked`.execute(transaction);
    if (rows[0]?.locked) return;
    if (Date.now() >= giveUpAt) {
      throw new Error(
        `Waited ${Math.round(waitMs / 1000)} s for the migration lock (Postgres advisory lock ` +
          `${MIGRATION_LOCK}): another instance is migrating this database, or is stuck holding ` +
          'the lock. Wait for it, or end its session; PG_MIGRATION_WAIT_MS sets how long to wait.',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The highest migration a database has (0: none yet): the one query for its schema's version. */
export async function appliedVersion(db: Kysely<Tables>): Promise<number> {
  const found = await db
    .selectFrom('schema_migrations')
    .select((eb) => eb.fn.coalesce(eb.fn.max('version'), sql<number>`0`).as('version'))
    .executeTakeFirst();
  return Number(found?.version ?? 0);
}

/**
 * Applies the migrations the database lacks, in one transaction under a lock: on Postgres an
 * advisory lock (instances starting together wait for the first, then find nothing to do, at
 * most `waitMs`); on SQLite the write transaction itself. `upgrade.toVersion` stops at that version
 * (the migrations' own tests walk them one by one); the server always goes to the latest.
 */
export async function migrate(
  engine: Engine,
  waitMs = 60_000,
  upgrade: UpgradeOptions = {},
): Promise<void> {
  // Safe upgrades (upgrade.ts): a copy of a SQLite file first, and a failure that names it.
  const backup = await backupBeforeUpgrade(engine, upgrade);
  const known = knownMigrations(upgrade).filter(
    (migration) => migration.version <= (upgrade.toVersion ?? Number.POSITIVE_INFINITY),
  );
  await applyMigrations(engine, waitMs, known).catch((error: unknown) => {
    throw upgradeFailed(error, backup);
  });
}

async function applyMigrations(engine: Engine, waitMs: number, known: readonly Migration[]) {
  await engine.db.transaction().execute(async (transaction) => {
    if (engine.kind === 'postgres') await migrationLock(transaction, waitMs);
    // NOT NULL: forEngine reads an INTEGER PRIMARY KEY as an identity column on Postgres.
    await sql
      .raw(
        forEngine(
          `CREATE TABLE IF NOT EXISTS schema_migrations
            (version INTEGER NOT NULL PRIMARY KEY, applied_at INTEGER NOT NULL)`,
          engine.kind,
        ),
      )
      .execute(transaction);
    const current = await appliedVersion(transaction);
    for (const migration of known) {
      if (migration.version <= current) continue;
      for (const step of migration.statements) {
        const statement = forEngine(step, engine.kind);
        if (statement) await sql.raw(statement).execute(transaction);
      }
      await transaction
        .insertInto('schema_migrations')
        .values({ version: migration.version, applied_at: Date.now() })
        .execute();
    }
  });
}

const LEGACY_SALT = 'client_hash_salt';

/**
 * The address-hash key: ADDRESS_HASH_SECRET, or a random key in a file beside the database (created
 * on first start, readable by this user only). Earlier versions kept the key in the database itself;
 * it is moved out once, so that hashes stay comparable and a copy of the database no longer holds it.
 */
async function addressKey(
  db: Kysely<Tables>,
  source: DatabaseConfig['addressKey'],
): Promise<string> {
  const legacy = await db
    .selectFrom('settings')
    .select('value')
    .where('name', '=', LEGACY_SALT)
    .executeTakeFirst();
  const legacyKey = legacy?.value;
  let key: string;
  if ('secret' in source) {
    key = source.secret;
  } else if (existsSync(source.file)) {
    key = readFileSync(source.file, 'utf8').trim();
  } else {
    key = legacyKey ?? randomBytes(32).toString('hex');
    mkdirSync(path.dirname(source.file), { recursive: true });
    // 'wx': two processes starting at once cannot both write a key; the loser reads the winner's.
    try {
      writeFileSync(source.file, `${key}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      key = readFileSync(source.file, 'utf8').trim();
    }
  }
  if (legacyKey !== undefined) {
    await db.deleteFrom('settings').where('name', '=', LEGACY_SALT).execute();
  }
  return key;
}

/** Postgres, by the address's scheme; anything else is SQLite (a file or a libSQL server). */
export function isPostgresUrl(url: string): boolean {
  return databaseAt(url) === 'postgres';
}

/** Opens (creating it and its folder if needed) and migrates the database. */
export async function openDatabase(
  config: DatabaseConfig,
  onError: (error: Error) => void = () => {},
  extraMigrations?: UpgradeOptions['extra'],
): Promise<Database> {
  if (config.dir) mkdirSync(config.dir, { recursive: true });
  const engine = isPostgresUrl(config.url)
    ? postgresEngine(config.url, onError, config.postgres)
    : await sqliteEngine(config.url, config.authToken);
  let key: string;
  try {
    await migrate(engine, config.postgres?.migrationWaitMs, {
      backupDir: config.upgradeBackupDir,
      extra: extraMigrations,
    });
    key = await addressKey(engine.db, config.addressKey);
  } catch (error) {
    await engine.close();
    throw error;
  }
  const derivedKeys = new Map<KeyLabel, Buffer>();
  return {
    engine,
    db: engine.db,
    local: databaseAt(config.url) === 'file',
    clientHash: (address) => createHmac('sha256', key).update(address).digest('hex').slice(0, 32),
    derivedKey(label) {
      let derived = derivedKeys.get(label);
      if (!derived) derivedKeys.set(label, (derived = derivedKeyOf(key, label)));
      return derived;
    },
    async ping() {
      await sql`SELECT 1`.execute(engine.db);
    },
    close: () => engine.close(),
  };
}
