import { randomBytes } from 'node:crypto';
import {
  sql,
  type Expression,
  type SelectQueryBuilder,
  type SqlBool,
  type UpdateObject,
} from 'kysely';
import type { MailState } from '../../src/admin/contract.ts';
import { GAVE_UP_SHOWN_DAYS, type GaveUpState } from '../../src/admin/mail-check/contract.ts';
import type { Tables } from '../db/tables.ts';
import type { Engine } from '../db/engine.ts';
import { readReply, type StoredReply } from './reply-row.ts';
import type { StoredSubmission } from './submission-row.ts';
import { notPaused, relayPauseStore, resumedAt } from './relay-pause.ts';

/**
 * The owner's notification of a submission, the sender's acknowledgement of it, a reply sent from
 * the inbox ('reply', its row naming the reply), or the owner's notice of a visitor's answer
 * ('answer', its row naming the answer).
 */
export type MailKind = 'notify' | 'acknowledge' | 'reply' | 'answer';
const MAIL_KINDS: readonly string[] = ['notify', 'acknowledge', 'reply', 'answer'];

function mailKind(kind: string): MailKind {
  return MAIL_KINDS.includes(kind) ? (kind as MailKind) : 'notify';
}

export interface PendingNotification {
  outboxId: number;
  kind: MailKind;
  /** Which try this is: counted when claimed, so a send that takes its instance down counts too. */
  attempts: number;
  /**
   * How long it has waited for the relay: since it was queued (or sent again from its page), or
   * since the last pause of the outbox ended if that is later (a pause's days do not count), by
   * the database's clock at its claim.
   */
  waitedMs: number;
  /** This claim's fencing token: only its holder may renew the lease or mark the row. */
  claimToken: string;
  submission: StoredSubmission;
  /** The `replies` row an outbox row names (a 'reply', or an 'answer'); none for the others. */
  reply?: StoredReply | undefined;
  /** With `reply`: its submission's reply token (replies+TOKEN@), null when it has none. */
  replyToken?: string | null | undefined;
}

/** One claim of one row: what the outbox gives back to renew its lease or mark the row. */
export type NotificationClaim = Pick<PendingNotification, 'outboxId' | 'claimToken'>;

export interface OutboxSummary {
  pending: number;
  sent: number;
  failed: number;
}

export interface NotificationFailure {
  /** In how long to try again, from the database's clock; null to give up. */
  retryInMs: number | null;
  error: string;
  /**
   * The relay was never reached or refused the sign-in: the message itself was not tried, so the
   * try counted at its claim is given back (attempts less one).
   */
  refund?: boolean;
}

export interface ClaimOptions {
  /** At most this many rows: no more than can be sent at once. */
  limit: number;
  /** How long the claim holds, from the database's clock (a crashed sender's lease expires). */
  leaseMs: number;
  /** A row tried this many times whose last lease ran out is given up instead of claimed. */
  maxAttempts: number;
}

/** The e-mail notifications waiting in the `outbox` table, leased one sender at a time. */
export interface OutboxQueue {
  /**
   * Gives up the rows whose every try was used and whose last lease ran out with no outcome (their
   * instance stopped mid-send); how many. Claims leave such rows alone.
   */
  giveUpExhausted(maxAttempts: number): Promise<number>;
  /** Leases up to `limit` due notifications, each with a fresh fencing token; counts the try. */
  claimNotifications(options: ClaimOptions): Promise<PendingNotification[]>;
  /** Extends a running send's lease; false when the claim is no longer this one's. */
  renewLease(claim: NotificationClaim, leaseMs: number): Promise<boolean>;
  /** Marks the row sent; false (and nothing changed) when `claim` is no longer the current one. */
  markNotificationSent(claim: NotificationClaim): Promise<boolean>;
  /** Marks a failed try; false (and nothing changed) when `claim` is no longer the current one. */
  markNotificationFailed(claim: NotificationClaim, failure: NotificationFailure): Promise<boolean>;
  /** 'Send again': a given-up e-mail of a submission queued anew; false when none was given up. */
  requeueNotification(submissionId: string, kind: MailKind): Promise<boolean>;
  /**
   * In how long (ms, by the database's clock; 0 or less: now) the next pending notification falls
   * due, if any.
   */
  nextNotificationDue(): Promise<number | undefined>;
  outboxSummary(): Promise<OutboxSummary>;
  /** The e-mails waiting and the relay's latest word, as every instance sees them. */
  mailState(): Promise<MailState>;
}

/**
 * The outbox row of a conversation's e-mail, found by its `replies` row's Message-ID: a reply
 * sent from the inbox ('reply'), or the owner's notice of a visitor's answer ('answer'); queued by
 * the database's clock, as the outbox reads it. `only` narrows it (an answer: only when just added).
 */
export function queueConversationMail(
  { db, typed, nowMs }: Engine,
  kind: Extract<MailKind, 'reply' | 'answer'>,
  messageId: string,
  only: Expression<SqlBool> = sql<boolean>`TRUE`,
) {
  const now = sql<number>`${sql.raw(nowMs)}`;
  return db
    .insertInto('outbox')
    .columns(['submission_id', 'kind', 'created_at', 'next_attempt_at', 'reply_id'])
    .expression(
      db
        .selectFrom('replies')
        .select([
          'submission_id',
          typed(kind, 'text').as('kind'),
          now.as('created_at'),
          now.as('next_attempt_at'),
          'id',
        ])
        .where('message_id', '=', messageId)
        .where(only),
    );
}

/** The database's clock (Engine.nowMs), for lease times. */
function dbNow(engine: Engine) {
  return sql<number>`${sql.raw(engine.nowMs)}`;
}

/** Whether a lease has ended (or there is none), by the database's clock. */
function leaseEnded(engine: Engine) {
  return sql<boolean>`(lease_until IS NULL OR lease_until <= ${dbNow(engine)})`;
}

/** The due notifications, oldest first; on Postgres each locked for this claim alone. */
function dueNotifications(engine: Engine, { limit, maxAttempts }: ClaimOptions) {
  const due = engine.db
    .selectFrom('outbox')
    .select('id')
    .where('sent_at', 'is', null)
    .where('gave_up_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .where('next_attempt_at', '<=', dbNow(engine))
    .where(leaseEnded(engine))
    .where(notPaused)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit);
  // Instances claiming at once skip each other's rows instead of waiting for them.
  return engine.locking(due, { skipLocked: true });
}

/**
 * Rows whose every try was used up and whose last lease ran out with no outcome marked: their
 * instance stopped mid-send (a crash, a kill). Given up, not tried for ever.
 */
async function giveUpExhausted(engine: Engine, maxAttempts: number) {
  const result = await engine.db
    .updateTable('outbox')
    .set({
      gave_up_at: dbNow(engine),
      lease_until: null,
      claim_token: null,
      last_error: 'ELEASE',
      last_error_at: dbNow(engine),
    })
    .where('sent_at', 'is', null)
    .where('gave_up_at', 'is', null)
    .where('attempts', '>=', maxAttempts)
    .where(leaseEnded(engine))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A given-up e-mail of a submission (its latest row of `kind`) queued to be sent now. */
export function requeueNotification(
  engine: Engine,
  submissionId: string,
  kind: MailKind,
): Promise<boolean> {
  return requeueLatest(engine, submissionId, (query) => query.where('kind', '=', kind));
}

/** A given-up reply of a submission (its outbox row naming `replyId`) queued to be sent now. */
export function requeueReply(
  engine: Engine,
  submissionId: string,
  replyId: number,
): Promise<boolean> {
  return requeueLatest(engine, submissionId, (query) =>
    query.where('kind', '=', 'reply').where('reply_id', '=', replyId),
  );
}

type OutboxIds = SelectQueryBuilder<Tables, 'outbox', { id: number | null }>;

/** The latest outbox row of a submission that `which` selects, queued anew if it was given up. */
async function requeueLatest(
  engine: Engine,
  submissionId: string,
  which: (query: OutboxIds) => OutboxIds,
): Promise<boolean> {
  const { db } = engine;
  const latest = which(
    db
      .selectFrom('outbox')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('submission_id', '=', submissionId),
  );
  const result = await db
    .updateTable('outbox')
    .set({
      gave_up_at: null,
      attempts: 0,
      // The relay's week of waiting (server/mail/outbox.ts's maxWaitMs) starts again from now.
      created_at: dbNow(engine),
      next_attempt_at: dbNow(engine),
      claim_token: null,
      lease_until: null,
      last_error: null,
      last_error_at: null,
    })
    .where('id', '=', latest)
    .where('gave_up_at', 'is not', null)
    .where('sent_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * In how long the next pending notification falls due (its next attempt, or its lease's end), by
 * the database's clock: an instance whose own clock is off neither wakes early nor sleeps through.
 */
async function nextDue(engine: Engine): Promise<number | undefined> {
  const row = await engine.db
    .selectFrom('outbox')
    .select(
      sql<number | null>`MIN(CASE WHEN lease_until > next_attempt_at THEN lease_until
        ELSE next_attempt_at END) - ${dbNow(engine)}`.as('due'),
    )
    .where('sent_at', 'is', null)
    .where('gave_up_at', 'is', null)
    .executeTakeFirst();
  return row?.due === null || row?.due === undefined ? undefined : Number(row.due);
}

async function summary({ db }: Engine): Promise<OutboxSummary> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => [
      eb.fn
        .countAll<number>()
        .filterWhere((filter) =>
          filter.and([filter('sent_at', 'is', null), filter('gave_up_at', 'is', null)]),
        )
        .as('pending'),
      eb.fn.count<number>('sent_at').as('sent'),
      eb.fn.count<number>('gave_up_at').as('failed'),
    ])
    .executeTakeFirst();
  return {
    pending: Number(row?.pending ?? 0),
    sent: Number(row?.sent ?? 0),
    failed: Number(row?.failed ?? 0),
  };
}

/**
 * The waiting e-mails (neither sent nor given up: the partial index outbox_pending holds them), the
 * latest failed try among them, and the last e-mail sent. From the shared table, so every instance
 * tells the same.
 */
async function mailState(engine: Engine): Promise<MailState> {
  const { db } = engine;
  const waiting = () =>
    db.selectFrom('outbox').where('sent_at', 'is', null).where('gave_up_at', 'is', null);
  const [counted, failed, sent, pause, gaveUp] = await Promise.all([
    waiting()
      .select((eb) => [
        eb.fn.countAll<number>().as('waiting'),
        eb.fn.min('created_at').as('oldest'),
      ])
      .executeTakeFirst(),
    // A failure without its time (a row another writer marked without one) still counts: when it
    // was queued is the earliest it can have failed.
    waiting()
      .select(sql<number>`COALESCE(last_error_at, created_at)`.as('failed_at'))
      .select('last_error')
      .where('last_error', 'is not', null)
      .orderBy('failed_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('outbox')
      .select((eb) => eb.fn.max('sent_at').as('at'))
      .executeTakeFirst(),
    relayPauseStore(engine).relayPause(),
    gaveUpLately(engine),
  ]);
  const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    waiting: Number(counted?.waiting ?? 0),
    oldestWaitingSince: number(counted?.oldest),
    lastError: failed?.last_error
      ? { code: failed.last_error, at: Number(failed.failed_at) }
      : null,
    lastSentAt: number(sent?.at),
    paused: pause ? { since: pause.since, code: pause.code } : null,
    gaveUp,
  };
}

const GAVE_UP_SHOWN_MS = GAVE_UP_SHOWN_DAYS * 24 * 60 * 60_000;

/**
 * The e-mails given up in the last GAVE_UP_SHOWN_DAYS (by the database's clock, as `gave_up_at` is
 * written): the latest one's row, with how many there are (a window's count, taken before the
 * LIMIT). `sent_at IS NULL` lets both engines read the unsent rows from `outbox_sent`'s index
 * instead of the whole table: a given-up row is never sent, and the unsent are the few waiting
 * ones and those given up.
 */
async function gaveUpLately(engine: Engine): Promise<GaveUpState | null> {
  const latest = await engine.db
    .selectFrom('outbox')
    .select((eb) => [
      'gave_up_at',
      'last_error',
      eb.fn.countAll<number | string>().over().as('count'),
    ])
    .where('sent_at', 'is', null)
    .where('gave_up_at', '>=', sql<number>`${dbNow(engine)} - ${GAVE_UP_SHOWN_MS}`)
    .orderBy('gave_up_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest || latest.gave_up_at === null) return null;
  return {
    count: Number(latest.count),
    lastAt: Number(latest.gave_up_at),
    lastCode: latest.last_error,
  };
}

/** SQL: when a row's wait for the relay began: its `created_at`, or the last pause's end if later. */
const waitFrom = sql<number>`CASE WHEN ${resumedAt} > created_at THEN ${resumedAt} ELSE created_at END`;

/** Updates the row of `claim` only while that claim is the current one; whether it did. */
async function fenced(
  { db }: Engine,
  claim: NotificationClaim,
  values: UpdateObject<Tables, 'outbox'>,
): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set(values)
    .where('id', '=', claim.outboxId)
    .where('claim_token', '=', claim.claimToken)
    .where('sent_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The queue, on the database's clock alone (Engine.nowMs): when a row is due, when it is tried
 * again, its lease, and the times it records; instances whose own clocks disagree still agree.
 */
export function outboxQueue(
  engine: Engine,
  get: (id: string) => Promise<StoredSubmission | undefined>,
): OutboxQueue {
  const { db } = engine;
  return {
    async claimNotifications(options) {
      const claimToken = randomBytes(16).toString('base64url');
      const rows = await db
        .updateTable('outbox')
        .set((eb) => ({
          lease_until: sql<number>`${dbNow(engine)} + ${options.leaseMs}`,
          claim_token: claimToken,
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', 'in', dueNotifications(engine, options))
        .returning(['id', 'submission_id', 'attempts', 'kind', 'reply_id'])
        .returning(sql<number>`${dbNow(engine)} - ${waitFrom}`.as('waited_ms'))
        .execute();
      const claimed: PendingNotification[] = [];
      for (const row of rows) {
        const submission = await get(row.submission_id);
        const conversation =
          row.reply_id === null ? undefined : await readReply(db, Number(row.reply_id));
        if (submission) {
          claimed.push({
            outboxId: Number(row.id),
            kind: mailKind(row.kind),
            attempts: Number(row.attempts),
            waitedMs: Number(row.waited_ms),
            claimToken,
            submission,
            ...(conversation ?? {}),
          });
        }
      }
      return claimed.sort((a, b) => a.outboxId - b.outboxId);
    },

    giveUpExhausted: (maxAttempts) => giveUpExhausted(engine, maxAttempts),

    renewLease: (claim, leaseMs) =>
      fenced(engine, claim, {
        lease_until: sql<number>`${dbNow(engine)} + ${leaseMs}`,
      }),

    markNotificationSent: (claim) =>
      fenced(engine, claim, {
        sent_at: dbNow(engine),
        lease_until: null,
        claim_token: null,
        last_error: null,
        last_error_at: null,
      }),

    markNotificationFailed: (claim, failure) =>
      fenced(engine, claim, {
        ...(failure.retryInMs === null
          ? { gave_up_at: dbNow(engine) }
          : {
              next_attempt_at: sql<number>`${dbNow(engine)} + ${Math.round(failure.retryInMs)}`,
              gave_up_at: null,
            }),
        ...(failure.refund ? { attempts: sql<number>`attempts - 1` } : {}),
        lease_until: null,
        claim_token: null,
        last_error: failure.error.slice(0, 200),
        last_error_at: dbNow(engine),
      }),

    requeueNotification: (submissionId, kind) => requeueNotification(engine, submissionId, kind),
    nextNotificationDue: () => nextDue(engine),
    outboxSummary: () => summary(engine),
    mailState: () => mailState(engine),
  };
}
