// `npm run test:reliability`'s Postgres run: two instances of the built receiver on one database,
// 2,000 posts spread over both, one instance SIGKILLed mid-load. Every acknowledged submission
// must be there exactly once, every e-mail must leave (duplicates are counted), and a session
// started on the killed instance must still work on the survivor.
import pg from 'pg';
import { hashPassword } from '../../server/admin/passwords.ts';
import { migrations } from '../../server/db/migrations.ts';
import { createTestDatabase, startTestPostgres } from '../../server/testing/postgres.ts';
import { startSmtp, type SmtpServer } from '../../server/testing/smtp.ts';
import { applicationBody, quoteBody } from '../../server/testing/fixtures.ts';
import {
  load,
  removeDir,
  send,
  signIn,
  startReceiver,
  stopReceiver,
  tempDir,
  type ReceiverProcess,
} from '../../server/testing/receiver-harness.ts';

import { check } from './checks.ts';

const POSTS = 2000;
const CONCURRENCY = 25;
const OWNER = { email: 'owner@staffing.example', password: 'a long pass phrase for tests' };
/** A short lease: the e-mails the killed instance held are taken over within seconds. */
const LEASE_SECONDS = 5;

function body(tag: string) {
  return (n: number) =>
    n % 2 === 0
      ? {
          form: 'quote',
          body: quoteBody(n, { clientName: `PG ${tag} ${n}`, email: `q${tag}${n}@example.com` }),
        }
      : {
          form: 'application',
          body: applicationBody(n, {
            fullName: `PG ${tag} ${n}`,
            email: `a${tag}${n}@example.com`,
          }),
        };
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/** Message-IDs the SMTP server received, and how many of them more than once. */
export function messageIds(raws: readonly string[]): { ids: Set<string>; duplicates: number } {
  const ids = new Set<string>();
  let duplicates = 0;
  for (const raw of raws) {
    const id = /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '';
    if (ids.has(id)) duplicates += 1;
    ids.add(id);
  }
  return { ids, duplicates };
}

async function startInstances(url: string, smtpPort: number, dataDir: string) {
  const env = {
    DATABASE_URL: url,
    ADDRESS_HASH_SECRET: 'reliability-address-hash-secret-0123456789',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    NOTIFY_TO: 'bookings@staffing.example',
    NOTIFY_FROM: 'Website <forms@staffing.example>',
    OUTBOX_LEASE_SECONDS: String(LEASE_SECONDS),
  };
  // Started together: the migrations run once, under their lock.
  return Promise.all([startReceiver(dataDir, env), startReceiver(dataDir, env)]);
}

async function storedRows(db: pg.Client) {
  const rows = await db.query<{ id: string; name: string }>(
    `SELECT id, COALESCE(fields::jsonb ->> 'clientName', fields::jsonb ->> 'fullName') AS name
     FROM submissions`,
  );
  return rows.rows;
}

/** The owner's account, made straight in the database; its session cookie from `instance`. */
async function addOwnerAndSignIn(db: pg.Client, instance: ReceiverProcess): Promise<string> {
  await db.query(
    `INSERT INTO users (email, password_hash, created_at, password_changed_at, seen_before)
     VALUES ($1, $2, $3, $3, $3)`,
    [OWNER.email, await hashPassword(OWNER.password, { log2N: 14, r: 8, p: 1 }), Date.now()],
  );
  return signIn(instance.port, OWNER);
}

/**
 * Half the posts to each instance; `doomed` is SIGKILLed mid-load. Then, as a proxy does when an
 * instance dies, the killed instance's posts go to the other: the ones it answered, the ones cut
 * off and the ones never sent alike (the same bodies).
 */
async function loadAndKill(doomed: ReceiverProcess, survivor: ReceiverProcess) {
  let killedAt = 0;
  const [onDoomed, onSurvivor] = await Promise.all([
    load(doomed.port, POSTS / 2, CONCURRENCY, body('a'), (_answer, acks) => {
      if (acks >= 300 && !killedAt) {
        killedAt = acks;
        doomed.child.kill('SIGKILL');
      }
      return !killedAt;
    }),
    load(survivor.port, POSTS / 2, CONCURRENCY, body('b')),
  ]);
  await doomed.exited;
  const retried = await load(survivor.port, POSTS / 2, CONCURRENCY, body('a'));
  return { killedAt, onDoomed, onSurvivor, retried };
}

type LoadOutcome = Awaited<ReturnType<typeof loadAndKill>>;

async function checkStoredOnce(db: pg.Client, outcome: LoadOutcome, migratedCount: number) {
  const { killedAt, onDoomed, onSurvivor, retried } = outcome;
  const acknowledged = [...onDoomed.acknowledged, ...onSurvivor.acknowledged];
  const rows = await storedRows(db);
  const ids = new Set(rows.map((row) => row.id));
  const names = new Map<string, number>();
  for (const row of rows) names.set(row.name, (names.get(row.name) ?? 0) + 1);
  const twice = [...names.values()].filter((count) => count > 1).length;
  const lost = [...acknowledged, ...retried.acknowledged].filter((id) => !ids.has(id));
  const sameId = onDoomed.acknowledged.every((id) => retried.acknowledged.includes(id));
  check(
    'Postgres, two instances, one SIGKILLed mid-load: every submission stored exactly once',
    killedAt > 0 &&
      lost.length === 0 &&
      twice === 0 &&
      rows.length === POSTS &&
      sameId &&
      migratedCount === migrations.length,
    `${POSTS} posts: ${onDoomed.acknowledged.length} answered by the killed instance (killed ` +
      `after ${killedAt}; ${onDoomed.errors} cut off), ${onSurvivor.acknowledged.length} by the ` +
      `other, then its ${POSTS / 2} sent again to the other (${retried.acknowledged.length} ` +
      `answered, the same id for each it had answered: ${sameId}); ${rows.length} rows; ` +
      `${lost.length} acknowledged missing; ${twice} bodies stored twice; started together, ` +
      `${migratedCount} of ${migrations.length} migrations recorded`,
  );
  return rows;
}

/** Each row: the owner's notification and the visitor's acknowledgement, each sent once. */
async function checkMailSent(db: pg.Client, smtp: SmtpServer, rows: readonly { id: string }[]) {
  const expected = rows.length * 2;
  const sentAll = await waitFor(
    async () => {
      const pending = await db.query<{ n: number }>(
        'SELECT COUNT(*)::int AS n FROM outbox WHERE sent_at IS NULL AND gave_up_at IS NULL',
      );
      return pending.rows[0]?.n === 0 && smtp.received.length >= expected;
    },
    60_000 + LEASE_SECONDS * 1000,
  );
  const { ids: messages, duplicates } = messageIds(smtp.received.map((mail) => mail.raw));
  const unsent = rows.filter(
    (row) => ![...messages].some((id) => id.startsWith(`<${row.id}@`)),
  ).length;
  check(
    'Postgres: every e-mail sent once the lease of the killed instance ended; duplicates counted',
    sentAll && unsent === 0 && messages.size === expected,
    `${smtp.received.length} messages for ${rows.length} rows (${messages.size} distinct ` +
      `Message-IDs, ${duplicates} sent twice by an instance killed mid-send); ` +
      `${unsent} rows without their notification; ${smtp.errors.length} SMTP connections cut ` +
      `off by the kill`,
  );
}

async function checkSessionSurvives(survivor: ReceiverProcess, cookie: string) {
  const session = await send(survivor.port, {
    method: 'GET',
    path: '/admin/api/session',
    headers: { cookie },
  });
  const health = await send(survivor.port, { method: 'GET', path: '/healthz' });
  check(
    'Postgres: a session started on the killed instance works on the survivor',
    session.status === 200 && health.status === 200,
    `GET /admin/api/session on the survivor: ${session.status}; healthz ${health.status}`,
  );
}

/** The two-instance run. */
export async function twoInstancesOnPostgres() {
  const server = await startTestPostgres();
  const smtp = await startSmtp();
  const dataDir = tempDir('reliability-pg-');
  const url = await createTestDatabase(server.url, 'reliability');
  const db = new pg.Client({ connectionString: url });
  let instances: ReceiverProcess[] = [];
  try {
    instances = await startInstances(url, smtp.port, dataDir);
    const [doomed, survivor] = instances as [ReceiverProcess, ReceiverProcess];
    await db.connect();
    const migrated = await db.query('SELECT version FROM schema_migrations');
    const cookie = await addOwnerAndSignIn(db, doomed);
    const outcome = await loadAndKill(doomed, survivor);
    const rows = await checkStoredOnce(db, outcome, migrated.rowCount ?? 0);
    await checkMailSent(db, smtp, rows);
    await checkSessionSurvives(survivor, cookie);
  } finally {
    await Promise.all(instances.map((instance) => stopReceiver(instance)));
    await db.end().catch(() => undefined);
    await smtp.close();
    await server.stop();
    removeDir(dataDir);
  }
}
