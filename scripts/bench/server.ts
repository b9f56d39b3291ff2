// `npm run bench:server`: requests per second and latency of valid posts to the receiver on
// loopback (each one validated, committed with a full fsync, then answered), on SQLite and on
// Postgres, then the inbox's queries at 50,000 submissions on both.
// A benchmark, not a test: it prints figures and fails only when a post is refused.
import { applicationBody, quoteBody } from '../../server/testing/fixtures.ts';
import {
  closeConnections,
  ensureServerBuild,
  load,
  percentile,
  removeDir,
  startReceiver,
  stopReceiver,
  tempDir,
} from '../../server/testing/receiver-harness.ts';
import { benchInbox } from './inbox.ts';
import { createTestDatabase, startTestPostgres } from '../../server/testing/postgres.ts';

const runs = [
  { concurrency: 1, posts: 500 },
  { concurrency: 10, posts: 2000 },
  { concurrency: 50, posts: 4000 },
];

let offset = 0;
function body(n: number) {
  const unique = offset + n;
  return unique % 2 === 0
    ? { form: 'quote', body: quoteBody(unique) }
    : { form: 'application', body: applicationBody(unique) };
}

/** Posts at each concurrency to a receiver started with `env`; how many were refused. */
async function benchPosts(title: string, env: Record<string, string>): Promise<number> {
  const dataDir = tempDir('bench-server-');
  let refused = 0;
  try {
    const server = await startReceiver(dataDir, env);
    await load(server.port, 300, 10, body); // warm-up
    offset += 300;
    console.log(`\nvalid posts to POST /api/forms/{quote,application}, loopback, ${title}\n`);
    console.log('concurrency   posts   requests/s   p50 ms   p99 ms   max ms');
    for (const { concurrency, posts } of runs) {
      const result = await load(server.port, posts, concurrency, body);
      offset += posts;
      refused += posts - result.acknowledged.length;
      const ms = result.answers.map((answer) => answer.ms);
      console.log(
        [
          String(concurrency).padStart(11),
          String(posts).padStart(7),
          String(Math.round(posts / result.seconds)).padStart(12),
          percentile(ms, 50).toFixed(1).padStart(8),
          percentile(ms, 99).toFixed(1).padStart(8),
          Math.max(...ms)
            .toFixed(1)
            .padStart(8),
        ].join(' '),
      );
    }
    await stopReceiver(server);
  } finally {
    removeDir(dataDir);
  }
  return refused;
}

ensureServerBuild();
let refused = 0;
// The benchmark's Postgres: the tests' embedded server, with its default durability (fsync on).
const postgres = await startTestPostgres({ durable: true });
try {
  refused += await benchPosts('SQLite synchronous=FULL', {});
  refused += await benchPosts('Postgres (embedded, fsync on, pool of 10)', {
    DATABASE_URL: await createTestDatabase(postgres.url, 'bench'),
    ADDRESS_HASH_SECRET: 'bench-address-hash-secret-0123456789abcdef',
  });
  await benchInbox(tempDir, removeDir, postgres.url);
} finally {
  closeConnections();
  await postgres.stop();
}
if (refused > 0) {
  console.error(`\n${refused} posts were not acknowledged`);
  process.exit(1);
}
