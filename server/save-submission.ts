import { randomUUID } from 'node:crypto';
import type { InStatement, ResultSet } from '@libsql/client';
import { sha256Hex, type NewAttachment } from './attachments.ts';
import { rosterText } from './migrations.ts';
import { SUBMISSION_COLUMNS } from './submission-row.ts';

/** How long the same body (or Idempotency-Key) answers with the first submission's id. */
export const DEDUPE_WINDOW_MS = 10 * 60 * 1000;
/** One acknowledgement per e-mail address in this time, however many forms name it. */
export const ACKNOWLEDGE_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface NewSubmission {
  form: string;
  fields: Record<string, unknown>;
  clientAddress?: string | undefined;
  userAgent?: string | undefined;
  language?: string | undefined;
  siteLanguage?: string | undefined;
  idempotencyKey?: string | undefined;
  /** A file sent with it, stored in the same transaction. */
  attachment?: NewAttachment | undefined;
  /** Queue an e-mail notification in the same transaction. */
  notify: boolean;
  /**
   * The sender's e-mail address, to queue their acknowledgement in the same transaction: unless
   * that address already got one within `ACKNOWLEDGE_WINDOW_MS`.
   */
  acknowledgeTo?: string | undefined;
}

export type SaveResult =
  | { status: 'created'; id: string }
  | { status: 'duplicate'; id: string }
  /** The Idempotency-Key was used before with a different body. */
  | { status: 'key-reused' };

interface Keys {
  bodyHash: string;
  bodyKey: string;
  headerKey: string | undefined;
  /** The key whose row decides which submission this post is. */
  primaryKey: string;
}

function dedupeKeys(submission: NewSubmission, fieldsJson: string): Keys {
  const attachmentHash = submission.attachment?.sha256 ?? '';
  const bodyHash = sha256Hex(`${submission.form}\n${fieldsJson}\n${attachmentHash}`);
  const bodyKey = `body:${bodyHash}`;
  const headerKey =
    submission.idempotencyKey === undefined
      ? undefined
      : `key:${sha256Hex(`${submission.form}\n${submission.idempotencyKey}`)}`;
  return { bodyHash, bodyKey, headerKey, primaryKey: headerKey ?? bodyKey };
}

/**
 * Claims the keys for `newId`, unless a live key already names another submission. A header key
 * takes the id its body already has (a retry with a new key is still the same submission), and the
 * body key joins it only when the bodies match.
 */
function keyStatements(keys: Keys, newId: string, at: number): InStatement[] {
  const expiresAt = at + DEDUPE_WINDOW_MS;
  const statements: InStatement[] = [
    { sql: 'DELETE FROM dedupe_keys WHERE expires_at <= ?', args: [at] },
  ];
  if (!keys.headerKey) {
    statements.push({
      sql: `INSERT INTO dedupe_keys (key, submission_id, body_hash, expires_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (key) DO NOTHING`,
      args: [keys.bodyKey, newId, keys.bodyHash, expiresAt],
    });
    return statements;
  }
  statements.push(
    {
      sql: `INSERT INTO dedupe_keys (key, submission_id, body_hash, expires_at)
            SELECT ?, COALESCE((SELECT submission_id FROM dedupe_keys WHERE key = ?), ?), ?, ?
            WHERE true ON CONFLICT (key) DO NOTHING`,
      args: [keys.headerKey, keys.bodyKey, newId, keys.bodyHash, expiresAt],
    },
    {
      sql: `INSERT INTO dedupe_keys (key, submission_id, body_hash, expires_at)
            SELECT key, submission_id, body_hash, ? FROM (
              SELECT ? AS key, submission_id, body_hash FROM dedupe_keys WHERE key = ?
            ) WHERE body_hash = ? ON CONFLICT (key) DO NOTHING`,
      args: [expiresAt, keys.bodyKey, keys.headerKey, keys.bodyHash],
    },
  );
  return statements;
}

/** The row, its file and its notification: each only when the primary key resolved to `newId`. */
function rowStatements(
  submission: NewSubmission,
  row: { id: string; at: number; fieldsJson: string; clientHash: string | null },
  primaryKey: string,
): InStatement[] {
  const resolvedIs = '(SELECT submission_id FROM dedupe_keys WHERE key = ?) = ?';
  const guard = [primaryKey, row.id];
  const statements: InStatement[] = [
    {
      sql: `INSERT INTO submissions (${SUBMISSION_COLUMNS}, seq)
            SELECT ?, ?, ?, ?, ?, ?, ?, ?, 'new', '', (SELECT COALESCE(MAX(seq), 0) + 1 FROM submissions)
            WHERE ${resolvedIs}`,
      args: [
        row.id,
        submission.form,
        row.at,
        row.fieldsJson,
        row.clientHash,
        submission.userAgent?.slice(0, 512) ?? null,
        submission.language ?? null,
        submission.siteLanguage ?? null,
        ...guard,
      ],
    },
  ];
  const { attachment } = submission;
  if (attachment) {
    statements.push({
      sql: `INSERT INTO attachments (submission_id, field, name, type, size, sha256, content)
            SELECT ?, ?, ?, ?, ?, ?, ? WHERE ${resolvedIs}`,
      args: [
        row.id,
        attachment.field,
        attachment.name,
        attachment.type.mime,
        attachment.content.byteLength,
        attachment.sha256,
        attachment.content,
        ...guard,
      ],
    });
  }
  if (submission.notify) {
    statements.push({
      sql: `INSERT INTO outbox (submission_id, created_at, next_attempt_at)
            SELECT ?, ?, ? WHERE ${resolvedIs}`,
      args: [row.id, row.at, row.at, ...guard],
    });
  }
  return statements;
}

/**
 * The applicant roster's text of the new row, and its acknowledgement when `address` (a keyed
 * hash of the sender's e-mail address) had none in the last day. Both only if the row was written.
 */
function afterRowStatements(id: string, at: number, address: string | undefined): InStatement[] {
  const statements: InStatement[] = [
    {
      sql: `UPDATE submissions SET roster = ${rosterText('submissions')}
            WHERE id = ? AND form = 'application'`,
      args: [id],
    },
  ];
  if (address === undefined) return statements;
  statements.push(
    { sql: 'DELETE FROM acknowledged_addresses WHERE until <= ?', args: [at] },
    {
      sql: `INSERT INTO acknowledged_addresses (address_hash, until)
            SELECT ?, ? WHERE EXISTS (SELECT 1 FROM submissions WHERE id = ?)
            ON CONFLICT (address_hash) DO NOTHING`,
      args: [address, at + ACKNOWLEDGE_WINDOW_MS, id],
    },
    {
      sql: `INSERT INTO outbox (submission_id, kind, created_at, next_attempt_at)
            SELECT ?, 'acknowledge', ?, ? WHERE changes() > 0`,
      args: [id, at, at],
    },
  );
  return statements;
}

/**
 * Stores a submission once: the same body (or Idempotency-Key) within `DEDUPE_WINDOW_MS` answers
 * the first one's id and changes nothing. `write` runs all the statements in one transaction.
 */
export async function saveSubmission(
  write: (statements: InStatement[]) => Promise<ResultSet[]>,
  submission: NewSubmission,
  context: { at: number; clientHash: (address: string) => string },
): Promise<SaveResult> {
  const newId = randomUUID();
  const fieldsJson = JSON.stringify(submission.fields);
  const keys = dedupeKeys(submission, fieldsJson);
  const { clientAddress, acknowledgeTo } = submission;
  const address = acknowledgeTo
    ? context.clientHash(`acknowledge:${acknowledgeTo.trim().toLowerCase()}`)
    : undefined;
  const results = await write([
    ...keyStatements(keys, newId, context.at),
    ...rowStatements(
      submission,
      {
        id: newId,
        at: context.at,
        fieldsJson,
        clientHash: clientAddress ? context.clientHash(clientAddress) : null,
      },
      keys.primaryKey,
    ),
    ...afterRowStatements(newId, context.at, address),
    {
      sql: 'SELECT submission_id, body_hash FROM dedupe_keys WHERE key = ?',
      args: [keys.primaryKey],
    },
  ]);
  const row = results.at(-1)?.rows[0];
  if (!row) throw new Error('dedupe key missing after insert');
  const id = String(row.submission_id);
  if (id === newId) return { status: 'created', id };
  if (String(row.body_hash) !== keys.bodyHash) return { status: 'key-reused' };
  return { status: 'duplicate', id };
}
