import {
  expressionBuilder,
  sql,
  type Expression,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import {
  NEEDS_REPLY,
  PAGE_SIZE,
  rosterFilterNames,
  submissionStatuses,
  type InboxItem,
  type InboxPage,
  type InboxQuery,
  type MailKind,
  type StatusCounts,
  type SubmissionDetail,
  type SubmissionEvent,
  type SubmissionStatus,
  type UpdateSubmissionBody,
} from '../../src/admin/contract.ts';
import { businessMsBetween } from '../../src/business-time/business-hours.ts';
import { scheduleOf } from '../../src/business-time/schedule.ts';
import { quoteBy, respondBy } from '../../src/business-time/promises.ts';
import type { Database } from '../db/database.ts';
import type { Engine, Query, SearchOrder } from '../db/engine.ts';
import type { Tables } from '../db/tables.ts';
import type { FormDefinition } from '../intake/forms.ts';
import { requeueNotification, requeueReply } from '../store/outbox-queue.ts';
import { relayPauseStore } from '../store/relay-pause.ts';
import {
  readSubmissions,
  SUBMISSION_COLUMNS,
  type StoredSubmission,
} from '../store/submission-row.ts';
import { planMissedAcknowledgement, queued } from './missed-acknowledgement.ts';
import { notificationState, OUTBOX_STATE_COLUMNS } from './notification-state.ts';
import { conversationInfo } from './send-reply.ts';
import { needsReply, weeklyPicture } from './staffing-desk.ts';
import { businessContent, type Business } from '../../src/content/business.ts';
import type { PublishedVersion } from '../../src/content/published.ts';

/** The owner's inbox: both forms in one list, filtered, searched and paged newest first. */

/** A page's cursor: the `seq` (order of arrival) of the last submission it showed. */
const CURSOR = /^\d{1,15}$/;
/** At most this many words of a search count. */
const MAX_TERMS = 8;

/**
 * The search box's text as the words of a search (each a prefix that must occur). Only letters and
 * digits are kept, so that nothing typed can be read as the engine's query syntax.
 */
export function searchQuery(text: string | undefined): string[] | undefined {
  const words = text?.normalize('NFKC').match(/[\p{L}\p{N}]+/gu);
  return words ? words.slice(0, MAX_TERMS) : undefined;
}

/** Whether the roster's text holds `tag`, exactly: no LIKE, whose `%` and `_` are wildcards. */
function rosterHolds({ contains }: Engine, tag: string): Expression<SqlBool> {
  return contains(sql.ref<string | null>('submissions.roster'), tag);
}

/**
 * The roster's conditions: for each filter given, any of its values (OR); all filters (AND). Only
 * applications have a roster.
 */
function rosterConditions(engine: Engine, query: InboxQuery): Expression<SqlBool>[] {
  const eb = expressionBuilder<Tables, 'submissions'>();
  const conditions: Expression<SqlBool>[] = [];
  for (const name of rosterFilterNames) {
    const values = query[name];
    if (!values?.length) continue;
    conditions.push(eb.or(values.map((value) => rosterHolds(engine, `|${name}:${value}|`))));
  }
  if (conditions.length > 0) conditions.unshift(eb('submissions.form', '=', 'application'));
  return conditions;
}

/** The conditions of the filters (search aside: it drives the query, see `selectSubmissions`). */
function filter(engine: Engine, query: InboxQuery, withStatus: boolean): Expression<SqlBool> {
  const eb = expressionBuilder<Tables, 'submissions'>();
  const conditions: Expression<SqlBool>[] = [];
  if (query.view === NEEDS_REPLY) {
    // Open quotes, and any submission whose visitor's answer waits (Spam aside).
    const answerWaiting = eb('submissions.answer_waiting_since', 'is not', null);
    conditions.push(
      withStatus
        ? eb.or([
            eb.and([eb('submissions.form', '=', 'quote'), eb('submissions.status', '=', 'new')]),
            eb.and([answerWaiting, eb('submissions.status', '<>', 'spam')]),
          ])
        : eb.or([eb('submissions.form', '=', 'quote'), answerWaiting]),
    );
  } else {
    if (query.form) conditions.push(eb('submissions.form', '=', query.form));
    if (withStatus && query.status) conditions.push(eb('submissions.status', '=', query.status));
    // Spam is kept aside: only its own tab shows it.
    if (withStatus && !query.status) conditions.push(eb('submissions.status', '<>', 'spam'));
  }
  conditions.push(...rosterConditions(engine, query));
  if (query.from !== undefined) conditions.push(eb('submissions.received_at', '>=', query.from));
  if (query.to !== undefined) conditions.push(eb('submissions.received_at', '<', query.to));
  return eb.and(conditions);
}

export interface InboxOptions {
  forms: readonly FormDefinition[];
  now?: () => number;
  /** The live version of the site: its business facts (hours, promises) set the deadlines. */
  published: () => PublishedVersion;
  /** Acknowledgements are sent: 'Not spam' sends the one a sender missed. */
  acknowledge?: boolean | undefined;
}

/** A list row: the form's summary fields only. */
function toItem(
  summaryFields: readonly string[],
  submission: StoredSubmission & { answerWaitingSince: number | null },
  business: Business,
): InboxItem {
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
    ...deadlines(submission, business),
  };
}

/**
 * A quote's deadlines: its first answer (in business hours) and its quote. A visitor's answer
 * waiting (any form) is to be answered in the same business hours from when it came.
 */
function deadlines(
  submission: { form: string; receivedAt: number; answerWaitingSince: number | null },
  business: Business,
) {
  const { form, receivedAt, answerWaitingSince } = submission;
  const quote = form === 'quote';
  const from = answerWaitingSince ?? (quote ? receivedAt : null);
  return {
    respondBy: from === null ? null : respondBy(from, business),
    quoteBy: quote ? quoteBy(receivedAt, business) : null,
  };
}

/** A row's `answer_waiting_since` as a number, or null. */
function since(value: number | string | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value);
}

async function countByStatus(engine: Engine, query: InboxQuery): Promise<StatusCounts> {
  const { db, submissionsThrough } = engine;
  // The roster's index holds the status and the roster's text: the count reads nothing else.
  const roster = rosterFilterNames.some((name) => query[name]?.length);
  const rows = await (
    roster ? db.selectFrom(submissionsThrough('submissions_roster')) : db.selectFrom('submissions')
  )
    .select((eb) => ['status', eb.fn.countAll().as('n')])
    .where(filter(engine, query, false))
    .groupBy('status')
    .execute();
  const counted = Object.fromEntries(submissionStatuses.map((status) => [status, 0]));
  for (const row of rows) counted[row.status] = Number(row.n);
  return counted as StatusCounts;
}

/**
 * A search's page read from the cursor on through one range of `seq` (see `SearchIndex.window`),
 * then, when that did not fill it, through all the rest.
 */
async function readByWindows<Row>(
  db: Engine['db'],
  select: SelectQueryBuilder<Tables, 'submissions', Row>,
  page: { limit: number; oldestFirst: boolean; window: number; query: InboxQuery },
): Promise<Row[]> {
  const bounds = await db
    .selectFrom('submissions')
    .select((eb) => [eb.fn.min('seq').as('first'), eb.fn.max('seq').as('last')])
    .executeTakeFirst();
  const first = Number(bounds?.first ?? 0);
  const last = Number(bounds?.last ?? 0);
  const after = page.query.after && CURSOR.test(page.query.after) ? Number(page.query.after) : null;
  const rows: Row[] = [];
  let width = page.window;
  // The range [from, to], walked down (newest first) or up (oldest first).
  let edge = page.oldestFirst
    ? Math.max(first, (after ?? first - 1) + 1)
    : Math.min(last, (after ?? last + 1) - 1);
  while (rows.length < page.limit && edge >= first && edge <= last) {
    const [from, to] = page.oldestFirst ? [edge, edge + width - 1] : [edge - width + 1, edge];
    rows.push(
      ...(await select
        .where('submissions.seq', '>=', from)
        .where('submissions.seq', '<=', to)
        .limit(page.limit - rows.length)
        .execute()),
    );
    edge = page.oldestFirst ? to + 1 : from - 1;
    // Not filled by the newest: a rare word, whose few matches the rest holds in one query.
    width = last - first + 1;
  }
  return rows;
}

/**
 * Newest first. A search walks the index's matches from the newest down (on SQLite FTS5 keeps them
 * in rowid = seq order) and stops at the page's end, so a common word costs no more than a rare one.
 */
async function selectSubmissions(
  engine: Engine,
  query: InboxQuery,
  limit?: number,
): Promise<(StoredSubmission & { seq: number; answerWaitingSince: number | null })[]> {
  const { db, search } = engine;
  // 'Needs a reply': the oldest first, so that the most overdue leads.
  const oldestFirst = query.view === NEEDS_REPLY;
  let select = db
    .selectFrom('submissions')
    .select([...SUBMISSION_COLUMNS, 'submissions.seq', 'submissions.answer_waiting_since'])
    .where(filter(engine, query, true));
  if (query.after && CURSOR.test(query.after)) {
    select = select.where('submissions.seq', oldestFirst ? '>' : '<', Number(query.after));
  }
  let orderBy: SearchOrder = 'submissions.seq';
  const words = searchQuery(query.q);
  if (words) {
    await search.catchUp();
    ({ query: select, orderBy } = search.match(select, words));
  }
  select = select.orderBy(sql.ref(orderBy), oldestFirst ? 'asc' : 'desc');
  const rows =
    words && limit !== undefined && search.window
      ? await readByWindows(db, select, { limit, oldestFirst, window: search.window, query })
      : await (limit === undefined ? select : select.limit(limit)).execute();
  const submissions = await readSubmissions(db, rows);
  return submissions.map((submission, index) => ({
    ...submission,
    seq: Number(rows[index]?.seq),
    answerWaitingSince: since(rows[index]?.answer_waiting_since),
  }));
}

type EventRow = Pick<
  Selectable<Tables['submission_events']>,
  'at' | 'user_email' | 'kind' | 'status'
>;

function toEvent(event: EventRow): SubmissionEvent {
  return {
    at: Number(event.at),
    user: event.user_email,
    kind:
      event.kind === 'note' || event.kind === 'reply' || event.kind === 'answer'
        ? event.kind
        : 'status',
    status: event.status === null ? null : (event.status as SubmissionStatus),
  };
}

/** The latest outbox row of one kind of e-mail about a submission. */
function latestOutbox({ db }: Engine, id: string, kind: 'notify' | 'acknowledge') {
  return db
    .selectFrom('outbox')
    .select(OUTBOX_STATE_COLUMNS)
    .where('submission_id', '=', id)
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** One submission with its history and the state of its e-mail notification. */
async function readDetail(
  engine: Engine,
  id: string,
  business: Business,
): Promise<SubmissionDetail | undefined> {
  const { db } = engine;
  const [found, events, outbox, acknowledged, pause, replies] = await Promise.all([
    db
      .selectFrom('submissions')
      .select([
        ...SUBMISSION_COLUMNS,
        'submissions.first_response_at',
        'submissions.spam_score',
        'submissions.spam_reasons',
        'submissions.answer_waiting_since',
      ])
      .where('submissions.id', '=', id)
      .executeTakeFirst(),
    db
      .selectFrom('submission_events')
      .select(['at', 'user_email', 'kind', 'status'])
      .where('submission_id', '=', id)
      .orderBy('at')
      .orderBy('id')
      .execute(),
    latestOutbox(engine, id, 'notify'),
    latestOutbox(engine, id, 'acknowledge'),
    relayPauseStore(engine).relayPause(),
    conversationInfo(engine, id),
  ]);
  if (!found) return undefined;
  const [submission] = await readSubmissions(db, [found]);
  if (!submission) return undefined;
  const answerWaitingSince = since(found.answer_waiting_since);
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
    events: events.map(toEvent),
    notification: notificationState(outbox),
    acknowledgement: notificationState(acknowledged),
    mailPaused: pause ? { since: pause.since, code: pause.code } : null,
    ...deadlines({ ...submission, answerWaitingSince }, business),
    ...firstResponse(submission.receivedAt, found.first_response_at, business),
    spam: spamOf(found),
    replies,
    answerWaitingSince,
    visit: submission.visit,
    businessName: business.name,
  };
}

/** When a submission was first answered, and after how much of the business's own time. */
function firstResponse(receivedAt: number, at: number | string | null, business: Business) {
  if (at === null) return { firstResponseAt: null, firstResponseBusinessMs: null };
  const firstResponseAt = Number(at);
  return {
    firstResponseAt,
    firstResponseBusinessMs: businessMsBetween(receivedAt, firstResponseAt, scheduleOf(business)),
  };
}

/** The row's spam score and reasons (a JSON list of codes), when it was scored. */
function spamOf(row: { spam_score: number | null; spam_reasons: string | null }) {
  if (row.spam_score === null) return null;
  let reasons: unknown;
  try {
    reasons = JSON.parse(row.spam_reasons ?? '[]');
  } catch {
    reasons = [];
  }
  return {
    score: Number(row.spam_score),
    reasons: Array.isArray(reasons) ? reasons.filter((code) => typeof code === 'string') : [],
  };
}

/**
 * Leaving New for these (not for Spam) is the first response, and ends a visitor's answer's wait
 * (an answer given by phone, marked by hand: docs/replies.md, "The promise").
 */
const WORK_STATUSES: readonly string[] = ['in_progress', 'handled'];

interface Change {
  id: string;
  by: { userEmail: string; at: number };
}

/**
 * The event of a change (SQL), recorded only when `changed` holds for the row: it runs before the
 * change itself, while the row still holds the old value. On Postgres its check locks the row, so
 * that of two identical changes at once only the first is recorded (the second waits, then sees
 * the new value); SQLite writes one transaction at a time.
 */
function logIfChanged(
  { db, locking, typed }: Engine,
  { id, by }: Change,
  event: { kind: 'status' | 'note'; status: string | null; changed: Expression<SqlBool> },
) {
  const found = locking(
    db
      .selectFrom('submissions')
      .select(sql.lit(1).as('found'))
      .where('id', '=', id)
      .where(event.changed),
  );
  return db
    .insertInto('submission_events')
    .columns(['submission_id', 'at', 'user_email', 'kind', 'status'])
    .expression(
      db
        .selectNoFrom([
          typed(id, 'text').as('submission_id'),
          typed(by.at, 'integer').as('at'),
          typed(by.userEmail, 'text').as('user_email'),
          typed(event.kind, 'text').as('kind'),
          typed(event.status, 'text').as('status'),
        ])
        .where((eb) => eb.exists(found)),
    );
}

/**
 * The queries that change the status and/or the note, each recorded only when it changes;
 * `beforeStatus` (the missed acknowledgement's) runs after the event's check and before the change.
 */
function updateQueries(
  engine: Engine,
  change: Change,
  body: UpdateSubmissionBody,
  beforeStatus: readonly Query[] = [],
): Query[] {
  const { db } = engine;
  const { id, by } = change;
  const eb = expressionBuilder<Tables, 'submissions'>();
  const queries: Query[] = [];
  const { status, note } = body;
  if (status !== undefined) {
    queries.push(
      logIfChanged(engine, change, { kind: 'status', status, changed: eb('status', '<>', status) }),
      ...beforeStatus,
      db
        .updateTable('submissions')
        .set({
          status,
          ...(WORK_STATUSES.includes(status)
            ? {
                first_response_at: eb.fn.coalesce('first_response_at', eb.val(by.at)),
                answer_waiting_since: null,
              }
            : {}),
        })
        .where('id', '=', id)
        .where('status', '<>', status),
    );
  }
  if (note !== undefined) {
    queries.push(
      logIfChanged(engine, change, { kind: 'note', status: null, changed: eb('note', '<>', note) }),
      db.updateTable('submissions').set({ note }).where('id', '=', id).where('note', '<>', note),
    );
  }
  return queries;
}

/** The answer to 'Send again': whether it was queued anew, and the submission's detail after. */
async function sendAgainAnswer(
  requeue: Promise<boolean>,
  detail: () => Promise<SubmissionDetail | undefined>,
): Promise<{ requeued: boolean; detail: SubmissionDetail } | undefined> {
  const requeued = await requeue;
  const found = await detail();
  return found && { requeued, detail: found };
}

export function inbox(
  database: Database,
  { forms, now = Date.now, published, acknowledge = false }: InboxOptions,
) {
  const { engine } = database;
  const summaryFields = new Map(forms.map((form) => [form.name, form.summaryFields]));
  const select = (query: InboxQuery, limit?: number) => selectSubmissions(engine, query, limit);
  /** The facts of the version live at this moment. */
  const facts = () => businessContent(published()).business;
  const detail = (id: string) => readDetail(engine, id, facts());
  return {
    detail,

    /** One page of the list, newest first, and the counts by status under the same filters. */
    async page(query: InboxQuery): Promise<InboxPage> {
      // At once: on Postgres each takes a connection of the pool (SQLite runs them in turn).
      const business = facts();
      const [rows, counted, waiting] = await Promise.all([
        select(query, PAGE_SIZE + 1),
        countByStatus(engine, query),
        needsReply(engine, now(), business),
      ]);
      const shown = rows.slice(0, PAGE_SIZE);
      const last = shown.at(-1);
      return {
        items: shown.map((row) => toItem(summaryFields.get(row.form) ?? [], row, business)),
        next: rows.length > PAGE_SIZE && last ? String(last.seq) : null,
        counts: counted,
        needsReply: waiting,
      };
    },

    /** The last 12 weeks: submissions, and the time to first response against the promise. */
    weekly: () => weeklyPicture(engine, now(), facts()),

    /** Every submission the filters select, newest first (the export). */
    all: (query: InboxQuery) => select({ ...query, after: undefined }),

    /**
     * 'Send again': the submission's given-up e-mail of `kind` queued anew. Undefined when there
     * is no such submission; `requeued` false when that e-mail was not given up.
     */
    sendAgain: (id: string, kind: MailKind) =>
      sendAgainAnswer(requeueNotification(engine, id, kind), () => detail(id)),

    /** 'Send again' of a given-up reply: as `sendAgain`, for the reply `replyId` of submission `id`. */
    sendReplyAgain: (id: string, replyId: number) =>
      sendAgainAnswer(requeueReply(engine, id, replyId), () => detail(id)),

    /**
     * Changes the status and/or the note, recording who did it and when. Taken out of Spam, the
     * submission's missed acknowledgement is queued (missed-acknowledgement.ts) and the answer
     * says what became of it.
     */
    async update(
      id: string,
      change: UpdateSubmissionBody,
      userEmail: string,
    ): Promise<SubmissionDetail | undefined> {
      const at = now();
      const plan = await planMissedAcknowledgement(
        engine,
        { id, status: change.status, at },
        { acknowledge, forms, addressHash: database.clientHash },
      );
      const before = plan?.query && plan.claim ? [plan.query, plan.claim] : [];
      const queries = updateQueries(engine, { id, by: { userEmail, at } }, change, before);
      const results = await engine.batch(queries);
      const found = await detail(id);
      if (!found || !plan) return found;
      const rows = plan.query ? results[queries.indexOf(plan.query)] : undefined;
      return { ...found, missedAcknowledgement: queued(plan, rows) };
    },
  };
}

export type Inbox = ReturnType<typeof inbox>;
