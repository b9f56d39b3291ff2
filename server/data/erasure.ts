// Keeping people's data only as long as needed: the retention job, erasing one person, and the
// copy of one person's data (docs/retention.md).
import { randomUUID } from 'node:crypto';
import type {
  ErasureRecord,
  PersonSubmission,
  RetentionForm,
  RetentionHold,
  SubmissionStatus,
  SubmissionVisit,
} from '../../src/admin/contract.ts';
import type { Database } from '../db/database.ts';
import type { FormDefinition } from '../intake/forms.ts';
import { readAttachmentFiles } from '../store/attachments.ts';
import { startDailyPass } from '../store/daily-pass.ts';
import {
  addErased,
  ERASE_BATCH,
  eraseSubmissions,
  expiredCount,
  expiredIds,
  NOTHING_ERASED,
  retentionCutoff,
  submissionsOf,
  type Contact,
  type Erased,
  type ErasureEntry,
} from '../store/erase.ts';
import { readSubmissions, SUBMISSION_COLUMNS } from '../store/submission-row.ts';
import {
  databaseNow,
  judgePass,
  readGuard,
  recordHold,
  recordPass,
  confirmHold,
  type RetentionClock,
} from './retention-guard.ts';

export type { Contact, Erased } from '../store/erase.ts';
export { normaliseContactEmail, normalisePhone } from '../store/erase.ts';

/** Each form's retention in days; a form left out is kept until someone deletes it. */
export type RetentionDays = Partial<Record<RetentionForm, number>>;

/** Who erased: the signed-in owner, or a command or job (with no account). */
export interface ErasedBy {
  userId: number | null;
  label: string;
}

/** A new erasure's record: its token, and who and when (its counts come with its rows). */
function entry(reason: ErasureRecord['reason'], by: ErasedBy, at: number): ErasureEntry {
  return { token: randomUUID(), at, reason, userId: by.userId, label: by.label };
}

/** The latest erasures, newest first. */
export async function recentErasures(database: Database, limit = 20): Promise<ErasureRecord[]> {
  const rows = await database.db
    .selectFrom('erasures')
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    at: Number(row.at),
    reason: row.reason === 'retention' ? 'retention' : 'person',
    by: row.user_email,
    submissions: Number(row.submissions),
    files: Number(row.files),
    rows: Number(row.rows_erased),
  }));
}

const RETENTION_JOB: ErasedBy = { userId: null, label: 'retention job' };

/**
 * The retention job's erasing: for each form with a retention, erases the submissions received
 * more than its days before `now` that are Handled, or Spam received more than
 * max(days, SPAM_KEPT_DAYS) before (never New or In progress), a batch per transaction. Several
 * instances may run it at once: a batch another one erased first counts 0. Unguarded: the job
 * calls it through `retentionPass`.
 */
export async function eraseExpired(
  database: Database,
  days: RetentionDays,
  now: number,
  by: ErasedBy = RETENTION_JOB,
): Promise<Erased> {
  const { engine } = database;
  // One record for the pass, written by its first batch that erases something, added to by each.
  const pass = entry('retention', by, now);
  let total = NOTHING_ERASED;
  for (const [form, kept] of Object.entries(days)) {
    if (kept === undefined) continue;
    const cutoff = retentionCutoff(form, kept, now);
    for (;;) {
      const ids = await expiredIds(engine, cutoff, ERASE_BATCH);
      if (ids.length === 0) break;
      total = addErased(total, await eraseSubmissions(engine, ids, pass, cutoff));
      if (ids.length < ERASE_BATCH) break;
    }
  }
  return total;
}

/** How many submissions `eraseExpired` would erase at `now`. */
export async function countExpired(
  database: Database,
  days: RetentionDays,
  now: number,
): Promise<number> {
  let count = 0;
  for (const [form, kept] of Object.entries(days)) {
    if (kept === undefined) continue;
    count += await expiredCount(database.engine, retentionCutoff(form, kept, now));
  }
  return count;
}

/** What one pass erased, or the hold that stopped it before it erased anything. */
export interface RetentionPass extends Erased {
  held: RetentionHold | null;
}

export interface RetentionPassOptions {
  /** The clock the pass counts by: the database's (the tests give their own). */
  clock?: RetentionClock | undefined;
  /** Who let it go on after a hold (the erasure record says so); the job otherwise. */
  by?: ErasedBy | undefined;
}

/** How many times a pass is judged again when another write to the guard came first. */
const JUDGED_AT_MOST = 5;

/**
 * One pass of the retention job, guarded (retention-guard.ts): it reads the database's clock and
 * counts what it would erase; a pass whose clock jumped or whose count is far above the recent
 * ones is recorded as held and erases nothing. A hold is recorded only on the guard it was judged
 * on: when another write came first (the owner's confirmation, another instance's pass), the pass
 * is judged again on what is there now.
 */
export async function retentionPass(
  database: Database,
  days: RetentionDays,
  { clock = databaseNow, by }: RetentionPassOptions = {},
): Promise<RetentionPass> {
  for (let judged = 1; ; judged += 1) {
    // The state first: every pass that ended before it read the clock before this one does.
    const stored = await readGuard(database);
    const at = await clock(database.engine);
    const count = await countExpired(database, days, at);
    const held = judgePass(stored.state, at, count);
    if (!held) {
      const erased = await eraseExpired(database, days, at, by);
      await recordPass(database, stored, at, count);
      return { ...erased, held: null };
    }
    if (await recordHold(database, stored, held)) return { ...NOTHING_ERASED, held };
    if (judged >= JUDGED_AT_MOST) throw new Error('the retention guard kept changing');
  }
}

export interface RetentionJob {
  /** One pass now (the test hook); answers what it erased, or why it was held. */
  runNow(): Promise<RetentionPass>;
  /**
   * The owner's word on a held pass (its `at`, confirmHold): undefined when no such hold is
   * waiting; else the hold confirmed and the pass let go on, run as this job's next pass (after
   * the one running, if any; `stop` waits for it).
   */
  confirm(at: number, by: ErasedBy): Promise<RetentionConfirm | undefined>;
  /** No more passes; resolves once the one running (if any) has ended. */
  stop(): Promise<void>;
}

export interface RetentionConfirm {
  hold: RetentionHold;
  pass: Promise<RetentionPass>;
}

export interface RetentionJobOptions {
  database: Database;
  days: RetentionDays;
  /** Counts only, never data. */
  log: { info(fields: object, message: string): void; warn(fields: object, message: string): void };
  /** The first pass, this long after start (a minute by default); then one every day. */
  firstRunMs?: number;
  everyMs?: number;
  /** The clock the passes count by: the database's, never this instance's (the tests' hook). */
  clock?: RetentionClock;
  /** This instance's clock, only to time the passes. */
  now?: () => number;
}

/**
 * Runs `retentionPass` shortly after start, then daily. Its timers never keep the process alive,
 * and a pass that fails is logged (its error's code only) and tried again the next day; a held
 * pass is logged (counts and clock readings) and tried again the next day too.
 */
export function startRetentionJob(options: RetentionJobOptions): RetentionJob {
  const { database, days, log, clock, now = Date.now } = options;
  const passBy = async (by?: ErasedBy): Promise<RetentionPass> => {
    const started = now();
    const result = await retentionPass(database, days, { clock, by });
    const { held, ...erased } = result;
    if (held) {
      log.warn(
        { ...held, ms: now() - started },
        'retention: pass held, nothing erased; the owner can let it go on in the inbox',
      );
    } else {
      log.info({ ...erased, ms: now() - started }, 'retention: old submissions erased');
    }
    return result;
  };
  // No period set: nothing is ever erased by age, and no pass is scheduled.
  const scheduled = Object.values(days).some((kept) => kept !== undefined);
  const daily = startDailyPass(() => passBy(), {
    firstRunMs: scheduled ? (options.firstRunMs ?? 60_000) : null,
    everyMs: options.everyMs,
    log,
    failed: 'retention pass failed',
  });
  return {
    runNow: daily.runNow,
    stop: daily.stop,
    async confirm(at, by) {
      const hold = await confirmHold(database, at, clock);
      return hold && { hold, pass: daily.runAfter(() => passBy(by)) };
    },
  };
}

/** The e-mail and phone a submission was sent with: the person it names. */
export async function contactOf(database: Database, id: string): Promise<Contact | undefined> {
  const row = await database.db
    .selectFrom('submissions')
    .select('fields')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const fields = JSON.parse(row.fields) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return { email: text(fields.email), phone: text(fields.phone) };
}

/** Every submission of the person, oldest first, as the confirmation lists them. */
export async function personSubmissions(
  database: Database,
  forms: readonly FormDefinition[],
  contact: Contact,
): Promise<PersonSubmission[]> {
  const submissions = await readPerson(database, contact);
  return submissions.map((submission) => ({
    id: submission.id,
    form: submission.form,
    receivedAt: submission.receivedAt,
    status: submission.status,
    name:
      forms.find((form) => form.name === submission.form)?.contact(submission.fields).name ?? '',
    files: submission.attachments.length,
  }));
}

async function readPerson(database: Database, contact: Contact) {
  const ids = await submissionsOf(database.engine, contact);
  if (ids.length === 0) return [];
  const rows = await database.db
    .selectFrom('submissions')
    .select(SUBMISSION_COLUMNS)
    .where('id', 'in', ids)
    .orderBy('received_at')
    .orderBy('seq')
    .execute();
  return readSubmissions(database.db, rows);
}

/** What erasing a person did: what went, and how many of theirs were left (see erasePerson). */
export interface PersonErasure extends Erased {
  /** Submissions of the person that were not in the confirmed list: they arrived after it. */
  left: number;
}

/**
 * Erases the person's submissions (any status) with their files, notes, history, e-mails, replies
 * and answers, and
 * records that it happened, all in one transaction: when, by whom, how many, which ids; never
 * whose. With `confirmed` (the ids the owner saw listed), only those of them that still name the
 * person go; any other of theirs (one that arrived meanwhile) is left and counted.
 */
export async function erasePerson(
  database: Database,
  contact: Contact,
  by: ErasedBy,
  now: number = Date.now(),
  confirmed?: readonly string[],
): Promise<PersonErasure> {
  const current = await submissionsOf(database.engine, contact);
  const seen = confirmed ? new Set(confirmed) : undefined;
  const ids = seen ? current.filter((id) => seen.has(id)) : current;
  // One transaction for all of them, however many: a failure erases none (the dialog says so).
  const erased = await eraseSubmissions(database.engine, ids, entry('person', by, now), undefined, {
    oneTransaction: true,
  });
  return { ...erased, left: current.length - ids.length };
}

/** One submission in a person's copy of their data. */
export interface PersonDataSubmission {
  id: string;
  form: string;
  receivedAt: string;
  status: SubmissionStatus;
  language: string | null;
  siteLanguage: string | null;
  /** How the visit that sent it began and its first page (server/visits/); null when not known. */
  visit: SubmissionVisit | null;
  fields: Record<string, unknown>;
  /** The browser's own description of itself, as it sent it (at most 512 characters). */
  userAgent: string | null;
  /** The receiver's spam score and its reasons' codes (server/guard/spam-score.ts). */
  spam: { score: number; reasons: string[] } | null;
  note: string;
  history: { at: string; by: string; kind: string; status: string | null }[];
  files: { name: string; type: string; size: number; sha256: string; contentBase64: string }[];
  /**
   * The e-mails about it: the acknowledgement sent to them, the company's notice, each reply sent
   * to them and the company's notice of each answer of theirs.
   */
  emails: PersonDataEmail[];
  /** The conversation, oldest first: the replies sent to them and their answers, word for word. */
  replies: PersonDataReply[];
}

/**
 * One e-mail of the outbox. An acknowledgement's and a notice's words are not kept: they are made
 * from the site's content (and, for the company's notice, the fields above) when it is sent; a
 * reply's words are its reply's (`replies`).
 */
export interface PersonDataEmail {
  kind: string;
  /**
   * The address it goes to: theirs (the acknowledgement; a reply, as it was sent), or 'the
   * company' (a notice).
   */
  to: string;
  queuedAt: string;
  status: 'sent' | 'waiting' | 'gave up';
  sentAt: string | null;
}

export interface PersonData {
  exportedAt: string;
  submissions: PersonDataSubmission[];
}

/**
 * One e-mail of a submission's conversation: a reply sent to them ('out', by the account named), or
 * their answer ('in'), with the text it quoted.
 */
export interface PersonDataReply {
  direction: 'out' | 'in';
  at: string;
  /** The account that sent a reply; null for their answer. */
  by: string | null;
  from: string;
  to: string;
  subject: string;
  body: string;
  /** The text an answer quoted (folded away in the inbox); null when none. */
  quoted: string | null;
}

const isoOrNull = (at: number | null) => (at === null ? null : new Date(Number(at)).toISOString());

/** The address an outbox row goes to, as the person's copy shows it. */
function addressOf(kind: string, replyTo: string | null, fields: Record<string, unknown>): string {
  if (kind === 'reply' && replyTo !== null) return replyTo;
  if (kind === 'acknowledge' && typeof fields.email === 'string') return fields.email;
  return 'the company';
}

/** The outbox's rows of a submission, oldest first, as the person's copy shows them. */
async function emailsOf(
  database: Database,
  id: string,
  fields: Record<string, unknown>,
): Promise<PersonDataEmail[]> {
  const rows = await database.db
    .selectFrom('outbox')
    .leftJoin('replies', 'replies.id', 'outbox.reply_id')
    .select([
      'outbox.kind',
      'outbox.created_at',
      'outbox.sent_at',
      'outbox.gave_up_at',
      'replies.to_address',
    ])
    .where('outbox.submission_id', '=', id)
    .orderBy('outbox.id')
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    to: addressOf(row.kind, row.to_address, fields),
    queuedAt: new Date(Number(row.created_at)).toISOString(),
    status: row.sent_at !== null ? 'sent' : row.gave_up_at !== null ? 'gave up' : 'waiting',
    sentAt: isoOrNull(row.sent_at),
  }));
}

/** The replies and answers of a submission, oldest first, as the person's copy shows them. */
async function repliesOf(database: Database, id: string): Promise<PersonDataReply[]> {
  const rows = await database.db
    .selectFrom('replies')
    .select([
      'direction',
      'at',
      'user_email',
      'from_address',
      'to_address',
      'subject',
      'body',
      'quoted',
    ])
    .where('submission_id', '=', id)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    direction: row.direction === 'in' ? 'in' : 'out',
    at: new Date(Number(row.at)).toISOString(),
    by: row.user_email,
    from: row.from_address,
    to: row.to_address,
    subject: row.subject,
    body: row.body,
    quoted: row.quoted,
  }));
}

/**
 * Everything kept about the person, files included (base64), for a request to see it: each
 * submission's fields, browser, spam score, note, history, files, e-mails, and the replies sent to
 * them and their answers, word for word. Not in it: the keyed
 * hash of the network address it came from (no address: without the server's key it names nobody)
 * and of their e-mail address (a day's claim on one acknowledgement); both are erased with it.
 */
export async function personData(
  database: Database,
  contact: Contact,
  now: number = Date.now(),
): Promise<PersonData> {
  const { db } = database;
  const submissions: PersonDataSubmission[] = [];
  for (const submission of await readPerson(database, contact)) {
    const events = await db
      .selectFrom('submission_events')
      .select(['at', 'user_email', 'kind', 'status'])
      .where('submission_id', '=', submission.id)
      .orderBy('at')
      .orderBy('id')
      .execute();
    const files = await readAttachmentFiles(db, submission.id);
    const spam = await db
      .selectFrom('submissions')
      .select(['spam_score', 'spam_reasons'])
      .where('id', '=', submission.id)
      .executeTakeFirst();
    submissions.push({
      id: submission.id,
      form: submission.form,
      receivedAt: new Date(submission.receivedAt).toISOString(),
      status: submission.status,
      language: submission.language,
      siteLanguage: submission.siteLanguage,
      visit: submission.visit,
      fields: submission.fields,
      userAgent: submission.userAgent,
      spam:
        spam?.spam_score === null || spam?.spam_score === undefined
          ? null
          : {
              score: Number(spam.spam_score),
              reasons: JSON.parse(spam.spam_reasons ?? '[]') as string[],
            },
      note: submission.note,
      history: events.map((event) => ({
        at: new Date(Number(event.at)).toISOString(),
        by: event.user_email,
        kind: event.kind,
        status: event.status,
      })),
      files: files.map((file) => ({
        name: file.name,
        type: file.type,
        size: file.size,
        sha256: file.sha256,
        contentBase64: Buffer.from(file.content).toString('base64'),
      })),
      emails: await emailsOf(database, submission.id, submission.fields),
      replies: await repliesOf(database, submission.id),
    });
  }
  return { exportedAt: new Date(now).toISOString(), submissions };
}
