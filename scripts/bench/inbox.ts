// The owner's inbox under `npm run bench:server`: list, filter and search latency over HTTP with
// 50,000 stored submissions (seeded straight into the database), each query its own request, on
// SQLite and on Postgres.
import { randomUUID } from 'node:crypto';
import { databaseConfig } from '../../server/config.ts';
import type { Kysely } from 'kysely';
import { openDatabase } from '../../server/db/database.ts';
import type { Tables } from '../../server/db/tables.ts';
import { users } from '../../server/admin/users.ts';
import { rosterOf } from '../../server/store/roster.ts';
import { createTestDatabase } from '../../server/testing/postgres.ts';
import {
  availabilityValues,
  languageValues,
  positionValues,
  shiftValues,
} from '../../src/content/options.ts';
import { applicationBody, quoteBody } from '../../server/testing/fixtures.ts';
import {
  send,
  signIn,
  startReceiver,
  stopReceiver,
} from '../../server/testing/receiver-harness.ts';
import { msCells, tableLine } from './table.ts';

const SUBMISSIONS = 50_000;
const REQUESTS = 200;
const owner = { email: 'bench@example.com', password: 'bench password long enough' };

const firstNames = [
  'María',
  'Jordan',
  'Camila',
  'Luis',
  'Aisha',
  'Wei',
  'Olivia',
  'Mateo',
  'Grace',
  'Samuel',
];
const lastNames = [
  'López',
  'Rivera',
  'Torres',
  'Nguyen',
  'Johnson',
  'Okafor',
  'Kim',
  'García',
  'Smith',
  'Haddad',
];
const statuses = [
  'handled',
  'handled',
  'handled',
  'handled',
  'handled',
  'handled',
  'new',
  'new',
  'in_progress',
  'spam',
];

const pick = <T>(values: readonly T[], n: number): T => values[n % values.length] as T;

/** An applicant of the roster: one or two positions, English and maybe another language, some days. */
function applicant(n: number, name: string) {
  const days = availabilityValues.filter((_, day) => (n >> day) % 2 === 1);
  return applicationBody(n, {
    fullName: name,
    positionInterest: [...new Set([pick(positionValues, n), pick(positionValues, n >> 3)])],
    languages: n % 4 === 0 ? ['English', pick(languageValues, n >> 2)] : ['English'],
    availability: days.length ? days : ['Saturday'],
    shiftPreference: pick(shiftValues, n >> 1),
    hasExperience: n % 2 === 0 ? 'yes' : 'no',
  });
}

function row(n: number, now: number) {
  const name = `${firstNames[n % 10]} ${lastNames[Math.floor(n / 10) % 10]} ${n}`;
  const receivedAt = now - (SUBMISSIONS - n) * 20 * 60_000;
  const status = statuses[n % statuses.length] ?? 'new';
  const application = n % 3 === 0;
  const fields = application
    ? applicant(n, name)
    : quoteBody(n, {
        clientName: name,
        phone: `(202) 555-${String(n % 10_000).padStart(4, '0')}`,
      });
  return {
    id: randomUUID(),
    form: application ? 'application' : 'quote',
    // About two years of submissions, one every 20 minutes or so.
    received_at: receivedAt,
    fields: JSON.stringify(fields),
    client_hash: null,
    user_agent: 'bench',
    status,
    note: '',
    seq: n + 1,
    // Answered from a few minutes to a day and a half later.
    first_response_at:
      status === 'handled' || status === 'in_progress' ? receivedAt + (n % 37) * 60 * 60_000 : null,
    roster: application ? rosterOf(fields) : null,
  };
}

/** Rows per insert: well under either engine's limit of parameters per query. */
const CHUNK = 1000;

/** Inserts `SUBMISSIONS` submissions (also into a schema a version behind: upgrade.ts). */
export async function insertSubmissions(db: Kysely<Tables>) {
  const now = Date.now();
  for (let start = 0; start < SUBMISSIONS; start += CHUNK) {
    const rows = Array.from({ length: CHUNK }, (_, i) => row(start + i, now));
    await db.insertInto('submissions').values(rows).execute();
  }
}

/** Fills the database of `env` with `SUBMISSIONS` submissions and the bench's account. */
export async function seed(env: Record<string, string>) {
  const database = await openDatabase(databaseConfig(env));
  try {
    await insertSubmissions(database.db);
    // The rows were numbered here, not by the engine: it goes on after them.
    await database.engine.afterBulkLoad();
    await users(database).add(owner.email, owner.password);
  } finally {
    await database.close();
  }
}

const queries: [string, string][] = [
  ['newest 50', ''],
  ['page 3 (keyset)', 'PAGE3'],
  ['status new', 'status=new'],
  ['form + status', 'form=quote&status=in_progress'],
  ['one month', `from=${Date.now() - 60 * 86_400_000}&to=${Date.now() - 30 * 86_400_000}`],
  ['search "maria"', 'q=maria'],
  ['search "jo" (2 letters)', 'q=jo'],
  ['search one phone', 'q=555-0423'],
  ['search + status', 'q=rivera&status=new'],
  ['needs a reply', 'view=needs-reply'],
  ['roster: bartender + spanish', 'position=Bartender&language=Spanish'],
  [
    'roster: 4 filters',
    'position=Bartender&position=Mixologist&language=Spanish&day=Saturday&shift=noche',
  ],
  [
    'roster: rare (no match)',
    'position=Bartender&language=German&day=Monday&experience=no&shift=tarde',
  ],
  ['roster + search', 'position=Bartender&q=maria'],
  ['weekly picture (12 weeks)', 'WEEKLY'],
];

/** Each query's latency over HTTP, against a receiver on the database of `env`. */
async function benchQueries(title: string, dataDir: string, env: Record<string, string>) {
  const seeded = performance.now();
  await seed(env);
  console.log(
    `\nthe owner's inbox on ${title}, ${SUBMISSIONS.toLocaleString('en-US')} submissions (seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s), ${REQUESTS} requests each, one at a time\n`,
  );
  const server = await startReceiver(dataDir, env);
  const cookie = await signIn(server.port, owner);
  const get = (query: string) =>
    send(server.port, {
      method: 'GET',
      path: query === 'WEEKLY' ? '/admin/api/weekly' : `/admin/api/submissions?${query}`,
      headers: { cookie },
    });
  const page2 = JSON.parse((await get('')).body) as { next: string };
  const page3 = JSON.parse((await get(`after=${page2.next}`)).body) as { next: string };
  console.log('query                        rows   p50 ms   p99 ms');
  for (const [label, raw] of queries) {
    const query = raw === 'PAGE3' ? `after=${encodeURIComponent(page3.next)}` : raw;
    const ms: number[] = [];
    let rows = 0;
    for (let i = 0; i < REQUESTS; i += 1) {
      const answer = await get(query);
      if (answer.status !== 200) throw new Error(`${label}: HTTP ${answer.status}`);
      ms.push(answer.ms);
      const body = JSON.parse(answer.body) as { items?: unknown[]; weeks?: unknown[] };
      rows = (body.items ?? body.weeks ?? []).length;
    }
    console.log(tableLine([label, 27], [rows, 5], ...msCells(ms, 8, { slowest: false })));
  }
  await stopReceiver(server);
}

/** The inbox's queries on SQLite, then on a new database of the Postgres server at `postgresUrl`. */
export async function benchInbox(
  tempDir: (prefix: string) => string,
  removeDir: (dir: string) => void,
  postgresUrl: string,
) {
  const dataDir = tempDir('bench-inbox-');
  try {
    await benchQueries('SQLite', dataDir, { DATA_DIR: dataDir });
  } finally {
    removeDir(dataDir);
  }
  const postgresDir = tempDir('bench-inbox-');
  try {
    await benchQueries('Postgres', postgresDir, {
      DATA_DIR: postgresDir,
      DATABASE_URL: await createTestDatabase(postgresUrl, 'bench'),
      ADDRESS_HASH_SECRET: 'bench-address-hash-secret-0123456789abcdef',
    });
  } finally {
    removeDir(postgresDir);
  }
}
