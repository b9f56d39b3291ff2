import type { Client } from '@libsql/client';
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

export function outboxQueue(
  client: Client,
  now: () => number,
  get: (id: string) => Promise<StoredSubmission | undefined>,
): OutboxQueue {
  return {
    async claimNotifications(limit, leaseMs) {
      const at = now();
      const result = await client.execute({
        sql: `UPDATE outbox SET lease_until = ?1 WHERE id IN (
                SELECT id FROM outbox
                WHERE sent_at IS NULL AND gave_up_at IS NULL AND next_attempt_at <= ?2
                  AND (lease_until IS NULL OR lease_until <= ?2)
                ORDER BY next_attempt_at, id LIMIT ?3
              ) RETURNING id, submission_id, attempts, kind`,
        args: [at + leaseMs, at, limit],
      });
      const claimed: PendingNotification[] = [];
      for (const row of result.rows) {
        const submission = await get(String(row.submission_id));
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
      await client.execute({
        sql: `UPDATE outbox SET sent_at = ?, attempts = attempts + 1, lease_until = NULL,
              last_error = NULL WHERE id = ?`,
        args: [now(), outboxId],
      });
    },

    async markNotificationFailed(outboxId, failure) {
      await client.execute({
        sql: `UPDATE outbox SET attempts = ?, next_attempt_at = COALESCE(?, next_attempt_at),
              gave_up_at = CASE WHEN ? IS NULL THEN ? END, lease_until = NULL, last_error = ?
              WHERE id = ?`,
        args: [
          failure.attempts,
          failure.retryAt,
          failure.retryAt,
          now(),
          failure.error.slice(0, 200),
          outboxId,
        ],
      });
    },

    async nextNotificationDue() {
      const result = await client.execute(
        `SELECT MIN(MAX(next_attempt_at, COALESCE(lease_until, 0))) AS due FROM outbox
         WHERE sent_at IS NULL AND gave_up_at IS NULL`,
      );
      const due = result.rows[0]?.due;
      return due === null || due === undefined ? undefined : Number(due);
    },

    async outboxSummary() {
      const result = await client.execute(
        `SELECT COUNT(*) FILTER (WHERE sent_at IS NULL AND gave_up_at IS NULL) AS pending,
                COUNT(sent_at) AS sent, COUNT(gave_up_at) AS failed FROM outbox`,
      );
      const row = result.rows[0];
      return {
        pending: Number(row?.pending ?? 0),
        sent: Number(row?.sent ?? 0),
        failed: Number(row?.failed ?? 0),
      };
    },
  };
}
