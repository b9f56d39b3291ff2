/**
 * The database's side of answers coming back: which submission a message's clues name, and the
 * answer added to it in one transaction (its `replies` row, the submission Needing a reply again,
 * its 'answer' event and the owner's notice in the outbox). Added once: the UNIQUE
 * replies.message_id leaves a message read twice (a restart, two instances) as it was.
 */
import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import type { Engine } from '../../db/engine.ts';
import type { AnswerClues } from './answer-match.ts';
import { queueConversationMail } from '../../store/outbox-queue.ts';

/** A visitor's answer as read from the mailbox, matched to its submission. */
export interface IncomingAnswer {
  submissionId: string;
  /** When it was read (ms since the epoch). */
  at: number;
  fromAddress: string;
  toAddress: string;
  subject: string;
  body: string;
  quoted: string | null;
  /** With its angle brackets; a synthetic one when the message had none. */
  messageId: string;
  inReplyTo: string | null;
  /** The References header's ids, space-separated. */
  refIds: string | null;
}

/** The submission the clues name, if any: by its reply token, else by a Message-ID we sent. */
export async function submissionOfClues(
  { db }: Engine,
  clues: AnswerClues,
): Promise<string | undefined> {
  if (clues.tokens.length > 0) {
    const byToken = await db
      .selectFrom('submissions')
      .select('id')
      .where('reply_token', 'in', clues.tokens)
      .executeTakeFirst();
    if (byToken) return byToken.id;
  }
  if (clues.messageIds.length > 0) {
    const replies = await db
      .selectFrom('replies')
      .select(['submission_id', 'message_id'])
      .where('direction', '=', 'out')
      .where('message_id', 'in', clues.messageIds)
      .execute();
    // The id named first (In-Reply-To, then the newest of References) wins.
    const bySent = new Map(replies.map((row) => [row.message_id, row.submission_id]));
    const first = clues.messageIds.find((id) => bySent.has(id));
    if (first) return bySent.get(first);
  }
  if (clues.acknowledged.length > 0) {
    const found = await db
      .selectFrom('submissions')
      .select('id')
      .where('id', 'in', clues.acknowledged)
      .execute();
    const ids = new Set(found.map((row) => row.id));
    return clues.acknowledged.find((id) => ids.has(id));
  }
  return undefined;
}

/**
 * SQL: the answer's row was added by this transaction (it is an 'in' row of this submission, and
 * no notice was queued for it yet): what the event, the change and the notice wait on.
 */
function isNew({ db }: Engine, answer: IncomingAnswer): Expression<SqlBool> {
  const { exists, not } = expressionBuilder<Tables, keyof Tables>();
  return exists(
    db
      .selectFrom('replies')
      .select('replies.id')
      .where('replies.message_id', '=', answer.messageId)
      .where('replies.direction', '=', 'in')
      .where('replies.submission_id', '=', answer.submissionId)
      .where(
        not(
          exists(
            db
              .selectFrom('outbox')
              .select('outbox.id')
              .where('outbox.kind', '=', 'answer')
              .where('outbox.reply_id', '=', sql<number>`replies.id`),
          ),
        ),
      ),
  );
}

/**
 * Adds the answer (one transaction); the new `replies` row's id, or undefined when the message was
 * already there. The submission is New again (unless it is Spam), with the earliest answer still
 * waiting kept as `answer_waiting_since`.
 */
export async function saveAnswer(
  engine: Engine,
  answer: IncomingAnswer,
): Promise<number | undefined> {
  const { db, typed } = engine;
  const fresh = isNew(engine, answer);
  const rows = await engine.batch([
    db
      .insertInto('replies')
      .values({
        submission_id: answer.submissionId,
        direction: 'in',
        at: answer.at,
        user_email: null,
        template_id: null,
        language: null,
        from_address: answer.fromAddress,
        to_address: answer.toAddress,
        subject: answer.subject,
        body: answer.body,
        quoted: answer.quoted,
        message_id: answer.messageId,
        in_reply_to: answer.inReplyTo,
        ref_ids: answer.refIds,
      })
      .onConflict((conflict) => conflict.column('message_id').doNothing()),
    // The event before the change, while the row still holds the old status.
    db
      .insertInto('submission_events')
      .columns(['submission_id', 'at', 'user_email', 'kind', 'status'])
      .expression(
        db
          .selectFrom('submissions')
          .select([
            'id',
            typed(answer.at, 'integer').as('at'),
            typed('', 'text').as('user_email'),
            typed('answer', 'text').as('kind'),
            sql<string | null>`CASE WHEN status IN ('new', 'spam') THEN NULL ELSE 'new' END`.as(
              'status',
            ),
          ])
          .where('id', '=', answer.submissionId)
          .where(fresh),
      ),
    db
      .updateTable('submissions')
      .set({
        answer_waiting_since: sql<number>`COALESCE(answer_waiting_since, ${answer.at})`,
        status: sql<string>`CASE WHEN status = 'spam' THEN status ELSE 'new' END`,
      })
      .where('id', '=', answer.submissionId)
      .where(fresh),
    // The owner's notice last: it is what tells the steps above that this answer is already in.
    queueConversationMail(engine, 'answer', answer.messageId, fresh).returning('reply_id'),
  ]);
  const queued = rows[3]?.[0]?.reply_id;
  return queued === undefined || queued === null ? undefined : Number(queued);
}
