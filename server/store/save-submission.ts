import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { SubmissionVisit } from '../../src/admin/contract.ts';
import { sha256Hex, type NewAttachment } from './attachments.ts';
import type { Engine, Query } from '../db/engine.ts';
import { rosterOf } from './roster.ts';

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
   * that address already got one within `ACKNOWLEDGE_WINDOW_MS`. Given normalised
   * (server/guard/mail-address.ts: `victim+1@` is `victim@`), as the once-a-day rule counts it;
   * the e-mail itself goes to the address as the visitor typed it.
   */
  acknowledgeTo?: string | undefined;
  /**
   * Its spam score (server/guard/spam-score.ts): judged spam, it is stored with the status
   * 'spam' and queues neither e-mail.
   */
  spam?: { score: number; reasons: readonly string[]; spam: boolean } | undefined;
  /** How its visit began and its first page (server/visits/submission-source.ts), when known. */
  visit?: SubmissionVisit | undefined;
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

/** What the statements of one save share. */
interface Save {
  engine: Engine;
  keys: Keys;
  id: string;
  at: number;
}

/**
 * Claims a key for `submissionId` (SQL), unless a live one already names another submission. An
 * expired key is taken over in place: no save deletes another's rows (on Postgres, two saves
 * deleting the same expired keys could deadlock); `sweepExpired` clears the rest.
 */
function claimKey(save: Save, key: string, submissionId: ReturnType<typeof sql>, bodyHash: string) {
  const { engine, at } = save;
  return sql`INSERT INTO dedupe_keys (key, submission_id, body_hash, expires_at)
    SELECT ${engine.typed(key, 'text')}, ${submissionId}, ${engine.typed(bodyHash, 'text')},
      ${engine.typed(at + DEDUPE_WINDOW_MS, 'integer')}
    WHERE true
    ON CONFLICT (key) DO UPDATE SET submission_id = excluded.submission_id,
      body_hash = excluded.body_hash, expires_at = excluded.expires_at
    WHERE dedupe_keys.expires_at <= ${at}`;
}

/**
 * The keys: a header key takes the id its body already has (a retry with a new key is still the
 * same submission), and the body key joins it only when the bodies match.
 */
function keyStatements(save: Save): Query[] {
  const { keys, engine, id } = save;
  const newId = engine.typed(id, 'text');
  if (!keys.headerKey) return [claimKey(save, keys.bodyKey, newId, keys.bodyHash)];
  const live = sql`expires_at > ${save.at}`;
  return [
    claimKey(
      save,
      keys.headerKey,
      sql`COALESCE((SELECT submission_id FROM dedupe_keys WHERE key = ${keys.bodyKey} AND ${live}), ${newId})`,
      keys.bodyHash,
    ),
    sql`INSERT INTO dedupe_keys (key, submission_id, body_hash, expires_at)
      SELECT ${engine.typed(keys.bodyKey, 'text')}, submission_id, body_hash, expires_at
      FROM dedupe_keys WHERE key = ${keys.headerKey} AND body_hash = ${keys.bodyHash}
      ON CONFLICT (key) DO UPDATE SET submission_id = excluded.submission_id,
        body_hash = excluded.body_hash, expires_at = excluded.expires_at
      WHERE dedupe_keys.expires_at <= ${save.at}`,
  ];
}

/** SQL: the primary key resolved to this save's new submission (so each row is written once). */
function resolvedToNew({ keys, id }: Save) {
  return sql`(SELECT submission_id FROM dedupe_keys WHERE key = ${keys.primaryKey}) = ${id}`;
}

/**
 * The columns of a submission's visit, when it has one (each followed by a comma); none otherwise:
 * they stay null (not known), and a save into a database before migration 16 still works.
 */
function visitColumns(visit: SubmissionVisit | undefined) {
  return visit ? sql`source_kind, source_name, source_campaign, first_page, ` : sql``;
}

function visitValues(engine: Engine, visit: SubmissionVisit | undefined) {
  if (!visit) return sql``;
  const value = engine.typed;
  return sql`${value(visit.kind, 'text')}, ${value(visit.name, 'text')},
    ${value(visit.campaign, 'text')}, ${value(visit.firstPage, 'text')}, `;
}

/** The row, its file, its notification and its acknowledgement, each only if the row is new. */
function rowStatements(
  save: Save,
  submission: NewSubmission,
  row: { fieldsJson: string; clientHash: string | null; address: string | undefined },
): Query[] {
  const { engine, id, at } = save;
  const value = engine.typed;
  const isNew = resolvedToNew(save);
  const roster = submission.form === 'application' ? rosterOf(submission.fields) : null;
  const { spam, visit } = submission;
  const status = spam?.spam ? 'spam' : 'new';
  const statements: Query[] = [
    sql`INSERT INTO submissions (id, form, received_at, fields, client_hash, user_agent, language,
        site_language, status, note, roster, spam_score, spam_reasons, ${visitColumns(visit)}seq)
      SELECT ${value(id, 'text')}, ${value(submission.form, 'text')}, ${value(at, 'integer')},
        ${value(row.fieldsJson, 'text')}, ${value(row.clientHash, 'text')},
        ${value(submission.userAgent?.slice(0, 512) ?? null, 'text')},
        ${value(submission.language ?? null, 'text')},
        ${value(submission.siteLanguage ?? null, 'text')}, ${value(status, 'text')}, '',
        ${value(roster, 'text')}, ${value(spam?.score ?? null, 'integer')},
        ${value(spam ? JSON.stringify(spam.reasons) : null, 'text')},
        ${visitValues(engine, visit)}${sql.raw(engine.nextSeq)}
      WHERE ${isNew}`,
  ];
  const { attachment } = submission;
  if (attachment) {
    statements.push(sql`INSERT INTO attachments (submission_id, field, name, type, size, sha256, content)
      SELECT ${value(id, 'text')}, ${value(attachment.field, 'text')},
        ${value(attachment.name, 'text')}, ${value(attachment.type.mime, 'text')},
        ${value(attachment.content.byteLength, 'integer')}, ${value(attachment.sha256, 'text')},
        ${value(attachment.content, 'bytes')}
      WHERE ${isNew}`);
  }
  // Spam is kept aside: nobody is told of it.
  if (status === 'spam') return statements;
  statements.push(leadPushRows(save, isNew));
  if (submission.notify) statements.push(outboxRow(save, 'notify', isNew));
  if (row.address !== undefined) statements.push(...acknowledgement(save, row.address));
  return statements;
}

/** An e-mail queued, due at once: both times by the database's clock, as the outbox reads them. */
function outboxRow(save: Save, kind: 'notify' | 'acknowledge', condition: ReturnType<typeof sql>) {
  const { engine, id } = save;
  const now = sql.raw(engine.nowMs);
  return sql`INSERT INTO outbox (submission_id, kind, created_at, next_attempt_at)
    SELECT ${engine.typed(id, 'text')}, ${kind}, ${now}, ${now}
    WHERE ${condition}`;
}

/**
 * The push of a new lead to every device that turned push on (server/push/, docs/push.md), queued
 * with the submission so that it is queued once, whichever instance stored it; due at once, by the
 * database's clock. Its words are made when it is sent.
 */
function leadPushRows(save: Save, condition: ReturnType<typeof sql>) {
  const { engine, id } = save;
  const now = sql.raw(engine.nowMs);
  return sql`INSERT INTO push_queue (device_id, event, kind, submission_id, created_at,
      next_attempt_at)
    SELECT id, ${engine.typed(`lead:${id}`, 'text')}, 'lead', ${engine.typed(id, 'text')}, ${now},
      ${now}
    FROM push_devices WHERE ${condition}
    ON CONFLICT (device_id, event) DO NOTHING`;
}

/**
 * The acknowledgement, when `address` (a keyed hash of the sender's e-mail address) had none in the
 * last day: the new row claims the address (or takes over an expired claim), and its outbox row
 * is queued only when the claim is its own.
 */
function acknowledgement(save: Save, address: string): Query[] {
  const { engine, id, at } = save;
  return [
    sql`INSERT INTO acknowledged_addresses (address_hash, until, submission_id)
      SELECT ${engine.typed(address, 'text')}, ${engine.typed(at + ACKNOWLEDGE_WINDOW_MS, 'integer')},
        ${engine.typed(id, 'text')}
      WHERE EXISTS (SELECT 1 FROM submissions WHERE id = ${id})
      ON CONFLICT (address_hash) DO UPDATE SET until = excluded.until,
        submission_id = excluded.submission_id
      WHERE acknowledged_addresses.until <= ${at}`,
    outboxRow(
      save,
      'acknowledge',
      sql`EXISTS (SELECT 1 FROM acknowledged_addresses
        WHERE address_hash = ${address} AND submission_id = ${id})`,
    ),
  ];
}

/**
 * The keyed hash an acknowledged address is kept under (`acknowledged_addresses`): the store's
 * once-a-day claim and the guard's look before a domain's hour is spent read the same one.
 */
export function acknowledgedAddressHash(
  clientHash: (value: string) => string,
  address: string,
): string {
  return clientHash(`acknowledge:${address.trim().toLowerCase()}`);
}

/** Clears expired dedupe keys and acknowledgement claims (outside any save's transaction). */
export async function sweepExpired(engine: Engine, at: number): Promise<void> {
  await engine.db.deleteFrom('dedupe_keys').where('expires_at', '<=', at).execute();
  await engine.db.deleteFrom('acknowledged_addresses').where('until', '<=', at).execute();
}

/**
 * Stores a submission once: the same body (or Idempotency-Key) within `DEDUPE_WINDOW_MS` answers
 * the first one's id and changes nothing. All the statements run in one transaction.
 */
export async function saveSubmission(
  engine: Engine,
  submission: NewSubmission,
  context: { at: number; clientHash: (address: string) => string },
): Promise<SaveResult> {
  const fieldsJson = JSON.stringify(submission.fields);
  const save: Save = {
    engine,
    keys: dedupeKeys(submission, fieldsJson),
    id: randomUUID(),
    at: context.at,
  };
  const { clientAddress, acknowledgeTo } = submission;
  const results = await engine.batch([
    ...keyStatements(save),
    ...rowStatements(save, submission, {
      fieldsJson,
      clientHash: clientAddress ? context.clientHash(clientAddress) : null,
      address: acknowledgeTo
        ? acknowledgedAddressHash(context.clientHash, acknowledgeTo)
        : undefined,
    }),
    engine.db
      .selectFrom('dedupe_keys')
      .select(['submission_id', 'body_hash'])
      .where('key', '=', save.keys.primaryKey),
  ]);
  const row = results.at(-1)?.[0];
  if (!row) throw new Error('dedupe key missing after insert');
  const id = String(row.submission_id);
  if (id === save.id) return { status: 'created', id };
  if (String(row.body_hash) !== save.keys.bodyHash) return { status: 'key-reused' };
  return { status: 'duplicate', id };
}
