// The weekly picture under `npm run bench:server -- weekly`: `GET /admin/api/weekly` over HTTP with
// two years of daily visit counts (730 days × 2 languages × 20 sources in visit_sources, × 6 pages
// in visit_pages), today's visitors not yet added up, and 50,000 submissions, on SQLite and on
// Postgres.
import os from 'node:os';
import type { Kysely } from 'kysely';
import { databaseConfig } from '../../server/config.ts';
import { users } from '../../server/admin/users.ts';
import { openDatabase } from '../../server/db/database.ts';
import type { Tables } from '../../server/db/tables.ts';
import { dayString } from '../../server/visits/visit-picture.ts';
import { createTestDatabase } from '../../server/testing/postgres.ts';
import {
  send,
  signIn,
  startReceiver,
  stopReceiver,
} from '../../server/testing/receiver-harness.ts';
import { businessSchedule } from '../../src/business-time/schedule.ts';
import { localDay } from '../../src/business-time/time-zone.ts';
import { insertSubmissions } from './inbox.ts';
import { msCells, tableLine } from './table.ts';

const DAYS = 730;
const REQUESTS = 300;
const TODAYS_VISITORS = 400;
const owner = { email: 'bench-weekly@example.com', password: 'bench password long enough' };
const PAGES = ['home', 'team', 'contact', 'quote', 'application', 'privacy'];
const SOURCES: [kind: string, name: string, campaign: string][] = [
  ['direct', '', ''],
  ['search', 'google', ''],
  ['search', 'bing', ''],
  ['search', 'duckduckgo', ''],
  ['social', 'facebook', ''],
  ['social', 'instagram', ''],
  ['social', 'linkedin', ''],
  ['whatsapp', 'whatsapp', ''],
  ['email', 'gmail', ''],
  ['site', 'yelp.com', ''],
  ['site', 'theknot.com', ''],
  ['site', 'weddingwire.com', ''],
  ['site', 'eventbrite.com', ''],
  ['campaign', 'flyer', ''],
  ['campaign', 'flyer', 'spring'],
  ['campaign', 'newsletter', 'may'],
  ['campaign', 'qr', 'truck'],
  ['campaign', 'google', 'ads'],
  ['site', 'nextdoor.com', ''],
  ['social', 'tiktok', ''],
];
const LANGUAGES = ['en', 'es'];
const CHUNK = 500;

async function insertChunked<T extends 'visit_sources' | 'visit_pages' | 'visitor_days'>(
  db: Kysely<Tables>,
  table: T,
  rows: Tables[T][],
) {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + CHUNK) as never)
      .execute();
  }
}

/** Two years of finished days before today, and today's visitors not yet added up. */
async function insertVisits(db: Kysely<Tables>) {
  const today = localDay(Date.now(), businessSchedule.timeZone);
  const sources: Tables['visit_sources'][] = [];
  const pages: Tables['visit_pages'][] = [];
  for (let back = DAYS; back >= 1; back -= 1) {
    const day = dayString(today - back);
    for (const [l, language] of LANGUAGES.entries()) {
      for (const [s, [kind, name, campaign]] of SOURCES.entries()) {
        const visitors = 1 + ((back * 7 + s * 13 + l) % 40);
        sources.push({
          day,
          language,
          source_kind: kind,
          source_name: name,
          campaign,
          visitors,
          saw_form: Math.floor(visitors / 3),
          started: Math.floor(visitors / 7),
        });
      }
      for (const [p, page] of PAGES.entries()) {
        pages.push({ day, page, language, views: 5 + ((back + p * 11 + l) % 90) });
      }
    }
  }
  const open: Tables['visitor_days'][] = Array.from({ length: TODAYS_VISITORS }, (_, n) => {
    const [kind, name, campaign] = SOURCES[n % SOURCES.length] ?? ['direct', '', ''];
    return {
      day: dayString(today),
      visitor: `bench-visitor-${n}`,
      language: LANGUAGES[n % 2] ?? 'en',
      source_kind: kind,
      source_name: name,
      campaign,
      entry_page: 'home',
      views: 1 + (n % 4),
      saw_form: n % 3 === 0 ? 1 : 0,
      started: n % 7 === 0 ? 1 : 0,
    };
  });
  await insertChunked(db, 'visit_sources', sources);
  await insertChunked(db, 'visit_pages', pages);
  await insertChunked(db, 'visitor_days', open);
  return { sources: sources.length, pages: pages.length };
}

/** The submissions and the bench's account; the visits come later (`addVisits`). */
async function seed(env: Record<string, string>) {
  const database = await openDatabase(databaseConfig(env));
  try {
    await insertSubmissions(database.db);
    await database.engine.afterBulkLoad();
    await users(database).add(owner.email, owner.password);
  } finally {
    await database.close();
  }
}

async function addVisits(env: Record<string, string>) {
  const database = await openDatabase(databaseConfig(env));
  try {
    return await insertVisits(database.db);
  } finally {
    await database.close();
  }
}

/** `REQUESTS` requests of the weekly picture, one at a time, after a warm-up: a line of the table. */
async function timeWeekly(port: number, cookie: string, label: string) {
  const get = () => send(port, { method: 'GET', path: '/admin/api/weekly', headers: { cookie } });
  for (let i = 0; i < 20; i += 1) await get(); // warm-up
  const ms: number[] = [];
  let funnelRows = 0;
  for (let i = 0; i < REQUESTS; i += 1) {
    const answer = await get();
    if (answer.status !== 200) throw new Error(`weekly: HTTP ${answer.status}`);
    ms.push(answer.ms);
    funnelRows = (JSON.parse(answer.body) as { funnel: unknown[] }).funnel.length;
  }
  return tableLine([label, 27], [funnelRows, 5], ...msCells(ms, 8, { slowest: false }));
}

/**
 * The weekly picture over HTTP with the submissions alone (as before the visits were counted),
 * then with two years of visit counts added: the difference is what the visits cost.
 */
async function benchOn(title: string, dataDir: string, env: Record<string, string>) {
  const seeded = performance.now();
  await seed(env);
  const server = await startReceiver(dataDir, env);
  try {
    const cookie = await signIn(server.port, owner);
    const before = await timeWeekly(server.port, cookie, 'no visit counts');
    const counted = await addVisits(env);
    const after = await timeWeekly(server.port, cookie, 'two years of visit counts');
    console.log(
      `\nGET /admin/api/weekly on ${title}: 50,000 submissions, then ${counted.sources.toLocaleString('en-US')} visit_sources rows and ${counted.pages.toLocaleString('en-US')} visit_pages rows (${DAYS} days) and ${TODAYS_VISITORS} visitors of today not yet added up (seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s); ${REQUESTS} requests each, one at a time; rows: the funnel's; load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores at the end\n`,
    );
    console.log('weekly picture with          rows   p50 ms   p99 ms');
    console.log(before);
    console.log(after);
  } finally {
    await stopReceiver(server);
  }
}

/** The weekly picture on SQLite, then on a new database of the Postgres server at `postgresUrl`. */
export async function benchWeekly(
  tempDir: (prefix: string) => string,
  removeDir: (dir: string) => void,
  postgresUrl: string,
) {
  const dataDir = tempDir('bench-weekly-');
  try {
    await benchOn('SQLite', dataDir, { DATA_DIR: dataDir });
  } finally {
    removeDir(dataDir);
  }
  const postgresDir = tempDir('bench-weekly-');
  try {
    await benchOn('Postgres', postgresDir, {
      DATA_DIR: postgresDir,
      DATABASE_URL: await createTestDatabase(postgresUrl, 'bench_weekly'),
      ADDRESS_HASH_SECRET: 'bench-address-hash-secret-0123456789abcdef',
    });
  } finally {
    removeDir(postgresDir);
  }
}
