/**
 * The events that queue pushes, for every device (push is on only where a device turned it on).
 * A new lead that is not spam is queued with the submission itself, in its transaction
 * (../store/save-submission.ts). This module's scans, run by every instance each minute, find the
 * others; the queue's UNIQUE (device_id, event) makes each event one push per device, whichever
 * instance saw it first:
 * - 'due:ID:DEADLINE': a lead whose reply is due within 30 minutes and still has none (the inbox's
 *   'Respond by', src/business-time/promises.ts);
 * - 'mail:OUTBOXID': e-mail that has waited over 15 minutes because the relay refuses it (a failed
 *   try, or the outbox paused: ../store/relay-pause.ts), once per outage: the oldest such e-mail.
 * And `stillWanted`, asked before each send: a push about a submission since marked spam, or
 * answered, or an e-mail since sent, is dropped.
 */
import { MAIL_LATE_MS } from '../../src/admin/contract-values.ts';
import { longestResponseWaitMs, respondBy } from '../../src/business-time/promises.ts';
import { businessContent } from '../../src/content/business.ts';
import type { PublishedVersion } from '../../src/content/published.ts';
import type { Engine } from '../db/engine.ts';
import { relayPauseStore } from '../store/relay-pause.ts';
import type { StoredSubmission } from '../store/store.ts';
import { queueForEveryDevice, type PendingPush } from './push-queue.ts';

/** A reply due within this is pushed. */
const DUE_AHEAD_MS = 30 * 60_000;
/** An e-mail the relay refuses is pushed once it has waited this long. */
/** The inbox's own line for a late e-mail (its mail notice): the push says the same. */
const MAIL_WAIT_MS = MAIL_LATE_MS;

interface WaitingRow {
  status: string;
  form: string;
  received_at: number;
  first_response_at: number | null;
  answer_waiting_since: number | null;
}

/** When a reply to this submission is due, if one is awaited: the inbox's 'Respond by'. */
function replyDue(row: WaitingRow, published: PublishedVersion): number | undefined {
  if (row.status === 'spam') return undefined;
  const waiting = row.answer_waiting_since === null ? null : Number(row.answer_waiting_since);
  const openQuote = row.form === 'quote' && row.status === 'new' && row.first_response_at === null;
  const from = waiting ?? (openQuote ? Number(row.received_at) : null);
  return from === null ? undefined : respondBy(from, businessContent(published).business);
}

function waitingColumns(engine: Engine) {
  return engine.db
    .selectFrom('submissions')
    .select(['id', 'status', 'form', 'received_at', 'first_response_at', 'answer_waiting_since']);
}

/** Queues 'due' pushes for the leads whose reply falls due within 30 minutes; how many rows. */
export async function scanDue(
  engine: Engine,
  context: { now: number; published: PublishedVersion },
): Promise<number> {
  const { now, published } = context;
  // A reply is awaited only on a New submission (a visitor's answer makes it New again; In progress
  // or Handled clear the wait), as the inbox shows 'Respond by' on New ones only: the status index
  // (submissions_status_seq) keeps the scan to them, whatever the number of submissions.
  const since = now - longestResponseWaitMs(businessContent(published).business);
  const rows = await waitingColumns(engine)
    .where('status', '=', 'new')
    .where((eb) =>
      eb.or([
        eb('answer_waiting_since', '>=', since),
        eb.and([
          eb('form', '=', 'quote'),
          eb('first_response_at', 'is', null),
          eb('received_at', '>=', since),
        ]),
      ]),
    )
    .orderBy('received_at')
    .limit(1000)
    .execute();
  let queued = 0;
  for (const row of rows) {
    const deadline = replyDue(row, published);
    if (deadline === undefined || now < deadline - DUE_AHEAD_MS || now >= deadline) continue;
    queued += await queueForEveryDevice(engine, {
      event: `due:${row.id}:${deadline}`,
      kind: 'due',
      submissionId: row.id,
    });
  }
  return queued;
}

/**
 * Queues one 'mail' push per outage: when e-mails have waited over 15 minutes because the relay
 * refuses them (a failed try on the row, or the whole outbox paused), the oldest of them is pushed,
 * unless a mail push was queued since it was written (that push was about this same outage: an
 * e-mail has waited ever since). A relay down for an evening is one alert, not one per e-mail; the
 * next outage (every waiting e-mail sent meanwhile) is another. How many rows.
 */
export async function scanMail(engine: Engine, context: { now: number }): Promise<number> {
  const { db } = engine;
  const paused = (await relayPauseStore(engine).relayPause()) !== undefined;
  let query = db
    .selectFrom('outbox')
    .innerJoin('submissions', 'submissions.id', 'outbox.submission_id')
    .select(['outbox.id', 'outbox.submission_id', 'outbox.created_at'])
    .where('outbox.sent_at', 'is', null)
    .where('outbox.gave_up_at', 'is', null)
    .where('outbox.created_at', '<=', context.now - MAIL_WAIT_MS)
    .where('submissions.status', '<>', 'spam');
  if (!paused) query = query.where('outbox.last_error', 'is not', null);
  const oldest = await query.orderBy('outbox.created_at').orderBy('outbox.id').executeTakeFirst();
  if (!oldest) return 0;
  const told = await db
    .selectFrom('push_queue')
    .select('id')
    .where('kind', '=', 'mail')
    .where('created_at', '>=', Number(oldest.created_at))
    .limit(1)
    .executeTakeFirst();
  if (told) return 0;
  return queueForEveryDevice(engine, {
    event: `mail:${oldest.id}`,
    kind: 'mail',
    submissionId: oldest.submission_id,
  });
}

/**
 * Whether a claimed push should still go: true, or why not ('spam', 'answered', 'late': its
 * deadline passed, 'sent': the e-mail it was about left meanwhile).
 */
export async function stillWanted(
  engine: Engine,
  push: Pick<PendingPush, 'kind' | 'event' | 'submissionId'>,
  submission: StoredSubmission,
  now: number,
): Promise<true | 'spam' | 'answered' | 'late' | 'sent'> {
  if (submission.status === 'spam') return 'spam';
  if (push.kind === 'due') {
    const row = await waitingColumns(engine).where('id', '=', push.submissionId).executeTakeFirst();
    const deadline = Number(push.event.split(':')[2]);
    if (!row || row.status === 'spam') return 'spam';
    const awaited =
      row.answer_waiting_since !== null ||
      (row.form === 'quote' && row.status === 'new' && row.first_response_at === null);
    if (!awaited) return 'answered';
    if (now >= deadline) return 'late';
  }
  if (push.kind === 'mail') {
    const outboxId = Number(push.event.split(':')[1]);
    const mail = await engine.db
      .selectFrom('outbox')
      .select(['sent_at'])
      .where('id', '=', outboxId)
      .executeTakeFirst();
    if (!mail || mail.sent_at !== null) return 'sent';
  }
  return true;
}

export interface PushScans {
  /** One scan now (tests; the loop runs them each `everyMs`). */
  scan(): Promise<number>;
  stop(): Promise<void>;
}

/** Runs both scans now and then every `everyMs` (a minute); `onQueued` after rows were added. */
export function startPushScans(options: {
  engine: Engine;
  published: () => PublishedVersion;
  onQueued: () => void;
  log: { warn(details: object, message: string): void };
  now?: () => number;
  everyMs?: number;
}): PushScans {
  const { engine, now = Date.now, everyMs = 60_000 } = options;
  let running: Promise<number> | undefined;
  async function scan() {
    const at = now();
    const queued =
      (await scanDue(engine, { now: at, published: options.published() })) +
      (await scanMail(engine, { now: at }));
    if (queued > 0) options.onQueued();
    return queued;
  }
  function tick() {
    running ??= scan()
      .catch((error: unknown) => {
        options.log.warn({ code: (error as { code?: unknown }).code }, 'push scan failed');
        return 0;
      })
      .finally(() => (running = undefined));
    return running;
  }
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  void tick();
  return {
    scan: tick,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
