// `npm run test:reliability`'s outbox run: two instances on one Postgres, and a relay that holds
// each message longer than the outbox's lease. Every notification must arrive exactly once (counted
// by Message-ID) while both live, and an instance killed mid-send must lose none: after its restart
// everything it held is delivered, still once.
import pg from 'pg';
import { createTestDatabase, startTestPostgres } from '../../server/testing/postgres.ts';
import { startSmtp, type SmtpServer } from '../../server/testing/smtp.ts';
import { quoteBody } from '../../server/testing/fixtures.ts';
import {
  postJson,
  removeDir,
  startReceiver,
  stopReceiver,
  tempDir,
  type ReceiverProcess,
} from '../../server/testing/receiver-harness.ts';
import { check } from './checks.ts';
import { messageIds } from './postgres.ts';

/** The lease (OUTBOX_LEASE_SECONDS) and the relay's hold: each send outlasts its lease. */
const LEASE_SECONDS = 2;
const HOLD_MS = 3000;
const BOTH = 10;
const KILLED = 8;

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

function quote(tag: string, n: number) {
  return quoteBody(n, {
    clientName: `Outbox ${tag} ${n}`,
    email: `outbox-${tag}-${n}@example.com`,
  });
}

async function postAll(tag: string, count: number, ports: readonly number[]) {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, n) =>
      postJson(ports[n % ports.length] ?? 0, 'quote', quote(tag, n)),
    ),
  );
  return answers.filter((answer) => answer.status === 200).length;
}

/** The outbox's rows: how many are still to send, and the tries of each sent one. */
async function outboxState(db: pg.Client) {
  const { rows } = await db.query<{ sent: boolean; attempts: number }>(
    'SELECT sent_at IS NOT NULL AS sent, attempts::int AS attempts FROM outbox',
  );
  return {
    rows: rows.length,
    unsent: rows.filter((row) => !row.sent).length,
    retried: rows.filter((row) => row.attempts > 1).length,
  };
}

function delivered(smtp: SmtpServer) {
  return messageIds(smtp.received.map((mail) => mail.raw));
}

/** Both instances alive: 10 notifications, each held past its lease, each arrives once. */
async function whileBothLive(db: pg.Client, smtp: SmtpServer, ports: readonly number[]) {
  const started = Date.now();
  const stored = await postAll('both', BOTH, ports);
  const done = await waitFor(
    async () => (await outboxState(db)).unsent === 0 && smtp.received.length >= BOTH,
    30_000,
  );
  // A second copy would come a lease later: wait one more lease before counting.
  await new Promise((resolve) => setTimeout(resolve, LEASE_SECONDS * 1000));
  const { ids, duplicates } = delivered(smtp);
  const state = await outboxState(db);
  check(
    'Outbox on Postgres, two instances, a relay holding each message past the lease: each notification delivered exactly once',
    done && stored === BOTH && ids.size === BOTH && duplicates === 0 && state.retried === 0,
    `${stored} posts stored; ${smtp.received.length} messages, ${ids.size} distinct Message-IDs, ` +
      `${duplicates} duplicates, ${state.retried} tried twice; relay hold ${HOLD_MS} ms, lease ` +
      `${LEASE_SECONDS} s (renewed while sending); all sent in ${Date.now() - started} ms`,
  );
}

/** Posts to `doomed`, kills it mid-send, restarts it: what it held is delivered, once. */
async function killedMidSend(
  db: pg.Client,
  smtp: SmtpServer,
  doomed: ReceiverProcess,
  restart: () => Promise<ReceiverProcess>,
): Promise<void> {
  const before = smtp.received.length;
  const stored = await postAll('killed', KILLED, [doomed.port]);
  const midSend = await waitFor(async () => smtp.holding() > 0, 10_000);
  const heldAtKill = smtp.holding();
  doomed.child.kill('SIGKILL');
  await doomed.exited;
  await restart();
  const started = Date.now();
  const done = await waitFor(
    async () => (await outboxState(db)).unsent === 0 && smtp.received.length >= before + KILLED,
    30_000,
  );
  await new Promise((resolve) => setTimeout(resolve, LEASE_SECONDS * 1000));
  const { ids, duplicates } = delivered(smtp);
  const state = await outboxState(db);
  check(
    'Outbox on Postgres: an instance SIGKILLed mid-send loses none; after its restart each is delivered once',
    midSend &&
      heldAtKill > 0 &&
      done &&
      stored === KILLED &&
      ids.size === BOTH + KILLED &&
      duplicates === 0 &&
      state.retried >= heldAtKill,
    `${stored} posts stored; killed with ${heldAtKill} messages held by the relay (dropped, not ` +
      `delivered); after restart all sent in ${Date.now() - started} ms; ${ids.size} distinct ` +
      `Message-IDs of ${BOTH + KILLED}, ${duplicates} duplicates; ${state.retried} rows took a ` +
      'second try (the first counted at its claim)',
  );
}

export async function outboxOnPostgres() {
  const server = await startTestPostgres();
  const smtp = await startSmtp(0, { holdMs: HOLD_MS });
  const dataDir = tempDir('reliability-outbox-');
  const url = await createTestDatabase(server.url, 'outbox');
  const db = new pg.Client({ connectionString: url });
  const env = {
    DATABASE_URL: url,
    ADDRESS_HASH_SECRET: 'reliability-address-hash-secret-0123456789',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    NOTIFY_TO: 'bookings@staffing.example',
    NOTIFY_FROM: 'Website <forms@staffing.example>',
    ACKNOWLEDGE: 'false',
    OUTBOX_LEASE_SECONDS: String(LEASE_SECONDS),
  };
  let instances: ReceiverProcess[] = [];
  try {
    instances = await Promise.all([startReceiver(dataDir, env), startReceiver(dataDir, env)]);
    const [doomed, survivor] = instances as [ReceiverProcess, ReceiverProcess];
    await db.connect();
    await whileBothLive(db, smtp, [doomed.port, survivor.port]);
    await killedMidSend(db, smtp, doomed, async () => {
      const started = await startReceiver(dataDir, env);
      instances.push(started);
      return started;
    });
  } finally {
    await Promise.all(instances.map((instance) => stopReceiver(instance)));
    await db.end().catch(() => undefined);
    await smtp.close();
    await server.stop();
    removeDir(dataDir);
  }
}
