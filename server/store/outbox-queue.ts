import { sql } from 'kysely';
import type { Engine } from '../db/engine.ts';
import type { StoredSubmission } from './submission-row.ts';

/** The owner's notification of a submission, or the sender's acknowledgement of it. */
export type MailKind = 'notify' | 'acknowledge';

export interface PendingNotification {
  outboxId: number;
  kind: MailKind;
  attempts: number;
  submission: StoredSubmission;
}

export interface OutboxSummary {
  pending: number;
  sent: number;
  failed: number;
}

export interface NotificationFailure {
  attempts: number;
  /** When to try again (ms since the epoch), or null to give up. */
  retryAt: number | null;
  error: string;
}

/** The e-mail notifications waiting in the `outbox` table, leased one sender at a time. */
export interface OutboxQueue {
  /** Leases up to `limit` due notifications for `leaseMs` (a crashed sender's lease expires). */
  claimNotifications(limit: number, leaseMs: number): Promise<PendingNotification[]>;
  markNotificationSent(outboxId: number): Promise<void>;
  markNotificationFailed(outboxId: number, failure: NotificationFailure): Promise<void>;
  /** When the next pending notification falls due (ms since the epoch), if any. */
  nextNotificationDue(): Promise<number | undefined>;
  outboxSummary(): Promise<OutboxSummary>;
}

/** The due notifications, oldest first; on Postgres each locked for this claim alone. */
function dueNotifications(engine: Engine, at: number, limit: number) {
  const due = engine.db
    .selectFrom('outbox')
    .select('id')
    .where('sent_at', 'is', null)
    .where('gave_up_at', 'is', null)
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit);
  // Instances claiming at once skip each other's rows instead of waiting for them.
  return engine.kind === 'postgres' ? due.forUpdate().skipLocked() : due;
}

/** When the next pending notification falls due: its next attempt, or its lease's end. */
async function nextDue({ db }: Engine): Promise<number | undefined> {
  const row = await db
    .selectFrom('outbox')
    .select(
      sql<number | null>`MIN(CASE WHEN lease_until > next_attempt_at THEN lease_until
        ELSE next_attempt_at END)`.as('due'),
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

export function outboxQueue(
  engine: Engine,
  now: () => number,
  get: (id: string) => Promise<StoredSubmission | undefined>,
): OutboxQueue {
  const { db } = engine;
  return {
    async claimNotifications(limit, leaseMs) {
      const at = now();
      const rows = await db
        .updateTable('outbox')
        .set({ lease_until: at + leaseMs })
        .where('id', 'in', dueNotifications(engine, at, limit))
        .returning(['id', 'submission_id', 'attempts', 'kind'])
        .execute();
      const claimed: PendingNotification[] = [];
      for (const row of rows) {
        const submission = await get(row.submission_id);
        if (submission) {
          claimed.push({
            outboxId: Number(row.id),
            kind: row.kind === 'acknowledge' ? 'acknowledge' : 'notify',
            attempts: Number(row.attempts),
            submission,
          });
        }
      }
      return claimed.sort((a, b) => a.outboxId - b.outboxId);
    },

    async markNotificationSent(outboxId) {
      await db
        .updateTable('outbox')
        .set((eb) => ({
          sent_at: now(),
          attempts: eb('attempts', '+', 1),
          lease_until: null,
          last_error: null,
        }))
        .where('id', '=', outboxId)
        .execute();
    },

    async markNotificationFailed(outboxId, failure) {
      await db
        .updateTable('outbox')
        .set({
          attempts: failure.attempts,
          ...(failure.retryAt === null
            ? { gave_up_at: now() }
            : { next_attempt_at: failure.retryAt, gave_up_at: null }),
          lease_until: null,
          last_error: failure.error.slice(0, 200),
        })
        .where('id', '=', outboxId)
        .execute();
    },

    nextNotificationDue: () => nextDue(engine),
    outboxSummary: () => summary(engine),
  };
}
