/** The state of one e-mail about a submission, as the inbox shows it, from its outbox row. */
import type { Selectable } from 'kysely';
import type { NotificationState } from '../../src/admin/contract.ts';
import type { Tables } from '../db/tables.ts';

/** The outbox columns a state is read from. */
export const OUTBOX_STATE_COLUMNS = [
  'attempts',
  'next_attempt_at',
  'sent_at',
  'gave_up_at',
  'last_error',
  'claim_token',
] as const;

export type OutboxRow = Pick<
  Selectable<Tables['outbox']>,
  'attempts' | 'next_attempt_at' | 'sent_at' | 'gave_up_at' | 'last_error' | 'claim_token'
>;

export function notificationState(row: OutboxRow | undefined): NotificationState {
  if (!row) return { state: 'off' };
  if (row.sent_at !== null) return { state: 'sent', at: Number(row.sent_at) };
  const error = row.last_error;
  const attempts = Number(row.attempts);
  if (row.gave_up_at !== null) {
    return { state: 'failed', attempts, at: Number(row.gave_up_at), error };
  }
  if (error === null) return { state: 'pending' };
  // A try is counted when it starts: one under way (claimed) has not failed (yet).
  const failed = row.claim_token === null ? attempts : attempts - 1;
  return { state: 'retrying', attempts: failed, nextAttemptAt: Number(row.next_attempt_at), error };
}
