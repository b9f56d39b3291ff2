/**
 * Sending a reply from the inbox (docs/replies.md, "Sending a reply"): the reply's row, threaded on
 * the conversation, and its outbox row, written in one transaction with what the reply changes:
 * the promise met (a New submission goes to In progress, its first response is now), no answer
 * waiting any more, the submission's reply token made, and the 'reply' line of its history.
 */
import { randomBytes } from 'node:crypto';
import type { SelectQueryBuilder } from 'kysely';
import type { ReplyInfo, SendReplyBody } from '../../src/admin/contract.ts';
import type { Engine, Query } from '../db/engine.ts';
import type { Tables } from '../db/tables.ts';
import type { FormDefinition } from '../intake/forms.ts';
import { acknowledgementMessageId, messageDomain } from '../mail/messages.ts';
import { newReplyToken } from '../replies/reply-token.ts';
import { readConversation, type StoredReply } from '../store/reply-row.ts';
import { queueConversationMail } from '../store/outbox-queue.ts';
import { notificationState, OUTBOX_STATE_COLUMNS } from './notification-state.ts';

/** Replies one account may send in an hour (counted in the database, shared by every instance). */
export const REPLIES_PER_HOUR = 30;
/** At most this many Message-IDs in a reply's References: the first (the acknowledgement's) and the latest. */
export const REFERENCES_MAX = 20;

/** Why no reply may be sent: it is in Spam (until 'Not spam'), or the visitor gave no address. */
export type ReplyRefusal = 'spam' | 'no-address';

/** Where a reply to a submission goes, and the conversation it continues. */
export interface ReplyTarget {
  to: string | undefined;
  refused: ReplyRefusal | null;
  conversation: StoredReply[];
}

/** The submission's visitor and conversation; undefined when there is no such submission. */
export async function replyTarget(
  { db }: Engine,
  forms: readonly FormDefinition[],
  id: string,
): Promise<ReplyTarget | undefined> {
  const [row, conversation] = await Promise.all([
    db
      .selectFrom('submissions')
      .select(['form', 'fields', 'status'])
      .where('id', '=', id)
      .executeTakeFirst(),
    readConversation(db, id),
  ]);
  if (!row) return undefined;
  const form = forms.find((candidate) => candidate.name === row.form);
  const to = form?.contact(JSON.parse(row.fields) as Record<string, unknown>).email;
  const refused = row.status === 'spam' ? 'spam' : to ? null : 'no-address';
  return { to, refused, conversation };
}

/**
 * A reply's place in the thread: it answers the latest message of the conversation (the
 * acknowledgement when there is none yet), and its References name the acknowledgement then each
 * message in order; past `REFERENCES_MAX` the first and the latest are kept.
 */
export function threadOf(
  conversation: readonly Pick<StoredReply, 'messageId'>[],
  acknowledgementId: string,
): { inReplyTo: string; references: string[] } {
  const ids = [acknowledgementId, ...conversation.map((message) => message.messageId)];
  const references =
    ids.length > REFERENCES_MAX
      ? [acknowledgementId, ...ids.slice(ids.length - (REFERENCES_MAX - 1))]
      : ids;
  return { inReplyTo: ids.at(-1) ?? acknowledgementId, references };
}

export interface NewReply {
  id: string;
  body: SendReplyBody;
  userEmail: string;
  at: number;
  /** NOTIFY_FROM: the reply's sender, and the domain of its Message-ID. */
  from: string;
  to: string;
  conversation: readonly StoredReply[];
}

/**
 * Writes the reply and all it changes in one transaction; false when nothing was written (the
 * submission went to Spam, or away, meanwhile).
 */
export async function sendReply(engine: Engine, reply: NewReply): Promise<boolean> {
  const messageId = `<reply.${randomBytes(16).toString('hex')}@${messageDomain(reply.from)}>`;
  const thread = threadOf(reply.conversation, acknowledgementMessageId(reply.id, reply.from));
  const queries = replyQueries(engine, reply, { messageId, ...thread });
  const [inserted] = await engine.batch(queries);
  return (inserted?.length ?? 0) > 0;
}

interface Thread {
  messageId: string;
  inReplyTo: string;
  references: string[];
}

/** The transaction's statements, each after the reply's own row, and only if it was written. */
function replyQueries(engine: Engine, reply: NewReply, thread: Thread): Query[] {
  const written = engine.db
    .selectFrom('replies')
    .select('id')
    .where('message_id', '=', thread.messageId);
  return [
    insertReply(engine, reply, thread),
    logReply(engine, reply, written),
    meetPromise(engine, reply, written),
    queueConversationMail(engine, 'reply', thread.messageId),
  ];
}

/** The reply's row, written only while the submission is not in Spam. */
function insertReply({ db, typed }: Engine, reply: NewReply, thread: Thread): Query {
  const { id, body } = reply;
  return db
    .insertInto('replies')
    .columns([
      'submission_id',
      'direction',
      'at',
      'user_email',
      'template_id',
      'language',
      'from_address',
      'to_address',
      'subject',
      'body',
      'message_id',
      'in_reply_to',
      'ref_ids',
    ])
    .expression(
      db
        .selectNoFrom([
          typed(id, 'text').as('submission_id'),
          typed('out', 'text').as('direction'),
          typed(reply.at, 'integer').as('at'),
          typed(reply.userEmail, 'text').as('user_email'),
          typed(body.templateId, 'integer').as('template_id'),
          typed(body.language, 'text').as('language'),
          typed(reply.from, 'text').as('from_address'),
          typed(reply.to, 'text').as('to_address'),
          typed(body.subject, 'text').as('subject'),
          typed(body.body, 'text').as('body'),
          typed(thread.messageId, 'text').as('message_id'),
          typed(thread.inReplyTo, 'text').as('in_reply_to'),
          typed(thread.references.join(' '), 'text').as('ref_ids'),
        ])
        .where((eb) =>
          eb.exists(
            db
              .selectFrom('submissions')
              .select('id')
              .where('id', '=', id)
              .where('status', '<>', 'spam'),
          ),
        ),
    )
    .returning('id');
}

type Written = SelectQueryBuilder<Tables, 'replies', { id: number }>;

/**
 * The history's line, read before the change (on Postgres with the row locked): the new status
 * when the reply moved it out of New, else none.
 */
function logReply({ db, typed, locking }: Engine, reply: NewReply, written: Written): Query {
  return db
    .insertInto('submission_events')
    .columns(['submission_id', 'at', 'user_email', 'kind', 'status'])
    .expression(
      locking(
        db
          .selectFrom('submissions')
          .select((eb) => [
            'id',
            typed(reply.at, 'integer').as('at'),
            typed(reply.userEmail, 'text').as('user_email'),
            typed('reply', 'text').as('kind'),
            eb
              .case()
              .when('status', '=', 'new')
              .then(typed('in_progress', 'text'))
              .else(typed(null, 'text'))
              .end()
              .as('status'),
          ])
          .where('id', '=', reply.id)
          .where((eb) => eb.exists(written)),
      ),
    );
}

/**
 * The promise met by the first reply (or the first change by hand, whichever came first): New goes
 * to In progress and the first response is now; no answer waits any more; the reply token made.
 */
function meetPromise({ db }: Engine, { id, at }: NewReply, written: Written): Query {
  return db
    .updateTable('submissions')
    .set((eb) => ({
      status: eb.case().when('status', '=', 'new').then('in_progress').else(eb.ref('status')).end(),
      first_response_at: eb.fn.coalesce('first_response_at', eb.val(at)),
      answer_waiting_since: null,
      reply_token: eb.fn.coalesce('reply_token', eb.val(newReplyToken())),
    }))
    .where('id', '=', id)
    .where((eb) => eb.exists(written));
}

/** A submission's conversation for its page, oldest first: each reply with its e-mail's state. */
export async function conversationInfo({ db }: Engine, id: string): Promise<ReplyInfo[]> {
  const [replies, outbox] = await Promise.all([
    readConversation(db, id),
    db
      .selectFrom('outbox')
      .select(['reply_id', ...OUTBOX_STATE_COLUMNS])
      .where('submission_id', '=', id)
      .where('kind', '=', 'reply')
      .orderBy('id')
      .execute(),
  ]);
  // The latest row of each reply (a reply has one; a later one would be its newest word).
  const mail = new Map(outbox.map((row) => [Number(row.reply_id), row]));
  return replies.map((reply) => ({
    id: reply.id,
    direction: reply.direction,
    at: reply.at,
    user: reply.userEmail,
    from: reply.from,
    to: reply.to,
    subject: reply.subject,
    body: reply.body,
    quoted: reply.quoted,
    language: reply.language,
    mail: reply.direction === 'out' ? notificationState(mail.get(reply.id)) : null,
  }));
}
