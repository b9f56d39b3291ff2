// `npm run bench:server`: requests per second and latency of valid posts to the receiver on
// loopback (each one validated, committed to SQLite with a full fsync, then answered).
// A benchmark, not a test: it prints figures and fails only when a post is refused.
import { applicationBody, quoteBody } from '../server/testing.ts';
import {
  closeConnections,
  ensureServerBuild,
  load,
  percentile,
  removeDir,
  startReceiver,
  stopReceiver,
  tempDir,
} from './receiver-harness.ts';
import { benchInbox } from './bench-inbox.ts';

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

ensureServerBuild();
const dataDir = tempDir('bench-server-');
let refused = 0;
try {
  const server = await startReceiver(dataDir);
  await load(server.port, 300, 10, body); // warm-up
  offset += 300;
  console.log(
    'valid posts to POST /api/forms/{quote,application}, loopback, SQLite synchronous=FULL\n',
  );
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
  await benchInbox(tempDir, removeDir);
} finally {
  closeConnections();
  removeDir(dataDir);
}
if (refused > 0) {
  console.error(`\n${refused} posts were not acknowledged`);
  process.exit(1);
}
