import { sql, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { SubmissionStatus } from '../../src/admin/contract.ts';
import type { Engine, EngineKind, Query } from '../db/engine.ts';
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

/** The ids of `ids` that `condition` lets go, as a subquery each delete reads. */
function chosen(engine: Engine, ids: readonly string[], condition: EraseCondition): IdQuery {
  let query = engine.db.selectFrom('submissions').select('id').where('id', 'in', ids);
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
 * The deletes that erase the chosen submissions, children first (Postgres enforces the references):
 * their files, e-mails (outbox), history, duplicate-post keys and acknowledgement claims, the search
 * index's entry (SQLite; Postgres's goes with the row), then the rows with their notes. Each delete
 * re-reads the condition, so a submission reopened meanwhile keeps everything.
 */
function eraseQueries(engine: Engine, ids: readonly string[], condition: EraseCondition): Query[] {
  const { db } = engine;
  const target = () => chosen(engine, ids, condition);
  const queries: Query[] = [
    db.deleteFrom('attachments').where('submission_id', 'in', target()).returning('id'),
    db.deleteFrom('outbox').where('submission_id', 'in', target()).returning('id'),
    db.deleteFrom('submission_events').where('submission_id', 'in', target()).returning('id'),
    db.deleteFrom('dedupe_keys').where('submission_id', 'in', target()).returning('key'),
    db
      .deleteFrom('acknowledged_addresses')
      .where('submission_id', 'in', target())
      .returning('address_hash'),
  ];
  const unindex = engine.search.forget(target().clearSelect().select('seq'));
  if (unindex) queries.push(unindex);
  queries.push(db.deleteFrom('submissions').where('id', 'in', target()).returning('id'));
  return queries;
}

/** Ids per erasing transaction: short enough that other writes wait little for the lock. */
export const ERASE_BATCH = 200;

/**
 * Erases the submissions with these ids (those `condition` lets go), in transactions of
 * `ERASE_BATCH`. Idempotent: a second instance erasing the same ids finds nothing left.
 */
export async function eraseSubmissions(
  engine: Engine,
  ids: readonly string[],
  condition?: EraseCondition,
): Promise<Erased> {
  let erased = NOTHING_ERASED;
  for (let start = 0; start < ids.length; start += ERASE_BATCH) {
    const batch = ids.slice(start, start + ERASE_BATCH);
    const results = await engine.batch(eraseQueries(engine, batch, condition));
    const [files = [], ...rest] = results;
    const submissions = results.at(-1) ?? [];
    const rows = files.length + rest.reduce((sum, rowsOf) => sum + rowsOf.length, 0);
    erased = addErased(erased, { submissions: submissions.length, files: files.length, rows });
  }
  return erased;
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
