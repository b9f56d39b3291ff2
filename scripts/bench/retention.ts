// Retention and erasure under `npm run bench:server -- retention`: 50,000 submissions with 5,000
// small résumés, an e-mail each and a status change each, on SQLite (the search index filled) and
// on the embedded Postgres the other benchmarks use; the time of erasing one person, of their
// data's download, and of the daily job (by the database's clock, through its guard) erasing about
// half the rows. Straight calls of server/data/erasure.ts, no HTTP.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { databaseConfig } from '../../server/config.ts';
import {
  erasePerson,
  personData,
  retentionPass,
  type Erased,
  type RetentionDays,
} from '../../server/data/erasure.ts';
import { confirmHold } from '../../server/data/retention-guard.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { rosterOf } from '../../server/store/roster.ts';
import { sha256Hex } from '../../server/store/attachments.ts';
import {
  applicationBody,
  quoteBody,
  samplePdf,
  tempDataDir,
} from '../../server/testing/fixtures.ts';
import { createTestDatabase } from '../../server/testing/postgres.ts';
import { tableLine } from './table.ts';

const SUBMISSIONS = Number(process.env.BENCH_ROWS ?? 50_000);
/** One in ten submissions (every fifth application) has a résumé: 5,000. */
const RESUME_EVERY = 10;
const CHUNK = 500;
/** Handled and spam are 8 in 10; about 60 % of the rows are older than this: ~24,000 erased. */
const RETAIN_DAYS = Math.round((SUBMISSIONS * 20 * 60_000 * 0.4) / 86_400_000);
const statuses = ['handled', 'handled', 'handled', 'handled', 'handled', 'handled', 'handled'];
statuses.push('spam', 'new', 'in_progress');

/** The person erased: three submissions among the 50,000, one e-mail in two cases. */
const PERSON = 'erin.erase@example.org';
const personRows = new Set([1_000, 30_000, 49_000]);

function submission(n: number, now: number) {
  const application = n % 2 === 0;
  const email = personRows.has(n) ? (n === 30_000 ? PERSON.toUpperCase() : PERSON) : undefined;
  const fields = application
    ? applicationBody(n, { ...(email ? { email } : {}) })
    : quoteBody(n, {
        phone: `(202) 555-${String(n % 10_000).padStart(4, '0')}`,
        ...(email ? { email } : {}),
      });
  return {
    id: randomUUID(),
    form: application ? 'application' : 'quote',
    // About two years, one every 20 minutes.
    received_at: now - (SUBMISSIONS - n) * 20 * 60_000,
    fields: JSON.stringify(fields),
    client_hash: null,
    user_agent: 'bench',
    status: statuses[n % statuses.length] ?? 'new',
    note: n % 7 === 0 ? 'Called back.' : '',
    seq: n + 1,
    first_response_at: null,
    roster: application ? rosterOf(fields) : null,
  };
}

export async function seed(database: Database, now: number) {
  const { db } = database;
  for (let start = 0; start < SUBMISSIONS; start += CHUNK) {
    const rows = Array.from({ length: CHUNK }, (_, i) => submission(start + i, now));
    await db.insertInto('submissions').values(rows).execute();
    await db
      .insertInto('outbox')
      .values(
        rows.map((row) => ({
          submission_id: row.id,
          created_at: row.received_at,
          next_attempt_at: row.received_at,
          sent_at: row.received_at + 1000,
          attempts: 1,
        })),
      )
      .execute();
    await db
      .insertInto('submission_events')
      .values(
        rows.map((row) => ({
          submission_id: row.id,
          at: row.received_at + 3_600_000,
          user_email: 'owner@example.com',
          kind: 'status',
          status: row.status,
        })),
      )
      .execute();
    const files = rows.filter((_, i) => (start + i) % RESUME_EVERY === 0);
    if (files.length > 0) {
      await db
        .insertInto('attachments')
        .values(
          files.map((row) => {
            const content = samplePdf(4_000, `résumé ${row.id}`);
            return {
              submission_id: row.id,
              field: 'resume',
              name: 'cv.pdf',
              type: 'application/pdf',
              size: content.length,
              sha256: sha256Hex(content),
              content,
            };
          }),
        )
        .execute();
    }
  }
  // The order of arrival and the planner's statistics as after months of use.
  await database.engine.afterBulkLoad();
  // The inbox's search index, as after months of searches.
  await database.engine.search.catchUp();
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

type Row = [string, number, string];

const erasedText = (erased: Erased) =>
  `${erased.submissions} submissions, ${erased.files} files, ${erased.rows} rows`;

/**
 * The daily job as the server runs it (retentionPass: the database's clock, the guard): its first
 * pass erases half the rows, so the guard holds it (its count is the time); the owner lets it go
 * on; then a pass with nothing left.
 */
async function dailyJob(database: Database, days: RetentionDays): Promise<Row[]> {
  const held = await timed(() => retentionPass(database, days));
  const hold = held.result.held;
  if (!hold) throw new Error('the guard let a pass of half the rows go on');
  if (!(await confirmHold(database, hold.at))) throw new Error('the hold could not be confirmed');
  const job = await timed(() => retentionPass(database, days));
  if (job.result.held) throw new Error(`held again: ${job.result.held.reason}`);
  const again = await timed(() => retentionPass(database, days));
  return [
    [`daily job held by the guard (${hold.reason})`, held.ms, `0 (would: ${hold.count})`],
    [`daily job let go on (${RETAIN_DAYS} days)`, job.ms, erasedText(job.result)],
    ['daily job, nothing left to erase', again.ms, `${again.result.submissions} submissions`],
  ];
}

/** The calls on one engine: `env` names its database (DATA_DIR, or DATABASE_URL). */
async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const database = await openDatabase(databaseConfig(env));
  try {
    const now = Date.now();
    const seeded = await timed(async () => {
      await seed(database, now);
      // Postgres: the sequence past the seeded seqs, and the statistics months of use would give.
      await database.engine.afterBulkLoad();
    });
    console.log(
      `${label}: ${SUBMISSIONS} submissions, ${SUBMISSIONS / RESUME_EVERY} résumés of 4 KB, ` +
        `an e-mail and a status change each (seeded in ${(seeded.ms / 1000).toFixed(1)} s)\n`,
    );
    const contact = { email: PERSON };
    const exported = await timed(() => personData(database, contact, now));
    const person = await timed(() =>
      erasePerson(database, contact, { userId: null, label: 'bench' }, now),
    );
    const days = { application: RETAIN_DAYS, quote: RETAIN_DAYS };
    const rows: Row[] = [
      [
        "download one person's data",
        exported.ms,
        `${exported.result.submissions.length} submissions`,
      ],
      [
        'erase one person',
        person.ms,
        `${person.result.submissions} submissions, ${person.result.files} files`,
      ],
      ...(await dailyJob(database, days)),
    ];
    console.log('what                                          ms   erased');
    for (const [what, ms, erased] of rows) {
      console.log(`${tableLine([what, 42], [ms.toFixed(0), 7])}   ${erased}`);
    }
    console.log('');
  } finally {
    await database.close();
  }
}

/** SQLite, then (given a Postgres server's address) a new database of that server. */
export async function benchRetention(postgresUrl?: string): Promise<void> {
  const data = tempDataDir('bench-retention-');
  try {
    await benchOn('SQLite', { DATA_DIR: data.dir });
    if (postgresUrl) {
      await benchOn('Postgres', {
        DATA_DIR: data.dir,
        DATABASE_URL: await createTestDatabase(postgresUrl, 'bench_retention'),
        ADDRESS_HASH_SECRET: 'bench-address-hash-secret-0123456789abcdef',
      });
    }
  } finally {
    data.remove();
  }
}
