// `npm run bench:server -- visits`: what counting visits costs (issue 48). A document request
// through the real app (fastify's inject: the whole pipeline, no network) with counting on and
// off, alternately, thousands of each; then the counter's flush, a batch of 200 views of 200
// visitors written in one transaction, on SQLite (a file, fsync'd) and on Postgres (embedded).
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { createStore } from '../../server/store/store.ts';
import { tempDataDir } from '../../server/testing/fixtures.ts';
import { createTestDatabase, startTestPostgres } from '../../server/testing/postgres.ts';
import { startVisitCounter } from '../../server/visits/visit-counter.ts';
import type { PendingView } from '../../server/visits/visit-types.ts';
import { countable } from '../../server/visits/countable.ts';
import { sourceOf } from '../../server/visits/sources.ts';
import { languageOfPath, pageOf } from '../../server/visits/visit-pages.ts';
import { msCells, tableLine } from './table.ts';

const REQUESTS = Number(process.env.BENCH_VISIT_REQUESTS ?? 5000);
const FLUSHES = 30;
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const log = { warn: (_fields: object, message: string) => console.warn(message) };

function counterOf(database: Database) {
  return startVisitCounter({
    engine: database.engine,
    business: () => ({ timeZone: 'America/New_York' }),
    log,
  });
}

/**
 * Each app's document request times, asked for in turns of 500 so that both see the same machine,
 * and the counter's writes (started by its 200th view, run while the next requests are answered)
 * fall on the counting app's requests, not on the other's (in turns of one request, they did).
 */
async function documentTimes(apps: FastifyInstance[]): Promise<number[][]> {
  const times = apps.map((): number[] => []);
  const TURN = 500;
  for (let block = 0; block < REQUESTS + 200; block += TURN) {
    for (const [index, app] of apps.entries()) {
      for (let n = block; n < Math.min(block + TURN, REQUESTS + 200); n += 1) {
        const started = performance.now();
        const response = await app.inject({
          method: 'GET',
          url: n % 2 ? '/' : '/es/',
          headers: { 'user-agent': CHROME, 'sec-fetch-dest': 'document', 'accept-encoding': 'br' },
          remoteAddress: `10.0.${(n >> 8) & 255}.${n & 255}`,
        });
        if (response.statusCode !== 200)
          throw new Error(`a document answered ${response.statusCode}`);
        if (n >= 200) times[index]?.push(performance.now() - started);
      }
    }
  }
  return times;
}

async function benchDocuments(database: Database) {
  const counter = counterOf(database);
  const store = createStore(database);
  const distDir = path.resolve('dist');
  const on = await buildApp({ store, distDir, visits: { counter } });
  const off = await buildApp({ store, distDir });
  try {
    const [counting = [], plain = []] = await documentTimes([on, off]);
    console.log('\nA document request through the app (inject), SQLite, counting on and off\n');
    console.log('visits    requests   p50 ms   p99 ms   max ms');
    console.log(tableLine(['on', 8], [counting.length, 9], ...msCells(counting, 8, { digits: 3 })));
    console.log(tableLine(['off', 8], [plain.length, 9], ...msCells(plain, 8, { digits: 3 })));
  } finally {
    await on.close();
    await off.close();
    await counter.close();
  }
}

/** A batch's flush: 200 views of 200 visitors, each its visitor's row and its page's. */
async function flushTimes(database: Database): Promise<number[]> {
  const counter = counterOf(database);
  const ms: number[] = [];
  for (let round = 0; round < FLUSHES + 3; round += 1) {
    for (let n = 0; n < 199; n += 1) {
      const view: PendingView = {
        at: Date.now(),
        client: { address: `10.${round}.${n >> 8}.${n & 255}`, userAgent: CHROME },
        page: n % 3 ? 'home' : 'team',
        language: n % 4 ? 'en' : 'es',
        source: { kind: 'search', name: 'google', campaign: '' },
        kind: 'view',
      };
      counter.add(view);
    }
    const started = performance.now();
    await counter.flush();
    if (round >= 3) ms.push(performance.now() - started);
  }
  await counter.close();
  return ms;
}

/**
 * The hook's own work per document, without the app around it: countable, the page, the source
 * and the counter's add, each request timed on its own (µs), so that its p99 is a request's (the
 * runs' averages hid the tail: an add that starts a batch, a collection).
 */
async function hookTimes(database: Database): Promise<number[]> {
  const request = {
    method: 'GET',
    headers: {
      'user-agent': CHROME,
      'sec-fetch-dest': 'document',
      referer: 'https://l.facebook.com/',
    },
  };
  const us: number[] = [];
  for (let run = 0; run < 60; run += 1) {
    const counter = counterOf(database);
    for (let n = 0; n < 1000; n += 1) {
      const started = performance.now();
      if (!countable(request, 'document')) throw new Error('not countable');
      const page = pageOf('/es/team/') ?? 'home';
      counter.add({
        at: Date.now(),
        client: { address: `10.0.${run}.1`, userAgent: CHROME },
        page,
        language: languageOfPath('/es/team/'),
        source: sourceOf(request.headers.referer, '?utm_source=flyer', ['staffing.example']),
        kind: 'view',
      });
      if (run >= 10) us.push((performance.now() - started) * 1000);
    }
    await counter.close();
  }
  return us;
}

export async function benchVisits(): Promise<void> {
  const data = tempDataDir('bench-visits-');
  const postgres = await startTestPostgres();
  try {
    const sqlite = await openDatabase(data.database);
    await benchDocuments(sqlite);
    const hook = await hookTimes(sqlite);
    console.log(
      "\nThe documents' hook's own work per request (countable, page, source, add), µs\n",
    );
    console.log('requests   p50 µs   p99 µs   max µs');
    console.log(tableLine(undefined, [hook.length, 8], ...msCells(hook, 8, { digits: 2 })));
    const onSqlite = await flushTimes(sqlite);
    await sqlite.close();
    const pg = await openDatabase({
      url: await createTestDatabase(postgres.url),
      addressKey: { secret: 'bench-address-key' },
    });
    const onPostgres = await flushTimes(pg);
    await pg.close();
    console.log("\nThe counter's flush: 199 views of 199 visitors in one transaction\n");
    console.log('engine      flushes   p50 ms   p99 ms   max ms');
    console.log(tableLine(['SQLite', 10], [onSqlite.length, 8], ...msCells(onSqlite, 8)));
    console.log(tableLine(['Postgres', 10], [onPostgres.length, 8], ...msCells(onPostgres, 8)));
  } finally {
    await postgres.stop();
    data.remove();
  }
}
