import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createClient, type Client } from '@libsql/client';
import type { DatabaseConfig } from './config.ts';
import { migrations } from './migrations.ts';

/** The one connection to the submissions database that the store, the outbox and the inbox share. */
export interface Database {
  client: Client;
  /** A file on this machine (not a remote libsql server). */
  local: boolean;
  /**
   * A keyed hash of a client's address: tells posts (or sign-in attempts) from one address apart
   * without storing the address. The key sits in the same database, so anyone holding the whole
   * file can still test guesses (all of IPv4 in hours); it keeps addresses out of exports and logs.
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

async function clientHashKey(client: Client): Promise<string> {
  await client.execute({
    sql: "INSERT INTO settings (name, value) VALUES ('client_hash_salt', ?) ON CONFLICT (name) DO NOTHING",
    args: [randomBytes(32).toString('hex')],
  });
  const result = await client.execute("SELECT value FROM settings WHERE name = 'client_hash_salt'");
  return String(result.rows[0]?.value);
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
    key = await clientHashKey(client);
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
