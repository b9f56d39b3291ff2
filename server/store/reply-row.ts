/**
 * One e-mail of a submission's conversation as the `replies` table keeps it (docs/replies.md): a
 * reply sent from the inbox ('out') or the visitor's answer ('in').
 */
import type { Kysely, Selectable } from 'kysely';
import type { Tables } from '../db/tables.ts';

export interface StoredReply {
  id: number;
  submissionId: string;
  direction: 'out' | 'in';
  /** When it was sent from the inbox, or read from the mailbox (ms since the epoch). */
  at: number;
  /** Who sent it ('out'); null for an answer. */
  userEmail: string | null;
  templateId: number | null;
  language: 'en' | 'es' | null;
  from: string;
  to: string;
  subject: string;
  body: string;
  /** An answer's quoted text; null for a reply. */
  quoted: string | null;
  /** With its angle brackets: `<reply.RANDOM@DOMAIN>`. */
  messageId: string;
  inReplyTo: string | null;
  /** The References header's Message-IDs, oldest first. */
  references: string[];
}

export type ReplyRow = Selectable<Tables['replies']>;

export function toStoredReply(row: ReplyRow): StoredReply {
  return {
    id: Number(row.id),
    submissionId: row.submission_id,
    direction: row.direction === 'in' ? 'in' : 'out',
    at: Number(row.at),
    userEmail: row.user_email,
    templateId: row.template_id === null ? null : Number(row.template_id),
    language: row.language === 'en' || row.language === 'es' ? row.language : null,
    from: row.from_address,
    to: row.to_address,
    subject: row.subject,
    body: row.body,
    quoted: row.quoted,
    messageId: row.message_id,
    inReplyTo: row.in_reply_to,
    references: row.ref_ids ? row.ref_ids.split(' ').filter(Boolean) : [],
  };
}

/** One row of `replies`, with its submission's reply token (for a reply's Reply-To). */
export async function readReply(
  db: Kysely<Tables>,
  id: number,
): Promise<{ reply: StoredReply; replyToken: string | null } | undefined> {
  const row = await db
    .selectFrom('replies')
    .innerJoin('submissions', 'submissions.id', 'replies.submission_id')
    .selectAll('replies')
    .select('submissions.reply_token')
    .where('replies.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { reply_token: replyToken, ...reply } = row;
  return { reply: toStoredReply(reply), replyToken };
}

/** A submission's conversation, oldest first. */
export async function readConversation(
  db: Kysely<Tables>,
  submissionId: string,
): Promise<StoredReply[]> {
  const rows = await db
    .selectFrom('replies')
    .selectAll()
    .where('submission_id', '=', submissionId)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map(toStoredReply);
}
