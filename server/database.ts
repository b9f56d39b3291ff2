import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createClient, type Client } from '@libsql/client';
import type { DatabaseConfig } from './config.ts';
import { migrations } from './migrations.ts';

/** The one connection to the submissions database that the store, the outbox and the inbox share. */
export interface Database {
  client: Client;
  /** A file on this machine (not a remote libsql server). */
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
  ping(): Promise<void>;
  close(): void;
}

async function migrate(client: Client): Promise<void> {
  await client.execute(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)',
  );
  const transaction = await client.transaction('write');
  try {
    const result = await transaction.execute(
      'SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations',
    );
    const current = Number(result.rows[0]?.version ?? 0);
    for (const migration of migrations) {
      if (migration.version <= current) continue;
      for (const statement of migration.statements) await transaction.execute(statement);
      await transaction.execute({
        sql: 'INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)',
        args: [migration.version, Date.now()],
      });
    }
    await transaction.commit();
  } finally {
    transaction.close();
  }
}

const LEGACY_SALT = 'client_hash_salt';

/**
 * The address-hash key: ADDRESS_HASH_SECRET, or a random key in a file beside the database (created
 * on first start, readable by this user only). Earlier versions kept the key in the database itself;
 * it is moved out once, so that hashes stay comparable and a copy of the database no longer holds it.
 */
async function addressKey(client: Client, source: DatabaseConfig['addressKey']): Promise<string> {
  const legacy = await client.execute({
    sql: 'SELECT value FROM settings WHERE name = ?',
    args: [LEGACY_SALT],
  });
  const legacyKey = legacy.rows[0] ? String(legacy.rows[0].value) : undefined;
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
    await client.execute({ sql: 'DELETE FROM settings WHERE name = ?', args: [LEGACY_SALT] });
  }
  return key;
}

/** Opens (creating it and its folder if needed) and migrates the database. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  const local = config.url.startsWith('file:');
  if (config.dir) mkdirSync(config.dir, { recursive: true });
  const client = createClient({
    url: config.url,
    authToken: config.authToken,
    // Every local call is synchronous underneath: one connection serialises writes in this process;
    // the busy timeout covers another process (the CLI) holding the file for a moment.
    ...(local ? { concurrency: 1, timeout: 5000 } : {}),
  });
  let key: string;
  try {
    if (local) {
      await client.execute('PRAGMA journal_mode = WAL');
      // FULL: a commit is on disk before the visitor is told it was received.
      await client.execute('PRAGMA synchronous = FULL');
    }
    await migrate(client);
    key = await addressKey(client, config.addressKey);
  } catch (error) {
    client.close();
    throw error;
  }
  return {
    client,
    local,
    clientHash: (address) => createHmac('sha256', key).update(address).digest('hex').slice(0, 32),
    async ping() {
      await client.execute('SELECT 1');
    },
    close() {
      client.close();
    },
  };
}
