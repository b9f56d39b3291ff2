// `npm run bench:server -- visits`: what counting visits costs (issue 48). A document request
// through the real app (fastify's inject: the whole pipeline, no network) with counting on and
// off: at a steady rate (20 and 100 documents a second, each from another visitor, in turns of
// 10 s on and off, each request timed from when it was due, so that a request delayed by a
// blocked event loop counts its wait), and at saturation (one after the other); the longest
// event-loop block by one of the counter's chunks; then the counter's flush of 199 views of 199
// visitors (chunks of CHUNK), on SQLite (a file, fsync'd) and on Postgres (embedded).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { createStore } from '../../server/store/store.ts';
import { tempDataDir } from '../../server/testing/fixtures.ts';
import { createTestDatabase, startTestPostgres } from '../../server/testing/postgres.ts';
import { CHUNK, startVisitCounter } from '../../server/visits/visit-counter.ts';
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

/** A counter on `database`; `chunks` gets each chunk's time from its call to its commit. */
function counterOf(database: Database, chunks?: number[]) {
  const { engine } = database;
  return startVisitCounter({
    engine: chunks
      ? {
          ...engine,
          batch: async (queries) => {
            const started = performance.now();
            const rows = await engine.batch(queries);
            chunks.push(performance.now() - started);
            return rows;
          },
        }
      : engine,
    business: () => ({ timeZone: 'America/New_York' }),
    log,
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** One document request of visitor `n`; its time from `due`. */
async function documentAt(app: FastifyInstance, n: number, due: number): Promise<number> {
  const response = await app.inject({
    method: 'GET',
    url: n % 2 ? '/' : '/es/',
    headers: { 'user-agent': CHROME, 'sec-fetch-dest': 'document', 'accept-encoding': 'br' },
    remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
  });
  if (response.statusCode !== 200) throw new Error(`a document answered ${response.statusCode}`);
  return performance.now() - due;
}

/** `rate` documents a second for `seconds`, each due at its time, not after the previous one. */
async function steady(app: FastifyInstance, rate: number, seconds: number, first: number) {
  const every = 1000 / rate;
  const start = performance.now() + 10;
  const answers: Promise<number>[] = [];
  for (let n = 0; n < rate * seconds; n += 1) {
    const due = start + n * every;
    // A timer wakes up to a millisecond late: the last 2 ms in turns of the event loop.
    await sleep(due - performance.now() - 2);
    while (performance.now() < due) await new Promise((resolve) => setImmediate(resolve));
    answers.push(documentAt(app, first + n, due));
  }
  return Promise.all(answers);
}

const TURN_SECONDS = 10;
const TURNS = 3;

/** Each rate, counting on and off in turns of 10 s (3 each), and the event loop's longest delay. */
async function steadyTimes(on: FastifyInstance, off: FastifyInstance) {
  console.log(
    `\nA document request through the app (inject), SQLite, at a steady rate: ${TURNS} turns of ${TURN_SECONDS} s on and off, each request from another visitor, timed from when it was due\n`,
  );
  console.log('docs/s  visits  requests   p50 ms   p99 ms   max ms   loop max ms');
  // Warm up both (the day's salt, the compiled code), not timed.
  await steady(on, 100, 2, 1 << 23);
  await steady(off, 100, 2, 1 << 23);
  let visitor = 0;
  for (const rate of [20, 100]) {
    const times = { on: [] as number[], off: [] as number[] };
    const loop = { on: 0, off: 0 };
    for (let turn = 0; turn < TURNS * 2; turn += 1) {
      const which = turn % 2 ? 'off' : 'on';
      const delay = monitorEventLoopDelay({ resolution: 1 });
      delay.enable();
      times[which].push(...(await steady(which === 'on' ? on : off, rate, TURN_SECONDS, visitor)));
      delay.disable();
      loop[which] = Math.max(loop[which], delay.max / 1e6);
      visitor += rate * TURN_SECONDS;
    }
    for (const which of ['on', 'off'] as const) {
      const ms = times[which];
      console.log(
        tableLine([rate, 6], [which, 7], [ms.length, 9], ...msCells(ms, 8, { digits: 2 }), [
          loop[which].toFixed(1),
          13,
        ]),
      );
    }
  }
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
  const chunks: number[] = [];
  const counter = counterOf(database, chunks);
  const store = createStore(database);
  const distDir = path.resolve('dist');
  const on = await buildApp({ store, distDir, visits: { counter } });
  const off = await buildApp({ store, distDir });
  try {
    await steadyTimes(on, off);
    const [counting = [], plain = []] = await documentTimes([on, off]);
    console.log(
      '\nA document request through the app (inject), SQLite, at saturation (one after the other, in turns of 500)\n',
    );
    console.log('visits    requests   p50 ms   p99 ms   max ms');
    console.log(tableLine(['on', 8], [counting.length, 9], ...msCells(counting, 8, { digits: 3 })));
    console.log(tableLine(['off', 8], [plain.length, 9], ...msCells(plain, 8, { digits: 3 })));
    console.log(
      `\nThe counter's chunks during the runs above (at most ${CHUNK} views each), SQLite: each from its call to its commit, the longest event-loop block one can make\n`,
    );
    console.log('chunks   p50 ms   p99 ms   max ms');
    console.log(tableLine(undefined, [chunks.length, 6], ...msCells(chunks, 8, { digits: 2 })));
  } finally {
    await on.close();
    await off.close();
    await counter.close();
  }
}

/**
 * A flush of 199 views of 199 visitors, each its visitor's row and its page's; and each flush's
 * longest turn of the event loop (a probe's turns, nothing else running): its longest block.
 */
async function flushTimes(database: Database): Promise<{ ms: number[]; blocks: number[] }> {
  const counter = counterOf(database);
  const ms: number[] = [];
  const blocks: number[] = [];
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
    let last = started;
    let longest = 0;
    let probing = true;
    const probe = () => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      if (probing) setImmediate(probe);
    };
    setImmediate(probe);
    await counter.flush();
    probing = false;
    if (round >= 3) {
      ms.push(performance.now() - started);
      blocks.push(longest);
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  await counter.close();
  return { ms, blocks };
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
    console.log(
      `\nThe counter's flush: 199 views of 199 visitors, in chunks of ${CHUNK}, one transaction each; its longest event-loop block (nothing else running)\n`,
    );
    console.log('engine      flushes   p50 ms   p99 ms   max ms   block p50   block max');
    for (const [name, { ms, blocks }] of [
      ['SQLite', onSqlite],
      ['Postgres', onPostgres],
    ] as const) {
      console.log(
        tableLine(
          [name, 10],
          [ms.length, 8],
          ...msCells(ms, 8),
          ...msCells(blocks, 11, { at: [50], digits: 2 }),
        ),
      );
    }
  } finally {
    await postgres.stop();
    data.remove();
  }
}
