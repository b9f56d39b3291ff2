import type { InStatement, InValue, Row } from '@libsql/client';
import {
  NEEDS_REPLY,
  PAGE_SIZE,
  rosterFilterNames,
  submissionStatuses,
  type InboxItem,
  type InboxPage,
  type InboxQuery,
  type NotificationState,
  type StatusCounts,
  type SubmissionDetail,
  type SubmissionEvent,
  type SubmissionStatus,
  type UpdateSubmissionBody,
} from '../../src/admin/contract.ts';
import { quoteBy, respondBy } from '../../src/forms/business-hours.ts';
import type { Database } from '../database.ts';
import { searchText } from '../migrations.ts';
import { needsReply, weeklyPicture } from './staffing-desk.ts';
import type { FormDefinition } from '../forms.ts';
import { SUBMISSION_SELECT, toSubmission, type StoredSubmission } from '../store.ts';

/** The owner's inbox: both forms in one list, filtered, searched and paged newest first. */

/** A page's cursor: the `seq` (order of arrival) of the last submission it showed. */
const CURSOR = /^\d{1,15}$/;
/** At most this many words of a search count. */
const MAX_TERMS = 8;

/**
 * The search box's text as an FTS5 query: each word a prefix that must occur. Only letters and
 * digits reach the query, so that nothing typed can be read as FTS5 syntax.
 */
export function searchQuery(text: string | undefined): string | undefined {
  const words = text?.normalize('NFKC').match(/[\p{L}\p{N}]+/gu);
  if (!words) return undefined;
  return words
    .slice(0, MAX_TERMS)
    .map((word) => `"${word}"*`)
    .join(' ');
}

interface Filter {
  where: string[];
  args: InValue[];
}

/**
 * The roster's conditions: for each filter given, any of its values (OR); all filters (AND). Only
 * applications have a roster.
 */
function rosterConditions(query: InboxQuery): Filter {
  const where: string[] = [];
  const args: InValue[] = [];
  for (const name of rosterFilterNames) {
    const values = query[name];
    if (!values?.length) continue;
    where.push(`(${values.map(() => 'instr(roster, ?) > 0').join(' OR ')})`);
    args.push(...values.map((value) => `|${name}:${value}|`));
  }
  if (where.length > 0) where.unshift("form = 'application'");
  return { where, args };
}

/** The conditions of the filters (search aside: it drives the query, see `select`). */
function filter(query: InboxQuery, withStatus: boolean): Filter {
  const where: string[] = [];
  const args: InValue[] = [];
  const add = (condition: string, value: string | number) => {
    where.push(condition);
    args.push(value);
  };
  if (query.view === NEEDS_REPLY) {
    add('form = ?', 'quote');
    if (withStatus) add('status = ?', 'new');
  } else {
    if (query.form) add('form = ?', query.form);
    if (withStatus && query.status) add('status = ?', query.status);
  }
  const roster = rosterConditions(query);
  where.push(...roster.where);
  args.push(...roster.args);
  if (query.from !== undefined) add('received_at >= ?', query.from);
  if (query.to !== undefined) add('received_at < ?', query.to);
  return { where, args };
}

function whereClause(conditions: readonly string[]): string {
  return conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
}

function notificationState(row: Row | undefined): NotificationState {
  if (!row) return { state: 'off' };
  const attempts = Number(row.attempts);
  if (row.sent_at !== null) return { state: 'sent', at: Number(row.sent_at) };
  if (row.gave_up_at !== null) return { state: 'failed', attempts, at: Number(row.gave_up_at) };
  if (attempts === 0) return { state: 'pending' };
  return { state: 'retrying', attempts, nextAttemptAt: Number(row.next_attempt_at) };
}

export interface InboxOptions {
  forms: readonly FormDefinition[];
  now?: () => number;
}

type Client = Database['client'];

/** Adds what arrived since the last search to the search index (see migration 2), one at a time. */
function searchIndexer(client: Client): () => Promise<void> {
  let indexing: Promise<void> | undefined;
  return async () => {
    const indexed = `(SELECT CAST(value AS INTEGER) FROM settings WHERE name = 'search_indexed_seq')`;
    const behind = await client.execute(
      `SELECT COALESCE(MAX(seq), 0) > ${indexed} AS behind FROM submissions`,
    );
    if (!Number(behind.rows[0]?.behind)) return;
    indexing ??= client
      .batch(
        [
          `INSERT INTO submissions_search (rowid, body)
           SELECT seq, ${searchText('submissions')} FROM submissions WHERE seq > ${indexed}`,
          `UPDATE settings SET value = (SELECT COALESCE(MAX(seq), 0) FROM submissions)
           WHERE name = 'search_indexed_seq'`,
        ],
        'write',
      )
      .then(() => undefined)
      .finally(() => {
        indexing = undefined;
      });
    await indexing;
  };
}

/** A list row: the form's summary fields only. */
function toItem(summaryFields: readonly string[], submission: StoredSubmission): InboxItem {
  return {
    id: submission.id,
    form: submission.form,
    receivedAt: submission.receivedAt,
    status: submission.status,
    fields: Object.fromEntries(
      summaryFields
        .filter((name) => name in submission.fields)
        .map((name) => [name, submission.fields[name]]),
    ),
    attachments: submission.attachments.length,
    ...deadlines(submission),
  };
}

/** A quote's deadlines: its first answer (in business hours) and its quote. */
function deadlines({ form, receivedAt }: { form: string; receivedAt: number }) {
  return form === 'quote'
    ? { respondBy: respondBy(receivedAt), quoteBy: quoteBy(receivedAt) }
    : { respondBy: null, quoteBy: null };
}

async function countByStatus(client: Client, query: InboxQuery): Promise<StatusCounts> {
  const { where, args } = filter(query, false);
  // The roster's index holds the status and the roster's text: the count reads nothing else.
  const roster = rosterFilterNames.some((name) => query[name]?.length);
  const index = roster ? 'INDEXED BY submissions_roster' : '';
  const result = await client.execute({
    sql: `SELECT status, COUNT(*) AS n FROM submissions ${index} ${whereClause(where)}
          GROUP BY status`,
    args,
  });
  const counted = Object.fromEntries(submissionStatuses.map((status) => [status, 0]));
  for (const row of result.rows) counted[String(row.status)] = Number(row.n);
  return counted as StatusCounts;
}

/**
 * Newest first. A search walks the index's matches from the newest down (FTS5 keeps them in
 * rowid = seq order) and stops at the page's end, so a common word costs no more than a rare one.
 */
async function selectSubmissions(
  client: Client,
  indexNewSubmissions: () => Promise<void>,
  query: InboxQuery,
  limit?: number,
): Promise<(StoredSubmission & { seq: number })[]> {
  const { where, args } = filter(query, true);
  // 'Needs a reply': the oldest first, so that the most overdue leads.
  const oldestFirst = query.view === NEEDS_REPLY;
  if (query.after && CURSOR.test(query.after)) {
    where.push(oldestFirst ? 'seq > ?' : 'seq < ?');
    args.push(Number(query.after));
  }
  const search = searchQuery(query.q);
  if (search) await indexNewSubmissions();
  const from = search
    ? 'submissions_search JOIN submissions ON seq = submissions_search.rowid'
    : 'submissions';
  if (search) {
    where.unshift('submissions_search MATCH ?');
    args.unshift(search);
  }
  const order = `${search ? 'submissions_search.rowid' : 'seq'} ${oldestFirst ? 'ASC' : 'DESC'}`;
  const result = await client.execute({
    sql: `SELECT ${SUBMISSION_SELECT}, seq FROM ${from} ${whereClause(where)}
          ORDER BY ${order} ${limit === undefined ? '' : 'LIMIT ?'}`,
    args: limit === undefined ? args : [...args, limit],
  });
  return result.rows.map((row) => ({ ...toSubmission(row), seq: Number(row.seq) }));
}

function toEvent(event: Row): SubmissionEvent {
  return {
    at: Number(event.at),
    user: String(event.user_email),
    kind: event.kind === 'note' ? 'note' : 'status',
    status: event.status === null ? null : (String(event.status) as SubmissionStatus),
  };
}

/** One submission with its history and the state of its e-mail notification. */
async function readDetail(client: Client, id: string): Promise<SubmissionDetail | undefined> {
  const [row, events, outbox, acknowledged] = await client.batch(
    [
      {
        sql: `SELECT ${SUBMISSION_SELECT}, first_response_at FROM submissions WHERE id = ?`,
        args: [id],
      },
      {
        sql: `SELECT at, user_email, kind, status FROM submission_events
              WHERE submission_id = ? ORDER BY at, id`,
        args: [id],
      },
      ...(['notify', 'acknowledge'] as const).map((kind) => ({
        sql: `SELECT attempts, next_attempt_at, sent_at, gave_up_at FROM outbox
              WHERE submission_id = ? AND kind = ? ORDER BY id DESC LIMIT 1`,
        args: [id, kind],
      })),
    ],
    'read',
  );
  const found = row?.rows[0];
  if (!found) return undefined;
  const submission = toSubmission(found);
  const firstResponseAt = found.first_response_at;
  return {
    id: submission.id,
    form: submission.form,
    receivedAt: submission.receivedAt,
    status: submission.status,
    note: submission.note,
    language: submission.language,
    siteLanguage: submission.siteLanguage,
    fields: submission.fields,
    attachments: submission.attachments.map(({ id: fileId, name, type, size }) => ({
      id: fileId,
      name,
      type,
      size,
    })),
    events: (events?.rows ?? []).map(toEvent),
    notification: notificationState(outbox?.rows[0]),
    acknowledgement: notificationState(acknowledged?.rows[0]),
    ...deadlines(submission),
    firstResponseAt: typeof firstResponseAt === 'number' ? firstResponseAt : null,
  };
}

/** The statements that change the status and/or the note, each logged only when it changed. */
function updateStatements(
  id: string,
  change: UpdateSubmissionBody,
  by: { userEmail: string; at: number },
): InStatement[] {
  const logIfChanged = (kind: 'status' | 'note', status: string | null) => ({
    sql: `INSERT INTO submission_events (submission_id, at, user_email, kind, status)
          SELECT ?, ?, ?, ?, ? WHERE changes() > 0`,
    args: [id, by.at, by.userEmail, kind, status],
  });
  const statements: InStatement[] = [];
  if (change.status !== undefined) {
    statements.push(
      {
        // Leaving New for work (not for Spam) is the first response, once.
        sql: `UPDATE submissions SET status = ?1, first_response_at = CASE
                WHEN first_response_at IS NULL AND ?1 IN ('in_progress', 'handled') THEN ?3
                ELSE first_response_at END
              WHERE id = ?2 AND status <> ?1`,
        args: [change.status, id, by.at],
      },
      logIfChanged('status', change.status),
    );
  }
  if (change.note !== undefined) {
    statements.push(
      {
        sql: 'UPDATE submissions SET note = ?1 WHERE id = ?2 AND note <> ?1',
        args: [change.note, id],
      },
      logIfChanged('note', null),
    );
  }
  return statements;
}

export function inbox(database: Database, { forms, now = Date.now }: InboxOptions) {
  const { client } = database;
  const summaryFields = new Map(forms.map((form) => [form.name, form.summaryFields]));
  const indexNewSubmissions = searchIndexer(client);
  const select = (query: InboxQuery, limit?: number) =>
    selectSubmissions(client, indexNewSubmissions, query, limit);
  const detail = (id: string) => readDetail(client, id);

  return {
    detail,

    /** One page of the list, newest first, and the counts by status under the same filters. */
    async page(query: InboxQuery): Promise<InboxPage> {
      const [rows, counted] = [
        await select(query, PAGE_SIZE + 1),
        await countByStatus(client, query),
      ];
      const shown = rows.slice(0, PAGE_SIZE);
      const last = shown.at(-1);
      return {
        items: shown.map((row) => toItem(summaryFields.get(row.form) ?? [], row)),
        next: rows.length > PAGE_SIZE && last ? String(last.seq) : null,
        counts: counted,
        needsReply: await needsReply(client, now()),
      };
    },

    /** The last 12 weeks: submissions, and the time to first response against the promise. */
    weekly: () => weeklyPicture(client, now()),

    /** Every submission the filters select, newest first (the export). */
    all: (query: InboxQuery) => select({ ...query, after: undefined }),

    /** Changes the status and/or the note, recording who did it and when. */
    async update(
      id: string,
      change: UpdateSubmissionBody,
      userEmail: string,
    ): Promise<SubmissionDetail | undefined> {
      await client.batch(updateStatements(id, change, { userEmail, at: now() }), 'write');
      return detail(id);
    },
  };
}

export type Inbox = ReturnType<typeof inbox>;
