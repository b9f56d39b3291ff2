import type { DatabaseConfig } from '../config.ts';
import { readAttachmentFiles, type AttachmentFile } from './attachments.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { outboxQueue, type OutboxQueue } from './outbox-queue.ts';
import { relayPauseStore, type RelayPauseStore } from './relay-pause.ts';
import {
  saveSubmission,
  sweepExpired,
  type NewSubmission,
  type SaveResult,
} from './save-submission.ts';
import { readSubmissions, SUBMISSION_COLUMNS, type StoredSubmission } from './submission-row.ts';

export type { OutboxSummary, PendingNotification } from './outbox-queue.ts';
export { DEDUPE_WINDOW_MS, type NewSubmission, type SaveResult } from './save-submission.ts';
export { readSubmissions, SUBMISSION_COLUMNS, type StoredSubmission } from './submission-row.ts';

export interface ListFilter {
  form?: string | undefined;
  /** Milliseconds since the epoch, inclusive. */
  since?: number | undefined;
}

/**
 * The submissions and their notification outbox: what the receiver, the outbox sender and the CLI
 * use. The parts live in their own modules: rows (submission-row.ts), saving once
 * (save-submission.ts), the outbox's queue (outbox-queue.ts), the connection and migrations
 * (../db/database.ts).
 */
export interface Store extends OutboxQueue, RelayPauseStore {
  database: Database;
  save(submission: NewSubmission): Promise<SaveResult>;
  list(filter?: ListFilter): Promise<StoredSubmission[]>;
  get(id: string): Promise<StoredSubmission | undefined>;
  /** The files of a submission with their content (all of them, or the one with `attachmentId`). */
  attachmentFiles(submissionId: string, attachmentId?: number): Promise<AttachmentFile[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Expired dedupe keys and acknowledgement claims are cleared at most this often. */
const SWEEP_EVERY_MS = 60_000;

export interface StoreOptions {
  now?: () => number;
  /** A dropped idle connection of the pool (Postgres): logged, never fatal. */
  onError?: (error: Error) => void;
}

/** Opens (creating it and its folder if needed) and migrates the submissions database. */
export async function openStore(
  config: DatabaseConfig,
  options: StoreOptions = {},
): Promise<Store> {
  return createStore(await openDatabase(config, options.onError), options);
}

/** The submissions and their notification outbox, in `database`. */
export function createStore(database: Database, options: StoreOptions = {}): Store {
  const now = options.now ?? Date.now;
  const { engine, db } = database;
  let sweptAt = 0;

  async function get(id: string): Promise<StoredSubmission | undefined> {
    const rows = await db
      .selectFrom('submissions')
      .select(SUBMISSION_COLUMNS)
      .where('id', '=', id)
      .execute();
    return (await readSubmissions(db, rows))[0];
  }

  async function list(filter: ListFilter = {}): Promise<StoredSubmission[]> {
    let query = db
      .selectFrom('submissions')
      .select(SUBMISSION_COLUMNS)
      .where('received_at', '>=', filter.since ?? 0);
    if (filter.form !== undefined) query = query.where('form', '=', filter.form);
    const rows = await query.orderBy('received_at').orderBy('seq').execute();
    return readSubmissions(db, rows);
  }

  async function save(submission: NewSubmission): Promise<SaveResult> {
    const at = now();
    const saved = await saveSubmission(engine, submission, {
      at,
      clientHash: database.clientHash,
    });
    if (at - sweptAt >= SWEEP_EVERY_MS) {
      sweptAt = at;
      // Housekeeping, not part of the answer: a failure here is tried again next time.
      sweepExpired(engine, at).catch(() => undefined);
    }
    return saved;
  }

  return {
    database,
    save,
    get,
    list,
    attachmentFiles: (submissionId, attachmentId) =>
      readAttachmentFiles(db, submissionId, attachmentId),
    ...outboxQueue(engine, get),
    ...relayPauseStore(engine),
    ping: database.ping,
    close: database.close,
  };
}
