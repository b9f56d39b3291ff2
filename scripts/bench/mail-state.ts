// /readyz's uncached path with e-mail set up: the mail's state (server/store/outbox-queue.ts's
// mailState) over 50,000 outbox rows, on SQLite and on Postgres. Most rows were sent over about two
// years, some were given up, a few wait with a failure. Not in `npm run bench:server`:
// `npx tsx scripts/bench/mail-state.ts`; its figures are quoted in docs/receiver.md.
import { randomUUID } from 'node:crypto';
import { openDatabase } from '../../server/db/database.ts';
import { createStore } from '../../server/store/store.ts';
import { tempDataDir } from '../../server/testing/fixtures.ts';
import { createTestDatabase, startTestPostgres } from '../../server/testing/postgres.ts';
import type { DatabaseConfig } from '../../server/config.ts';
import { msCells, tableLine } from './table.ts';

const ROWS = 50_000;
const WAITING = 20;
const GIVEN_UP = 200;
const CALLS = 200;
const CHUNK = 1000;

async function seed(config: DatabaseConfig, now: number) {
  const database = await openDatabase(config);
  for (let start = 0; start < ROWS; start += CHUNK) {
    const submissions = Array.from({ length: CHUNK }, (_, i) => ({
      id: randomUUID(),
      form: 'quote',
      received_at: now - (ROWS - start - i) * 20 * 60_000,
      fields: '{}',
      client_hash: null,
      user_agent: 'bench',
      seq: start + i + 1,
    }));
    await database.db.insertInto('submissions').values(submissions).execute();
    await database.db
      .insertInto('outbox')
      .values(
        submissions.map((submission, i) => {
          const n = start + i;
          const waiting = n >= ROWS - WAITING;
          const givenUp = !waiting && n % (ROWS / GIVEN_UP) === 0;
          const at = submission.received_at;
          return {
            submission_id: submission.id,
            kind: 'notify',
            created_at: at,
            attempts: waiting ? 3 : 1,
            next_attempt_at: waiting ? now + 60_000 : at,
            sent_at: waiting || givenUp ? null : at + 2000,
            gave_up_at: givenUp ? at + 60_000 : null,
            last_error: waiting || givenUp ? 'EAUTH 535' : null,
            last_error_at: waiting || givenUp ? at + 60_000 : null,
          };
        }),
      )
      .execute();
  }
  await database.engine.afterBulkLoad();
  return database;
}

async function measure(title: string, config: DatabaseConfig) {
  const now = Date.now();
  const database = await seed(config, now);
  try {
    const store = createStore(database);
    const state = await store.mailState();
    const ms: number[] = [];
    for (let i = 0; i < CALLS; i += 1) {
      const started = performance.now();
      await store.mailState();
      ms.push(performance.now() - started);
    }
    console.log(tableLine([title, 10], [state.waiting, 8], ...msCells(ms, 8, { slowest: false })));
  } finally {
    await database.close();
  }
}

console.log(
  `mailState over ${ROWS.toLocaleString('en-US')} outbox rows (${WAITING} waiting), ${CALLS} calls, one at a time\n`,
);
console.log('engine     waiting   p50 ms   p99 ms');
const sqlite = tempDataDir('bench-mail-state-');
try {
  await measure('SQLite', sqlite.database);
} finally {
  sqlite.remove();
}
const postgres = await startTestPostgres();
try {
  await measure('Postgres', {
    url: await createTestDatabase(postgres.url, 'bench_mail'),
    addressKey: { secret: 'bench-address-hash-secret-0123456789abcdef' },
  });
} finally {
  await postgres.stop();
}
