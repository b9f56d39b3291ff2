// `npm run bench:server -- upgrade`: the start of a server that must migrate a database of
// 50,000 submissions (server/db/upgrade.ts): the built server started on a file seeded at the
// previous schema version, from its spawn to /readyz answering 200, with the copy it makes before
// the migration; the same start with nothing to migrate; and, in this process, a failing
// upgrade's first start (the copy) and a restart after it (the copy reused: the file's SHA-256).
import { copyFileSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { databaseConfig } from '../../server/config.ts';
import { migrate, openDatabase } from '../../server/db/database.ts';
import { sqliteEngine } from '../../server/db/sqlite.ts';
import { LATEST_VERSION } from '../../server/db/upgrade.ts';
import { send, startReceiver, stopReceiver } from '../../server/testing/receiver-harness.ts';
import { insertSubmissions } from './inbox.ts';
import { tableLine } from './table.ts';

const RUNS = 3;
const MB = 1024 * 1024;

/** A SQLite file of 50,000 submissions at the schema version before the latest, whole in one file. */
async function seedPrevious(dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'submissions.db');
  const engine = await sqliteEngine(`file:${file}`);
  try {
    await migrate(engine, undefined, { toVersion: LATEST_VERSION - 1 });
    await insertSubmissions(engine.db);
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(engine.db);
  } finally {
    await engine.close();
  }
  return file;
}

/** From the spawn of the built server on `dataDir` to /readyz answering 200, in ms. */
async function timeToReady(dataDir: string): Promise<number> {
  const startedAt = performance.now();
  const server = await startReceiver(dataDir);
  try {
    for (;;) {
      const ready = await send(server.port, { method: 'GET', path: '/readyz' }, 5000);
      if (ready.status === 200) return performance.now() - startedAt;
      if (performance.now() - startedAt > 60_000) throw new Error('not ready within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await stopReceiver(server);
  }
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const startedAt = performance.now();
  await run();
  return performance.now() - startedAt;
}

/** A failing upgrade's first start and a restart, in this process: ms of each, files left. */
async function failingStarts(dataDir: string): Promise<[number, number, number]> {
  const config = databaseConfig({ DATA_DIR: dataDir });
  const failing = [{ version: LATEST_VERSION + 1, statements: ['THIS IS NOT SQL'] }];
  const start = () =>
    openDatabase(config, undefined, failing).then(
      () => undefined,
      () => undefined,
    );
  const first = await timed(start);
  const again = await timed(start);
  const copies = readdirSync(path.join(dataDir, 'backups')).filter(
    (name) => name.startsWith(`before-migration-${LATEST_VERSION}`) && name.endsWith('.db'),
  ).length;
  return [first, again, copies];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function benchUpgrade(
  tempDir: (prefix: string) => string,
  removeDir: (dir: string) => void,
): Promise<void> {
  const seedDir = tempDir('bench-upgrade-seed-');
  try {
    const seeded = await seedPrevious(seedDir);
    const size = statSync(seeded).size;
    console.log(
      `\n50,000 submissions at schema version ${LATEST_VERSION - 1} (a ${(size / MB).toFixed(1)} MB ` +
        `SQLite file); the server knows ${LATEST_VERSION}. ${RUNS} runs, each on a fresh copy.\n`,
    );
    console.log(
      tableLine(
        ['run', 3],
        ['ready, must migrate', 19],
        ['copy before it', 14],
        ['ready, nothing to do', 20],
        ['failing upgrade: first start', 28],
        ['restart (copy reused)', 21],
        ['copies', 6],
      ),
    );
    for (let run = 1; run <= RUNS; run += 1) {
      const dataDir = tempDir('bench-upgrade-');
      try {
        copyFileSync(seeded, path.join(dataDir, 'submissions.db'));
        const migrating = await timeToReady(dataDir);
        const copy = path.join(dataDir, 'backups', `before-migration-${LATEST_VERSION - 1}.db`);
        const copySize = statSync(copy).size;
        const plain = await timeToReady(dataDir);
        const [first, again, copies] = await failingStarts(dataDir);
        console.log(
          tableLine(
            [run, 3],
            [seconds(migrating), 19],
            [`${(copySize / MB).toFixed(1)} MB`, 14],
            [seconds(plain), 20],
            [seconds(first), 28],
            [seconds(again), 21],
            [copies, 6],
          ),
        );
      } finally {
        removeDir(dataDir);
      }
    }
  } finally {
    removeDir(seedDir);
  }
}
