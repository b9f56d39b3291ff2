// The owner's inbox under `npm run bench:server`: list, filter and search latency over HTTP with
// 50,000 stored submissions (seeded straight into the database), each query its own request.
import { randomUUID } from 'node:crypto';
import { databaseConfig } from '../server/config.ts';
import { openDatabase } from '../server/database.ts';
import { users } from '../server/admin/users.ts';
import { applicationBody, quoteBody } from '../server/testing.ts';
import { percentile, send, startReceiver, stopReceiver } from './receiver-harness.ts';

const SUBMISSIONS = 50_000;
const REQUESTS = 200;
const email = 'bench@example.com';
const password = 'bench password long enough';

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

function row(n: number, now: number) {
  const name = `${firstNames[n % 10]} ${lastNames[Math.floor(n / 10) % 10]} ${n}`;
  const fields =
    n % 3 === 0
      ? applicationBody(n, { fullName: name })
      : quoteBody(n, {
          clientName: name,
          phone: `(202) 555-${String(n % 10_000).padStart(4, '0')}`,
        });
  return {
    sql: `INSERT INTO submissions (id, form, received_at, fields, client_hash, user_agent, status, note, seq)
          VALUES (?, ?, ?, ?, NULL, 'bench', ?, '', ?)`,
    args: [
      randomUUID(),
      n % 3 === 0 ? 'application' : 'quote',
      // About two years of submissions, one every 20 minutes or so.
      now - (SUBMISSIONS - n) * 20 * 60_000,
      JSON.stringify(fields),
      statuses[n % statuses.length] ?? 'new',
      n + 1,
    ],
  };
}

async function seed(dataDir: string) {
  const database = await openDatabase(databaseConfig({ DATA_DIR: dataDir }));
  try {
    const now = Date.now();
    for (let start = 0; start < SUBMISSIONS; start += 2000) {
      const chunk = Array.from({ length: 2000 }, (_, i) => row(start + i, now));
      await database.client.batch(chunk, 'write');
    }
    await users(database.client).add(email, password);
  } finally {
    database.close();
  }
}

async function signIn(port: number): Promise<string> {
  const answer = await send(port, {
    path: '/admin/api/sign-in',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = String(answer.headers['set-cookie'] ?? '').split(';')[0];
  if (answer.status !== 200 || !cookie) throw new Error(`sign-in failed: ${answer.status}`);
  return cookie;
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
];

export async function benchInbox(
  tempDir: (prefix: string) => string,
  removeDir: (dir: string) => void,
) {
  const dataDir = tempDir('bench-inbox-');
  try {
    const seeded = performance.now();
    await seed(dataDir);
    console.log(
      `\nthe owner's inbox, ${SUBMISSIONS.toLocaleString('en-US')} submissions (seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s), ${REQUESTS} requests each, one at a time\n`,
    );
    const server = await startReceiver(dataDir);
    const cookie = await signIn(server.port);
    const get = (query: string) =>
      send(server.port, {
        method: 'GET',
        path: `/admin/api/submissions?${query}`,
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
        rows = (JSON.parse(answer.body) as { items: unknown[] }).items.length;
      }
      console.log(
        `${label.padEnd(27)} ${String(rows).padStart(5)} ${percentile(ms, 50).toFixed(1).padStart(8)} ${percentile(ms, 99).toFixed(1).padStart(8)}`,
      );
    }
    await stopReceiver(server);
  } finally {
    removeDir(dataDir);
  }
}
