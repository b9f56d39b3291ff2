/**
 * The pushes waiting in `push_queue`, one row per device and event, kept as the outbox keeps its
 * e-mails (../store/outbox-queue.ts): claimed under a lease with a fencing token, so that one
 * instance sends each push even with several on one Postgres; every time is the database's clock's.
 */
import { randomBytes } from 'node:crypto';
import { sql, type UpdateObject } from 'kysely';
import type { Engine } from '../db/engine.ts';
import type { Tables } from '../db/tables.ts';
import type { PushKind } from './push-message.ts';

export interface PendingPush {
  id: number;
  event: string;
  kind: PushKind;
  submissionId: string;
  /** Which try this is: counted at the claim. */
  attempts: number;
  claimToken: string;
  device: { id: number; endpoint: string; p256dh: string; auth: string };
}

export type PushClaim = Pick<PendingPush, 'id' | 'claimToken'>;

export interface PushClaimOptions {
  limit: number;
  leaseMs: number;
  /** A row tried this many times is given up instead of claimed. */
  maxAttempts: number;
}

const PUSH_KINDS: readonly string[] = ['lead', 'due', 'mail'];

/** The database's clock (Engine.nowMs). */
const dbNow = (engine: Engine) => sql<number>`${sql.raw(engine.nowMs)}`;

/** The due rows, oldest first; on Postgres locked for this claim alone (others skip them). */
function duePushes(engine: Engine, { limit, maxAttempts }: PushClaimOptions) {
  const due = engine.db
    .selectFrom('push_queue')
    .select('id')
    .where('sent_at', 'is', null)
    .where('gave_up_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .where('next_attempt_at', '<=', dbNow(engine))
    .where(sql<boolean>`(lease_until IS NULL OR lease_until <= ${dbNow(engine)})`)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit);
  return engine.locking(due, { skipLocked: true });
}

/** Leases up to `limit` due pushes with a fresh fencing token; counts the try. */
export async function claimPushes(
  engine: Engine,
  options: PushClaimOptions,
): Promise<PendingPush[]> {
  const { db } = engine;
  const claimToken = randomBytes(16).toString('base64url');
  const rows = await db
    .updateTable('push_queue')
    .set((eb) => ({
      lease_until: sql<number>`${dbNow(engine)} + ${options.leaseMs}`,
      claim_token: claimToken,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', 'in', duePushes(engine, options))
    .returning(['id', 'event', 'kind', 'submission_id', 'attempts', 'device_id'])
    .execute();
  if (rows.length === 0) return [];
  const devices = await db
    .selectFrom('push_devices')
    .select(['id', 'endpoint', 'p256dh', 'auth'])
    .where(
      'id',
      'in',
      rows.map((row) => Number(row.device_id)),
    )
    .execute();
  const byId = new Map(devices.map((device) => [Number(device.id), device]));
  const claimed: PendingPush[] = [];
  for (const row of rows) {
    const device = byId.get(Number(row.device_id));
    if (!device || !PUSH_KINDS.includes(row.kind)) continue;
    claimed.push({
      id: Number(row.id),
      event: row.event,
      kind: row.kind,
      submissionId: row.submission_id,
      attempts: Number(row.attempts),
      claimToken,
      device: { ...device, id: Number(device.id) },
    });
  }
  return claimed.sort((a, b) => a.id - b.id);
}

/** Updates the row of `claim` only while that claim is the current one; whether it did. */
async function fenced(
  engine: Engine,
  claim: PushClaim,
  values: UpdateObject<Tables, 'push_queue'>,
): Promise<boolean> {
  const result = await engine.db
    .updateTable('push_queue')
    .set(values)
    .where('id', '=', claim.id)
    .where('claim_token', '=', claim.claimToken)
    .where('sent_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The push service accepted it: the row sent, the device's last push noted. */
export async function markPushSent(engine: Engine, push: PendingPush): Promise<boolean> {
  const marked = await fenced(engine, push, {
    sent_at: dbNow(engine),
    lease_until: null,
    claim_token: null,
    last_error: null,
  });
  if (marked) {
    await engine.db
      .updateTable('push_devices')
      .set({ last_sent_at: dbNow(engine), last_error: null })
      .where('id', '=', push.device.id)
      .execute();
  }
  return marked;
}

export interface PushFailure {
  /** In how long to try again (by the database's clock); null: given up. */
  retryInMs: number | null;
  /** What to keep on the row and the device: the push service's status, or an error's code. */
  error: string;
}

/** A failed try: tried again later or given up; the error kept on the row and the device. */
export async function markPushFailed(
  engine: Engine,
  push: PendingPush,
  failure: PushFailure,
): Promise<boolean> {
  const error = failure.error.slice(0, 200);
  const marked = await fenced(engine, push, {
    ...(failure.retryInMs === null
      ? { gave_up_at: dbNow(engine) }
      : { next_attempt_at: sql<number>`${dbNow(engine)} + ${Math.round(failure.retryInMs)}` }),
    lease_until: null,
    claim_token: null,
    last_error: error,
  });
  if (marked) {
    await engine.db
      .updateTable('push_devices')
      .set({ last_error: error })
      .where('id', '=', push.device.id)
      .execute();
  }
  return marked;
}

/**
 * A push no longer wanted (its submission is spam now, erased, or answered): given up without a
 * try, its row kept so that the event is not queued again.
 */
export function dropPush(engine: Engine, push: PushClaim, reason: string): Promise<boolean> {
  return fenced(engine, push, {
    gave_up_at: dbNow(engine),
    lease_until: null,
    claim_token: null,
    last_error: reason,
  });
}

/** A device and every push queued for it, in one transaction; whether it was there. */
export async function removeDevice(
  engine: Engine,
  deviceId: number,
  userId?: number,
): Promise<boolean> {
  const { db } = engine;
  const owned = db.selectFrom('push_devices').select('id').where('id', '=', deviceId);
  const mine = userId === undefined ? owned : owned.where('user_id', '=', userId);
  const [, removed] = await engine.batch([
    db.deleteFrom('push_queue').where('device_id', 'in', mine),
    db.deleteFrom('push_devices').where('id', 'in', mine).returning('id'),
  ]);
  return (removed?.length ?? 0) > 0;
}

/** Rows whose every try was used and whose last lease ran out with no outcome: given up. */
export async function giveUpExhaustedPushes(engine: Engine, maxAttempts: number): Promise<number> {
  const result = await engine.db
    .updateTable('push_queue')
    .set({ gave_up_at: dbNow(engine), lease_until: null, claim_token: null, last_error: 'ELEASE' })
    .where('sent_at', 'is', null)
    .where('gave_up_at', 'is', null)
    .where('attempts', '>=', maxAttempts)
    .where(sql<boolean>`(lease_until IS NULL OR lease_until <= ${dbNow(engine)})`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** In how long (ms, by the database's clock) the next waiting push falls due, if any. */
export async function nextPushDue(engine: Engine): Promise<number | undefined> {
  const row = await engine.db
    .selectFrom('push_queue')
    .select(
      sql<number | null>`MIN(CASE WHEN lease_until > next_attempt_at THEN lease_until
        ELSE next_attempt_at END) - ${dbNow(engine)}`.as('due'),
    )
    .where('sent_at', 'is', null)
    .where('gave_up_at', 'is', null)
    .executeTakeFirst();
  return row?.due === null || row?.due === undefined ? undefined : Number(row.due);
}

/**
 * Queues one event for every device (push is on only where a device turned it on), due now; a
 * device that has it already keeps its row (UNIQUE (device_id, event)), whichever instance saw the
 * event first. How many rows were added.
 */
export async function queueForEveryDevice(
  engine: Engine,
  event: { event: string; kind: PushKind; submissionId: string },
): Promise<number> {
  const { db, typed } = engine;
  const now = dbNow(engine);
  const result = await db
    .insertInto('push_queue')
    .columns(['device_id', 'event', 'kind', 'submission_id', 'created_at', 'next_attempt_at'])
    .expression(
      db
        .selectFrom('push_devices')
        .select([
          'id',
          typed(event.event, 'text').as('event'),
          typed(event.kind, 'text').as('kind'),
          typed(event.submissionId, 'text').as('submission_id'),
          now.as('created_at'),
          now.as('next_attempt_at'),
        ])
        // SQLite reads `ON CONFLICT` after a bare SELECT's FROM as a join's: a WHERE settles it.
        .where(sql<boolean>`TRUE`),
    )
    .onConflict((conflict) => conflict.columns(['device_id', 'event']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}
