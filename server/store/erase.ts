import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { SubmissionStatus } from '../../src/admin/contract.ts';
import type { Engine, EngineKind, Query, Row } from '../db/engine.ts';
import type { Tables } from '../db/tables.ts';

/** What an erasure removed: submissions, their files, and the rows of every table together. */
export interface Erased {
  submissions: number;
  files: number;
  rows: number;
}

export const NOTHING_ERASED: Erased = { submissions: 0, files: 0, rows: 0 };

export function addErased(a: Erased, b: Erased): Erased {
  return {
    submissions: a.submissions + b.submissions,
    files: a.files + b.files,
    rows: a.rows + b.rows,
  };
}

/**
 * The statuses the retention job may erase: dealt with, or spam. A submission that is New or In
 * progress is someone's work still, however old.
 */
export const ERASABLE_STATUSES = ['handled', 'spam'] as const satisfies readonly SubmissionStatus[];

/**
 * Spam the scorer put aside is kept at least this many days, whatever the form's retention, so
 * that someone can look at it (and take a real lead out of it) before it goes.
 */
export const SPAM_KEPT_DAYS = 30;

const DAY_MS = 86_400_000;

/**
 * What the retention job may erase of one form: Handled submissions received before
 * `handledBefore`, Spam received before `spamBefore` (never later than `handledBefore`).
 */
export interface RetentionCutoff {
  form: string;
  handledBefore: number;
  spamBefore: number;
}

/** A form's cutoff for a retention of `days`, counted back from `now` (the database's clock). */
export function retentionCutoff(form: string, days: number, now: number): RetentionCutoff {
  return {
    form,
    handledBefore: now - days * DAY_MS,
    spamBefore: now - Math.max(days, SPAM_KEPT_DAYS) * DAY_MS,
  };
}

/** Which of the given submissions may go: all of them, or only those the retention job may erase. */
export type EraseCondition = RetentionCutoff | undefined;

type IdQuery = SelectQueryBuilder<Tables, 'submissions', { id: string }>;

/** The ids of `ids` that `condition` lets go, in the order their rows are locked. */
function chosen(engine: Engine, ids: readonly string[], condition: EraseCondition): IdQuery {
  let query = engine.db.selectFrom('submissions').select('id').where('id', 'in', ids).orderBy('id');
  if (condition) {
    // As expressions, so that no index of theirs is chosen over the ids' own: SQLite's planner
    // took the status index and read most of the table for each batch.
    query = query
      .where(sql`form || ''`, '=', condition.form)
      .where(sql`received_at + 0`, '<', condition.handledBefore)
      .where(sql`status || ''`, 'in', ERASABLE_STATUSES)
      .where(sql<SqlBool>`(status <> 'spam' OR received_at + 0 < ${condition.spamBefore})`);
  }
  return query;
}

/**
 * The record an erasure writes in the same transaction as the rows it erases: when, why, by whom,
 * and a random token its statements find it by. The retention pass's batches share one.
 */
export interface ErasureEntry {
  token: string;
  at: number;
  reason: 'person' | 'retention';
  userId: number | null;
  label: string;
}

/**
 * The tables whose rows name a submission, with what a delete of them returns. The outbox before
 * the replies (a reply's e-mail names its reply), and the replies before the submissions.
 */
const CHILDREN = [
  ['attachments', 'id'],
  ['outbox', 'id'],
  ['push_queue', 'id'],
  ['replies', 'id'],
  ['submission_events', 'id'],
  ['dedupe_keys', 'key'],
  ['acknowledged_addresses', 'address_hash'],
] as const;

type Child = (typeof CHILDREN)[number][0];

/**
 * The rows of `table` that belong to the listed submissions: those naming one, and for the outbox
 * also those naming one of their replies or answers (a reply's e-mail, an answer's notice).
 */
function ofListed(table: Child, listed: () => Expression<unknown>) {
  if (table !== 'outbox') return sql<SqlBool>`submission_id IN (${listed()})`;
  return sql<SqlBool>`(submission_id IN (${listed()})
    OR reply_id IN (SELECT id FROM replies WHERE submission_id IN (${listed()})))`;
}

/** Adds to the record what the listed submissions hold: rows, files, rows of every table. */
function addCounts(engine: Engine, entry: ErasureEntry, listed: () => Expression<unknown>) {
  const countOf = (table: Child | 'submissions') =>
    table === 'submissions'
      ? sql<number>`(SELECT COUNT(*) FROM submissions WHERE id IN (${listed()}))`
      : sql<number>`(SELECT COUNT(*) FROM ${sql.table(table)} WHERE ${ofListed(table, listed)})`;
  const rows = sql.join(
    [countOf('submissions'), ...CHILDREN.map(([table]) => countOf(table))],
    sql` + `,
  );
  return engine.db
    .updateTable('erasures')
    .set({
      submissions: sql`submissions + ${countOf('submissions')}`,
      files: sql`files + ${countOf('attachments')}`,
      rows_erased: sql`rows_erased + ${rows}`,
    })
    .where('token', '=', entry.token);
}

/**
 * One batch's statements, one transaction. The record is written first (once per token); then the
 * chosen submissions are listed under it in `erased_submissions`, their rows locked on Postgres
 * (FOR UPDATE, which waits for a reopen that is being written and re-reads the condition after it);
 * every later statement erases exactly that list: a submission is erased whole or kept whole. The
 * record's counts are added before the deletes: no row can be added to a locked submission
 * meanwhile (a reference takes a lock its FOR UPDATE holds). Only the sweep of expired duplicate
 * keys and acknowledgement claims (`sweepExpired`, no reference) might remove one in between, and
 * it would be counted though the sweep took it. A record that still counts nothing is dropped at
 * the end.
 */
function eraseQueries(
  engine: Engine,
  ids: readonly string[],
  condition: EraseCondition,
  entry: ErasureEntry,
): Query[] {
  const { db } = engine;
  const erasureId = () => db.selectFrom('erasures').select('id').where('token', '=', entry.token);
  const listed = () =>
    db
      .selectFrom('erased_submissions')
      .select('submission_id')
      .where('erasure_id', '=', erasureId())
      .where('submission_id', 'in', ids);
  const queries: Query[] = [
    db
      .insertInto('erasures')
      .values({
        token: entry.token,
        at: entry.at,
        reason: entry.reason,
        user_id: entry.userId,
        user_email: entry.label,
        submissions: 0,
        files: 0,
        rows_erased: 0,
      })
      .onConflict((conflict) => conflict.column('token').doNothing()),
    db
      .insertInto('erased_submissions')
      .columns(['erasure_id', 'submission_id'])
      .expression(
        engine.locking(
          chosen(engine, ids, condition)
            .clearSelect()
            .select([erasureId().as('erasure_id'), 'id']),
        ),
      ),
    addCounts(engine, entry, listed),
    ...CHILDREN.map(([table, key]) =>
      db.deleteFrom(table).where(ofListed(table, listed)).returning(key),
    ),
  ];
  // After the replies' deletes: on SQLite each writes its submission's search entry again (its
  // trigger, migration 14), which this then takes out for good.
  const unindex = engine.search.forget(
    db.selectFrom('submissions').select('seq').where('id', 'in', listed()),
  );
  if (unindex) queries.push(unindex);
  queries.push(
    db.deleteFrom('submissions').where('id', 'in', listed()).returning('id'),
    db.deleteFrom('erasures').where('token', '=', entry.token).where('submissions', '=', 0),
  );
  return queries;
}

/** Ids per erasing transaction: short enough that other writes wait little for the lock. */
export const ERASE_BATCH = 200;

/**
 * Erases the submissions with these ids (those `condition` lets go) in batches of `ERASE_BATCH`
 * ids, each adding what it erased to the record `entry` names (written by the first batch that
 * erases something). Each batch is a transaction of its own (the retention pass: other writes wait
 * little for the lock), or, with `oneTransaction` (a person's erasure), every batch runs in one
 * transaction, however many ids: a failure erases none. Batches, not one statement of all the ids:
 * a statement binds its batch's ids several times, and SQLite and Postgres cap a statement's
 * parameters. Idempotent: a second instance erasing the same ids finds nothing left, and its
 * record, counting nothing, is not kept.
 */
export async function eraseSubmissions(
  engine: Engine,
  ids: readonly string[],
  entry: ErasureEntry,
  condition?: EraseCondition,
  { oneTransaction = false }: { oneTransaction?: boolean } = {},
): Promise<Erased> {
  const batches: (readonly string[])[] = [];
  for (let start = 0; start < ids.length; start += ERASE_BATCH) {
    batches.push(ids.slice(start, start + ERASE_BATCH));
  }
  const queriesOf = (some: readonly string[]) => eraseQueries(engine, some, condition, entry);
  const transactions = oneTransaction
    ? [batches.map(queriesOf)]
    : batches.map((some) => [queriesOf(some)]);
  let erased = NOTHING_ERASED;
  for (const transaction of transactions) {
    const results = await engine.batch(transaction.flat());
    for (const queries of transaction) {
      erased = addErased(erased, countErased(results.splice(0, queries.length)));
    }
  }
  return erased;
}

/** What one batch's statements erased, from the rows its deletes returned. */
function countErased(results: readonly Row[][]): Erased {
  // The deletes: the children (files first), then the search index's on SQLite, the rows.
  const children = results.slice(3, 3 + CHILDREN.length);
  const files = children[0]?.length ?? 0;
  const submissions = results.at(-2)?.length ?? 0;
  const rows = submissions + children.reduce((sum, rowsOf) => sum + rowsOf.length, 0);
  return { submissions, files, rows };
}

/** The submissions `cutoff` lets the retention job erase: Handled, or Spam kept long enough. */
function expired(engine: Engine, cutoff: RetentionCutoff) {
  return engine.db
    .selectFrom('submissions')
    .where('form', '=', cutoff.form)
    .where('received_at', '<', cutoff.handledBefore)
    .where('status', 'in', ERASABLE_STATUSES)
    .where((eb) => eb.or([eb('status', '<>', 'spam'), eb('received_at', '<', cutoff.spamBefore)]));
}

/** The next submissions the retention job may erase under `cutoff`, oldest first. */
export async function expiredIds(
  engine: Engine,
  cutoff: RetentionCutoff,
  limit: number,
): Promise<string[]> {
  const rows = await expired(engine, cutoff)
    .select('id')
    .orderBy('received_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** How many submissions the retention job would erase under `cutoff` (the guard's count). */
export async function expiredCount(engine: Engine, cutoff: RetentionCutoff): Promise<number> {
  const row = await expired(engine, cutoff)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** An e-mail address as people are matched by it: trimmed, any case. */
export function normaliseContactEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A phone number as people are matched by it: its digits, a US number's leading 1 dropped, so that
 * '+1 (202) 555-0147' and '202.555.0147' are one.
 */
export function normalisePhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** The SQL of a field's text: SQLite's JSON functions, or Postgres's jsonb. */
function fieldText(kind: EngineKind, field: 'email' | 'phone') {
  return kind === 'sqlite'
    ? sql<string>`COALESCE(json_extract(fields, ${`$.${field}`}), '')`
    : sql<string>`COALESCE(fields::jsonb ->> ${field}, '')`;
}

/** A phone field's digits in SQL (the form lets only digits, spaces, ( ) . - and + through). */
function phoneDigits(kind: EngineKind) {
  const phone = fieldText(kind, 'phone');
  if (kind === 'postgres') return sql<string>`regexp_replace(${phone}, '[^0-9]', '', 'g')`;
  return sql<string>`replace(replace(replace(replace(replace(replace(${phone},
    ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', '')`;
}

export interface Contact {
  email?: string | undefined;
  phone?: string | undefined;
}

/**
 * The ids of every submission with this e-mail (any case) or phone (its digits), oldest first. A
 * phone of fewer than 7 digits matches nothing: it would name many people.
 */
export async function submissionsOf(engine: Engine, contact: Contact): Promise<string[]> {
  const email = contact.email ? normaliseContactEmail(contact.email) : '';
  const phone = contact.phone ? normalisePhone(contact.phone) : '';
  if (!email && phone.length < 7) return [];
  const rows = await engine.db
    .selectFrom('submissions')
    .select('id')
    .where((eb: ExpressionBuilder<Tables, 'submissions'>) => {
      const matches = [];
      if (email) matches.push(eb(sql`lower(trim(${fieldText(engine.kind, 'email')}))`, '=', email));
      if (phone.length >= 7) {
        const forms = phone.length === 10 ? [phone, `1${phone}`] : [phone];
        matches.push(eb(phoneDigits(engine.kind), 'in', forms));
      }
      return eb.or(matches);
    })
    .orderBy('received_at')
    .orderBy('seq')
    .execute();
  return rows.map((row) => row.id);
}
