import { randomUUID } from 'node:crypto';
import type { InStatement, Row } from '@libsql/client';
import type { SubmissionStatus } from '../src/admin/contract.ts';
import type { DatabaseConfig } from './config.ts';
import {
  ATTACHMENTS_JSON,
  parseAttachments,
  readAttachmentFiles,
  sha256Hex,
  type AttachmentFile,
  type AttachmentSummary,
  type NewAttachment,
} from './attachments.ts';
import { openDatabase, type Database } from './database.ts';
import { groupCommitter } from './group-commit.ts';

export const DEDUPE_WINDOW_MS = 10 * 60 * 1000;

export interface StoredSubmission {
  id: string;
  form: string;
  /** Milliseconds since the epoch. */
  receivedAt: number;
  fields: Record<string, unknown>;
  /** A keyed hash of the client's address (see `Database.clientHash`). */
  clientHash: string | null;
  userAgent: string | null;
  /** The visitor's language as their browser stated it (e.g. 'es-US'), when known. */
  language: string | null;
  status: SubmissionStatus;
  /** The owner's private note. */
  note: string;
  /** Files sent with it (a résumé), without their content. */
  attachments: AttachmentSummary[];
}

export interface NewSubmission {
  form: string;
  fields: Record<string, unknown>;
  clientAddress?: string | undefined;
  userAgent?: string | undefined;
  language?: string | undefined;
  idempotencyKey?: string | undefined;
  /** A file sent with it, stored in the same transaction. */
  attachment?: NewAttachment | undefined;
  /** Queue an e-mail notification in the same transaction. */
  notify: boolean;
}

export type SaveResult =
  | { status: 'created'; id: string }
  | { status: 'duplicate'; id: string }
  /** The Idempotency-Key was used before with a different body. */
  | { status: 'key-reused' };

export interface ListFilter {
  form?: string | undefined;
  /** Milliseconds since the epoch, inclusive. */
  since?: number | undefined;
}

export interface PendingNotification {
  outboxId: number;
  attempts: number;
  submission: StoredSubmission;
}

export interface OutboxSummary {
  pending: number;
  sent: number;
  failed: number;
}

export interface Store {
  database: Database;
  save(submission: NewSubmission): Promise<SaveResult>;
  list(filter?: ListFilter): Promise<StoredSubmission[]>;
  get(id: string): Promise<StoredSubmission | undefined>;
  /** The files of a submission with their content (all of them, or the one with `attachmentId`). */
  attachmentFiles(submissionId: string, attachmentId?: number): Promise<AttachmentFile[]>;
  /** Leases up to `limit` due notifications for `leaseMs` (a crashed sender's lease expires). */
  claimNotifications(limit: number, leaseMs: number): Promise<PendingNotification[]>;
  markNotificationSent(outboxId: number): Promise<void>;
  markNotificationFailed(
    outboxId: number,
    failure: { attempts: number; retryAt: number | null; error: string },
  ): Promise<void>;
  /** When the next pending notification falls due (ms since the epoch), if any. */
  nextNotificationDue(): Promise<number | undefined>;
  outboxSummary(): Promise<OutboxSummary>;
  ping(): Promise<void>;
  close(): void;
}

export interface StoreOptions {
  now?: () => number;
}

export const SUBMISSION_COLUMNS =
  'id, form, received_at, fields, client_hash, user_agent, language, status, note';
/** What a SELECT from `submissions` gives `toSubmission`. */
export const SUBMISSION_SELECT = `${SUBMISSION_COLUMNS}, ${ATTACHMENTS_JSON}`;

function nullableText(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

export function toSubmission(row: Row): StoredSubmission {
  return {
    id: String(row.id),
    form: String(row.form),
    receivedAt: Number(row.received_at),
    fields: JSON.parse(String(row.fields)) as Record<string, unknown>,
    clientHash: nullableText(row.client_hash),
    userAgent: nullableText(row.user_agent),
    language: nullableText(row.language),
    status: String(row.status) as SubmissionStatus,
    note: String(row.note ?? ''),
    attachments: parseAttachments(row.attachments),
  };
}

/** Opens (creating it and its folder if needed) and migrates the submissions database. */
export async function openStore(
  config: DatabaseConfig,
  options: StoreOptions = {},
): Promise<Store> {
  return createStore(await openDatabase(config), options);
}

/** The submissions and their notification outbox, in `database`. */
export function createStore(database: Database, options: StoreOptions = {}): Store {
  const now = options.now ?? Date.now;
  const { client, clientHash } = database;
  const writer = groupCommitter(client);

  async function save(submission: NewSubmission): Promise<SaveResult> {
    const receivedAt = now();
    const expiresAt = receivedAt + DEDUPE_WINDOW_MS;
    const newId = randomUUID();
    const fieldsJson = JSON.stringify(submission.fields);
    const { attachment } = submission;
    const bodyHash = sha256Hex(`${submission.form}\n${fieldsJson}\n${attachment?.sha256 ?? ''}`);
    const bodyKey = `body:${bodyHash}`;
    const headerKey =
      submission.idempotencyKey === undefined
        ? undefined
        : `key:${sha256Hex(`${submission.form}\n${submission.idempotencyKey}`)}`;
    const primaryKey = headerKey ?? bodyKey;
    const resolvedIs = '(SELECT submission_id FROM dedupe_keys WHERE key = ?) = ?';

    // Every statement after the key bookkeeping acts only when the key resolved to the new id, so
    // a duplicate changes nothing; the writer runs them all in one transaction.
    const statements: InStatement[] = [
      { sql: 'DELETE FROM dedupe_keys WHERE expires_at <= ?', args: [receivedAt] },
    ];
    if (headerKey) {
      statements.push(
        {
          sql: `INSERT INTO dedupe_keys (key, submission_id, body_hash, expires_at)
                SELECT ?, COALESCE((SELECT submission_id FROM dedupe_keys WHERE key = ?), ?), ?, ?
                WHERE true ON CONFLICT (key) DO NOTHING`,
          args: [headerKey, bodyKey, newId, bodyHash, expiresAt],
        },
        {
          sql: `INSERT INTO dedupe_keys (key, submission_id, body_hash, expires_at)
                SELECT key, submission_id, body_hash, ? FROM (
                  SELECT ? AS key, submission_id, body_hash FROM dedupe_keys WHERE key = ?
                ) WHERE body_hash = ? ON CONFLICT (key) DO NOTHING`,
          args: [expiresAt, bodyKey, headerKey, bodyHash],
        },
      );
    } else {
      statements.push({
        sql: `INSERT INTO dedupe_keys (key, submission_id, body_hash, expires_at) VALUES (?, ?, ?, ?)
              ON CONFLICT (key) DO NOTHING`,
        args: [bodyKey, newId, bodyHash, expiresAt],
      });
    }
    statements.push({
      sql: `INSERT INTO submissions (${SUBMISSION_COLUMNS}, seq)
            SELECT ?, ?, ?, ?, ?, ?, ?, 'new', '', (SELECT COALESCE(MAX(seq), 0) + 1 FROM submissions)
            WHERE ${resolvedIs}`,
      args: [
        newId,
        submission.form,
        receivedAt,
        fieldsJson,
        submission.clientAddress ? clientHash(submission.clientAddress) : null,
        submission.userAgent?.slice(0, 512) ?? null,
        submission.language ?? null,
        primaryKey,
        newId,
      ],
    });
    if (attachment) {
      statements.push({
        sql: `INSERT INTO attachments (submission_id, field, name, type, size, sha256, content)
              SELECT ?, ?, ?, ?, ?, ?, ? WHERE ${resolvedIs}`,
        args: [
          newId,
          attachment.field,
          attachment.name,
          attachment.type.mime,
          attachment.content.byteLength,
          attachment.sha256,
          attachment.content,
          primaryKey,
          newId,
        ],
      });
    }
    if (submission.notify) {
      statements.push({
        sql: `INSERT INTO outbox (submission_id, created_at, next_attempt_at)
              SELECT ?, ?, ? WHERE ${resolvedIs}`,
        args: [newId, receivedAt, receivedAt, primaryKey, newId],
      });
    }
    statements.push({
      sql: 'SELECT submission_id, body_hash FROM dedupe_keys WHERE key = ?',
      args: [primaryKey],
    });

    const results = await writer(statements);
    const row = results.at(-1)?.rows[0];
    if (!row) throw new Error('dedupe key missing after insert');
    const id = String(row.submission_id);
    if (id === newId) return { status: 'created', id };
    if (String(row.body_hash) !== bodyHash) return { status: 'key-reused' };
    return { status: 'duplicate', id };
  }

  async function get(id: string): Promise<StoredSubmission | undefined> {
    const result = await client.execute({
      sql: `SELECT ${SUBMISSION_SELECT} FROM submissions WHERE id = ?`,
      args: [id],
    });
    const row = result.rows[0];
    return row ? toSubmission(row) : undefined;
  }

  return {
    database,
    save,
    get,
    attachmentFiles: (submissionId, attachmentId) =>
      readAttachmentFiles(client, submissionId, attachmentId),

    async list(filter = {}) {
      const result = await client.execute({
        sql: `SELECT ${SUBMISSION_SELECT} FROM submissions
              WHERE (?1 IS NULL OR form = ?1) AND received_at >= ?2
              ORDER BY received_at, rowid`,
        args: [filter.form ?? null, filter.since ?? 0],
      });
      return result.rows.map(toSubmission);
    },

    async claimNotifications(limit, leaseMs) {
      const at = now();
      const result = await client.execute({
        sql: `UPDATE outbox SET lease_until = ?1 WHERE id IN (
                SELECT id FROM outbox
                WHERE sent_at IS NULL AND gave_up_at IS NULL AND next_attempt_at <= ?2
                  AND (lease_until IS NULL OR lease_until <= ?2)
                ORDER BY next_attempt_at, id LIMIT ?3
              ) RETURNING id, submission_id, attempts`,
        args: [at + leaseMs, at, limit],
      });
      const claimed: PendingNotification[] = [];
      for (const row of result.rows) {
        const submission = await get(String(row.submission_id));
        if (submission) {
          claimed.push({ outboxId: Number(row.id), attempts: Number(row.attempts), submission });
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

    ping: database.ping,
    close: database.close,
  };
}
