/**
 * 'Not spam': the acknowledgement a sender missed while their post sat in Spam. Queued through the
 * outbox (in the language of the page they used, as the form route's would have been) when the
 * post goes to New or In progress (Handled needs no promise of a reply), arrived less than
 * `MISSED_ACKNOWLEDGEMENT_DAYS` ago and none was ever queued for it; never a second one, however
 * often the owner takes it out of Spam. The address is claimed for a day in
 * `acknowledged_addresses`, as the form route does, so that a post of theirs later that day gets
 * none. Its promise of a reply counts from when it leaves (server/mail/mail-text.ts
 * `promisedReply`), never a time already past. No notification: the owner is reading it already.
 */
import type { MissedAcknowledgement } from '../../src/admin/contract.ts';
import type { Engine, Query } from '../db/engine.ts';
import type { FormDefinition } from '../intake/forms.ts';
import { sql } from 'kysely';
import { mailbox } from '../guard/mail-address.ts';
import { ACKNOWLEDGE_WINDOW_MS, acknowledgedAddressHash } from '../store/save-submission.ts';

export const MISSED_ACKNOWLEDGEMENT_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What a change of status will do about the missed acknowledgement, decided before the change. */
export interface MissedPlan {
  /** The insert into the outbox (guarded: still Spam, no acknowledgement queued); none: no e-mail. */
  query?: Query;
  /** The address's claim for the day (after the insert: only when it queued one). */
  claim?: Query;
  /** The answer when no e-mail goes; the address when one is queued. */
  outcome: MissedAcknowledgement;
}

async function hasAcknowledgement({ db }: Engine, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('outbox')
    .select('id')
    .where('submission_id', '=', id)
    .where('kind', '=', 'acknowledge')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The plan for taking submission `id` out of Spam to `status`, or undefined when the change is no
 * such thing (it is not in Spam, or stays there).
 */
export async function planMissedAcknowledgement(
  engine: Engine,
  change: { id: string; status: string | undefined; at: number },
  options: {
    acknowledge: boolean;
    forms: readonly FormDefinition[];
    addressHash: (address: string) => string;
  },
): Promise<MissedPlan | undefined> {
  const { id, status, at } = change;
  if (status === undefined || status === 'spam') return undefined;
  const row = await engine.db
    .selectFrom('submissions')
    .select(['form', 'fields', 'received_at', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (row?.status !== 'spam') return undefined;
  if (!options.acknowledge) return { outcome: { sent: false, why: 'off' } };
  const form = options.forms.find((item) => item.name === row.form);
  const to = form?.contact(JSON.parse(row.fields) as Record<string, unknown>).email;
  if (!to) return { outcome: { sent: false, why: 'no-address' } };
  if (await hasAcknowledgement(engine, id))
    return { outcome: { sent: false, why: 'already-sent' } };
  if (Number(row.received_at) < at - MISSED_ACKNOWLEDGEMENT_DAYS * DAY_MS) {
    return { outcome: { sent: false, why: 'too-old' } };
  }
  if (status === 'handled') return { outcome: { sent: false, why: 'handled' } };
  // The address as the form route claims it: normalised (plus-tags, dots), then hashed.
  const address = acknowledgedAddressHash(options.addressHash, mailbox(to)?.address ?? to);
  return {
    query: queueIfStillSpam(engine, id),
    claim: claimAddress(engine, { id, address, at }),
    outcome: { sent: true, to },
  };
}

/**
 * The address's claim for a day, taken over as the form route does (save-submission.ts), once the
 * acknowledgement is queued for this submission.
 */
function claimAddress(
  { db, typed }: Engine,
  { id, address, at }: { id: string; address: string; at: number },
): Query {
  return db
    .insertInto('acknowledged_addresses')
    .columns(['address_hash', 'until', 'submission_id'])
    .expression(
      db
        .selectNoFrom([
          typed(address, 'text').as('address_hash'),
          typed(at + ACKNOWLEDGE_WINDOW_MS, 'integer').as('until'),
          typed(id, 'text').as('submission_id'),
        ])
        .where((eb) =>
          eb.exists(
            db
              .selectFrom('outbox')
              .select('id')
              .where('submission_id', '=', id)
              .where('kind', '=', 'acknowledge'),
          ),
        ),
    )
    .onConflict((oc) =>
      oc.column('address_hash').doUpdateSet((eb) => ({
        until: eb.ref('excluded.until'),
        submission_id: eb.ref('excluded.submission_id'),
      })),
    );
}

/**
 * The acknowledgement's outbox row, written only while the submission is still in Spam and has
 * none: it runs before the change of status, in its transaction, after the change's event locked
 * the row (on Postgres), so that of two changes at once only the first queues one.
 */
function queueIfStillSpam({ db, typed, nowMs }: Engine, id: string): Query {
  // Both times by the database's clock, as the outbox reads them (save-submission.ts outboxRow).
  const now = sql<number>`${sql.raw(nowMs)}`;
  return db
    .insertInto('outbox')
    .columns(['submission_id', 'kind', 'created_at', 'next_attempt_at'])
    .expression(
      db
        .selectNoFrom([
          typed(id, 'text').as('submission_id'),
          typed('acknowledge', 'text').as('kind'),
          now.as('created_at'),
          now.as('next_attempt_at'),
        ])
        .where((eb) =>
          eb.and([
            eb.exists(
              db
                .selectFrom('submissions')
                .select('id')
                .where('id', '=', id)
                .where('status', '=', 'spam'),
            ),
            eb.not(
              eb.exists(
                db
                  .selectFrom('outbox')
                  .select('id')
                  .where('submission_id', '=', id)
                  .where('kind', '=', 'acknowledge'),
              ),
            ),
          ]),
        ),
    )
    .returning('id');
}

/** Whether the batch's insert queued the acknowledgement (its RETURNING gave a row). */
export function queued(
  plan: MissedPlan,
  rows: readonly unknown[] | undefined,
): MissedAcknowledgement {
  if (!plan.query || plan.outcome.sent === false) return plan.outcome;
  return rows && rows.length > 0 ? plan.outcome : { sent: false, why: 'already-sent' };
}
