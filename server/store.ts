import type { DatabaseConfig } from './config.ts';
import { readAttachmentFiles, type AttachmentFile } from './attachments.ts';
import { openDatabase, type Database } from './database.ts';
import { groupCommitter } from './group-commit.ts';
import { outboxQueue, type OutboxQueue } from './outbox-store.ts';
import { saveSubmission, type NewSubmission, type SaveResult } from './save-submission.ts';
import { SUBMISSION_SELECT, toSubmission, type StoredSubmission } from './submission-row.ts';

export type { OutboxSummary, PendingNotification } from './outbox-store.ts';
export { DEDUPE_WINDOW_MS, type NewSubmission, type SaveResult } from './save-submission.ts';
export { SUBMISSION_SELECT, toSubmission, type StoredSubmission } from './submission-row.ts';

export interface ListFilter {
  form?: string | undefined;
  /** Milliseconds since the epoch, inclusive. */
  since?: number | undefined;
}

/**
 * The submissions and their notification outbox: what the receiver, the outbox sender and the CLI
 * use. The parts live in their own modules: rows (submission-row.ts), saving once
 * (save-submission.ts), the outbox (outbox-store.ts), the connection and migrations (database.ts).
 */
export interface Store extends OutboxQueue {
  database: Database;
  save(submission: NewSubmission): Promise<SaveResult>;
  list(filter?: ListFilter): Promise<StoredSubmission[]>;
  get(id: string): Promise<StoredSubmission | undefined>;
  /** The files of a submission with their content (all of them, or the one with `attachmentId`). */
  attachmentFiles(submissionId: string, attachmentId?: number): Promise<AttachmentFile[]>;
  ping(): Promise<void>;
  close(): void;
}

export interface StoreOptions {
  now?: () => number;
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
  const { client } = database;
  const write = groupCommitter(client);

  async function get(id: string): Promise<StoredSubmission | undefined> {
    const result = await client.execute({
      sql: `SELECT ${SUBMISSION_SELECT} FROM submissions WHERE id = ?`,
      args: [id],
    });
    const row = result.rows[0];
    return row ? toSubmission(row) : undefined;
  }

  async function list(filter: ListFilter = {}): Promise<StoredSubmission[]> {
    const result = await client.execute({
      sql: `SELECT ${SUBMISSION_SELECT} FROM submissions
            WHERE (?1 IS NULL OR form = ?1) AND received_at >= ?2
            ORDER BY received_at, rowid`,
      args: [filter.form ?? null, filter.since ?? 0],
    });
    return result.rows.map(toSubmission);
  }

  return {
    database,
    save: (submission) =>
      saveSubmission(write, submission, { at: now(), clientHash: database.clientHash }),
    get,
    list,
    attachmentFiles: (submissionId, attachmentId) =>
      readAttachmentFiles(client, submissionId, attachmentId),
    ...outboxQueue(client, now, get),
    ping: database.ping,
    close: database.close,
  };
}
