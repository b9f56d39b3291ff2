// `npm run bench:server`: requests per second and latency of valid posts to the receiver on
// loopback (each one validated, committed with a full fsync, then answered), on SQLite and on
// Postgres, then the inbox's queries at 50,000 submissions on both; first, the time an owner's
// photo takes to process (`npm run bench:server -- photos` runs only that) and the time a publish
// takes to be live (`-- publish` runs photos and publishes only); `-- html` runs only the forms
// sent without JavaScript (html-posts.ts); `-- spam` only the proof of work and the spam score
// (proof-of-work.ts); `-- spam-score` only the spam score on its labelled corpus (spam-score.ts);
// `-- sign-in` only 50 parallel sign-in guessers against one account
// (sign-in.ts), on SQLite and Postgres; `-- sign-in-crowd` only the owner's sign-in from a known
// browser while 500 strangers sign in without pause (sign-in-crowd.ts); `-- backup` only the
// nightly backup at 50,000 submissions
// and the posts while it runs (backup.ts); `-- upgrade` only the start of a server that must
// migrate 50,000 submissions, and the copy it makes first (upgrade.ts); `-- answers` only a
// visitor's answer from the reply mailbox to its row in the database (answers.ts); `-- replies`
// only a reply from the composer's Send to the SMTP server's acceptance (replies.ts); `-- push`
// only a quote's post to its push at a local push service (push.ts); `-- visits` only what counting
// visits costs a document request, and the counter's flush (visits.ts); `-- weekly` only the weekly
// picture with two years of daily visit counts (weekly.ts), on SQLite and Postgres.
// A benchmark, not a test: it prints figures and fails only when a post is refused. Each part's
// figures replace its own section of docs/figures.md (figures.mjs).
import sharp from 'sharp';
import { PHOTO_PLACES, processPhoto } from '../../server/site/photos.ts';
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
import { benchAnswers } from './answers.ts';
import { benchReplies } from './replies.ts';
import { benchPush } from './push.ts';
import { benchVisits } from './visits.ts';
import { benchBackup } from './backup.ts';
import { benchHtmlPosts } from './html-posts.ts';
import { benchInbox } from './inbox.ts';
import { benchWeekly } from './weekly.ts';
import { benchProofOfWork } from './proof-of-work.ts';
import { benchSignIn } from './sign-in.ts';
import { benchSpamScore } from './spam-score.ts';
import { benchSignInCrowd } from './sign-in-crowd.ts';
import { benchUpgrade } from './upgrade.ts';
import { benchPublish } from './publish.ts';
import { commandLine, recordFigures } from './figures.mjs';
import { benchRetention } from './retention.ts';
import { createTestDatabase, startTestPostgres } from '../../server/testing/postgres.ts';
import { msCells, tableLine } from './table.ts';

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
      const perSecond = Math.round(posts / result.seconds);
      console.log(
        tableLine(undefined, [concurrency, 11], [posts, 7], [perSecond, 12], ...msCells(ms, 8)),
      );
    }
    await stopReceiver(server);
  } finally {
    removeDir(dataDir);
  }
  return refused;
}

/**
 * A camera-sized JPEG whose detail survives downscaling, as a photo's does: random blocks at three
 * scales (plain noise would average out to grey and flatter the encoders).
 */
async function photoLikeJpeg(width: number, height: number): Promise<Buffer> {
  let seed = 12345;
  const random = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
    return seed >> 23;
  };
  const layers = [
    { cell: 64, weight: 0.5 },
    { cell: 12, weight: 0.3 },
    { cell: 2, weight: 0.2 },
  ].map(({ cell, weight }) => {
    const across = Math.ceil(width / cell);
    const values = Uint8Array.from({ length: across * Math.ceil(height / cell) * 3 }, random);
    return { cell, weight, across, values };
  });
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      for (let c = 0; c < 3; c += 1) {
        let value = 0;
        for (const { cell, weight, across, values } of layers) {
          value +=
            weight * (values[(Math.floor(y / cell) * across + Math.floor(x / cell)) * 3 + c] ?? 0);
        }
        pixels[(y * width + x) * 3 + c] = value;
      }
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** How long the owner waits for a 12-megapixel photo to become the hero's files. */
async function benchPhotos() {
  const jpeg = await photoLikeJpeg(4000, 3000);
  const { widths } = PHOTO_PLACES.hero;
  console.log(
    `\nan owner's photo for the hero: a 12-megapixel JPEG (4000 × 3000, ${(jpeg.length / 1024 / 1024).toFixed(1)} MB) to AVIF and WebP at ${widths.join(', ')} px, 3 runs\n`,
  );
  const ms: number[] = [];
  let bytes = 0;
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    const photo = await processPhoto(jpeg, PHOTO_PLACES.hero);
    ms.push(performance.now() - started);
    bytes = photo.files.reduce((sum, file) => sum + file.content.length, 0);
  }
  const runs = ms.map((one) => one.toFixed(0)).join(', ');
  console.log('median ms   runs ms                      files');
  console.log(
    `${percentile(ms, 50).toFixed(0).padStart(9)}   ${runs.padEnd(26)} ${(bytes / 1024).toFixed(0)} KB`,
  );
}

const command = commandLine('npm run bench:server');

if (process.argv.includes('spam-score')) {
  await recordFigures(
    'spam-score',
    { title: 'The spam score on its labelled corpus', command },
    benchSpamScore,
  );
  process.exit(0);
}

if (process.argv.includes('retention')) {
  const postgres = await startTestPostgres({ durable: true });
  try {
    await recordFigures(
      'retention',
      { title: 'Retention and erasure at 50,000 submissions', command },
      () => benchRetention(postgres.url),
    );
  } finally {
    await postgres.stop();
  }
  process.exit(0);
}

if (process.argv.includes('answers')) {
  const postgres = await startTestPostgres({ durable: true });
  try {
    await recordFigures(
      'answers',
      { title: "A visitor's answer from the reply mailbox to the inbox", command },
      () => benchAnswers(postgres.url),
    );
  } finally {
    await postgres.stop();
  }
  process.exit(0);
}

if (process.argv.includes('replies')) {
  ensureServerBuild();
  await recordFigures(
    'replies',
    { title: "A reply from the composer's Send to the SMTP server", command },
    benchReplies,
  );
  closeConnections();
  process.exit(0);
}

if (process.argv.includes('push')) {
  ensureServerBuild();
  await recordFigures(
    'push',
    { title: "A quote's post to its push at the push service", command },
    benchPush,
  );
  closeConnections();
  process.exit(0);
}

if (process.argv.includes('visits')) {
  await recordFigures('visits', { title: 'Visits counted without cookies', command }, benchVisits);
  closeConnections();
  process.exit(0);
}

if (process.argv.includes('weekly')) {
  ensureServerBuild();
  const postgres = await startTestPostgres({ durable: true });
  try {
    await recordFigures(
      'weekly',
      { title: 'The weekly picture with two years of visit counts', command },
      () => benchWeekly(tempDir, removeDir, postgres.url),
    );
  } finally {
    closeConnections();
    await postgres.stop();
  }
  process.exit(0);
}

if (process.argv.includes('html')) {
  ensureServerBuild();
  await recordFigures('html', { title: 'Forms sent without JavaScript', command }, benchHtmlPosts);
  process.exit(0);
}

if (process.argv.includes('backup')) {
  ensureServerBuild();
  const good = await recordFigures(
    'backup',
    { title: 'The nightly backup at 50,000 submissions', command },
    () => benchBackup(tempDir, removeDir),
  );
  closeConnections();
  process.exit(good ? 0 : 1);
}

if (process.argv.includes('upgrade')) {
  ensureServerBuild();
  await recordFigures(
    'upgrade',
    { title: 'The start of a server that must migrate 50,000 submissions', command },
    () => benchUpgrade(tempDir, removeDir),
  );
  closeConnections();
  process.exit(0);
}

if (process.argv.includes('spam')) {
  ensureServerBuild();
  await recordFigures('spam', { title: 'Proof of work and spam score', command }, benchProofOfWork);
  closeConnections();
  process.exit(0);
}

if (process.argv.includes('sign-in-crowd')) {
  ensureServerBuild();
  const held = await recordFigures(
    'sign-in-crowd',
    { title: "The owner's sign-in under a crowd of 500", command },
    benchSignInCrowd,
  );
  closeConnections();
  process.exit(held ? 0 : 1);
}

if (process.argv.includes('sign-in')) {
  ensureServerBuild();
  const postgres = await startTestPostgres({ durable: true });
  let held = false;
  try {
    held = await recordFigures(
      'sign-in',
      { title: 'Parallel sign-in guessers', command },
      async () => {
        const onSqlite = await benchSignIn('SQLite');
        const onPostgres = await benchSignIn('Postgres', {
          DATABASE_URL: await createTestDatabase(postgres.url, 'bench_sign_in'),
          ADDRESS_HASH_SECRET: 'bench-address-hash-secret-0123456789abcdef',
        });
        return onSqlite && onPostgres;
      },
    );
  } finally {
    closeConnections();
    await postgres.stop();
  }
  process.exit(held ? 0 : 1);
}

await recordFigures('photos', { title: "An owner's photo for the hero", command }, benchPhotos);
if (process.argv.includes('photos')) process.exit(0);

ensureServerBuild();
// The benchmark's Postgres: the tests' embedded server, with its default durability (fsync on).
const postgres = await startTestPostgres({ durable: true });
const postgresEnv = async (name: string) => ({
  DATABASE_URL: await createTestDatabase(postgres.url, name),
  ADDRESS_HASH_SECRET: 'bench-address-hash-secret-0123456789abcdef',
});
try {
  await recordFigures('publish', { title: 'Publish to live', command }, async () => {
    await benchPublish('SQLite', {});
    await benchPublish('Postgres, two instances', await postgresEnv('bench_publish'), true);
  });
  if (!process.argv.includes('publish')) {
    await benchPostsAndInbox();
    await recordFigures(
      'spam',
      { title: 'Proof of work and spam score', command },
      benchProofOfWork,
    );
  }
} finally {
  closeConnections();
  await postgres.stop();
}

/** The posts, then the inbox's queries; a refused post fails the run before its figures are kept. */
async function benchPostsAndInbox() {
  await recordFigures('posts', { title: 'Valid posts to the receiver', command }, async () => {
    let refused = await benchPosts('SQLite synchronous=FULL', {});
    refused += await benchPosts(
      'Postgres (embedded, fsync on, pool of 10)',
      await postgresEnv('bench'),
    );
    if (refused > 0) throw new Error(`${refused} posts were not acknowledged`);
  });
  await recordFigures('inbox', { title: 'The inbox at 50,000 submissions', command }, () =>
    benchInbox(tempDir, removeDir, postgres.url),
  );
}
