/**
 * What the owner's inbox and the receiver say to each other (`/admin/api/`), validated with the same
 * schemas on both sides. No React here: the server imports it.
 */
import type { GaveUpState, MailDnsState } from './mail-check/contract';
import * as z from 'zod/mini';
import {
  NEEDS_REPLY,
  NOTE_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  SEARCH_MAX_LENGTH,
  rosterFilters,
  submissionStatuses,
  type RetentionForm,
  type SubmissionStatus,
} from './contract-values.ts';

// The plain values (no zod): the inbox's first script imports them alone (docs/inbox.md).
export * from './contract-values.ts';

export const signInSchema = z.strictObject({
  email: z.string().check(z.trim(), z.minLength(1), z.maxLength(254)),
  password: z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX_LENGTH)),
  /** Two-step sign-in: the authenticator app's code, or a recovery code. */
  code: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
});
export type SignInBody = z.infer<typeof signInSchema>;

/**
 * The one-time setup code (server/admin/setup-code.ts): 12 symbols of Crockford's base32 (digits and
 * capitals without I, L, O and U, none mistaken for another) in groups of four: 7KQ4-M2XD-9HRT.
 */

/**
 * `POST /admin/api/setup`: the first account, made with the setup code the server printed. The
 * e-mail and password follow add-user's rules (server/admin/users.ts); the answer is the new
 * session (`SessionInfo`, its cookie set as by a sign-in).
 */
export const setupSchema = z.strictObject({
  code: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  email: z.string().check(z.trim(), z.minLength(1), z.maxLength(254)),
  password: z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX_LENGTH)),
});
export type SetupBody = z.infer<typeof setupSchema>;

export const updateSubmissionSchema = z
  .strictObject({
    status: z.optional(z.enum(submissionStatuses)),
    note: z.optional(z.string().check(z.maxLength(NOTE_MAX_LENGTH))),
  })
  .check(
    z.refine((body) => body.status !== undefined || body.note !== undefined, 'Nothing to change'),
  );
export type UpdateSubmissionBody = z.infer<typeof updateSubmissionSchema>;

const timestamp = z.pipe(
  z.string().check(z.regex(/^\d{1,15}$/)),
  z.transform((value) => Number(value)),
);

/** A query parameter given once (`a`) or repeated (`a&a`), each value one of `values`. */
function valueList<V extends string>(values: readonly [V, ...V[]]) {
  return z.optional(
    z.pipe(
      z.union([z.string(), z.array(z.string()).check(z.maxLength(values.length))]),
      z.pipe(
        z.transform((value: string | string[]) => (Array.isArray(value) ? value : [value])),
        z.array(z.enum(values)),
      ),
    ),
  );
}

/** The inbox's filters, as query parameters of the list and the export. */
export const inboxQuerySchema = z.object({
  view: z.optional(z.literal(NEEDS_REPLY)),
  position: valueList(rosterFilters.position.values),
  language: valueList(rosterFilters.language.values),
  day: valueList(rosterFilters.day.values),
  shift: valueList(rosterFilters.shift.values),
  experience: valueList(rosterFilters.experience.values),
  form: z.optional(z.enum(['quote', 'application'])),
  status: z.optional(z.enum(submissionStatuses)),
  /** Received at or after (ms since the epoch). */
  from: z.optional(timestamp),
  /** Received before (ms since the epoch). */
  to: z.optional(timestamp),
  q: z.optional(z.string().check(z.maxLength(SEARCH_MAX_LENGTH))),
  /** The `next` cursor of the page before. */
  after: z.optional(z.string().check(z.maxLength(100))),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

export type StatusCounts = Record<SubmissionStatus, number>;

export interface InboxItem {
  id: string;
  form: string;
  receivedAt: number;
  status: SubmissionStatus;
  /** The fields a row shows: name, e-mail, phone and the form's key facts. */
  fields: Record<string, unknown>;
  /** How many files came with it (a résumé). */
  attachments: number;
  /** A quote's deadlines (ms since the epoch): its first answer, its quote. Null otherwise. */
  respondBy: number | null;
  quoteBy: number | null;
}

/** A file sent with a submission; its content is downloaded apart. */
export interface AttachmentInfo {
  id: number;
  name: string;
  /** Its type as read from its content ('application/pdf'…). */
  type: string;
  /** Bytes. */
  size: number;
}

export interface InboxPage {
  items: InboxItem[];
  /** Pass as `after` for the next page; null on the last one. */
  next: string | null;
  counts: StatusCounts;
  /** Quotes still New (the 'Needs a reply' view), and those past their respond-by time. */
  needsReply: { open: number; overdue: number };
}

/** One week of the weekly picture. */
export interface WeekFigures {
  /** Monday 00:00 in the business's time zone (ms since the epoch). */
  start: number;
  quotes: number;
  applications: number;
  /** Quotes of the week that have had a first response. */
  responded: number;
  /** Their median time to first response, in business hours (ms); null when none. */
  medianResponseMs: number | null;
  /** Of those responded to, how many within the promise (business hours). */
  withinPromise: number;
}

/**
 * How a visit began (server/visits/sources.ts): a search engine, a social site, WhatsApp, an
 * e-mail (webmail), another site (by its name), a campaign tag (`utm_source` or `?ref=`), or none
 * of those ('direct': typed, a bookmark, an app that sends no referrer).
 */
export const SOURCE_KINDS = [
  'search',
  'social',
  'whatsapp',
  'email',
  'site',
  'campaign',
  'direct',
] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export interface VisitSource {
  kind: SourceKind;
  /** The search engine's, site's or tag's name ('google', 'facebook', 'flyer'); '' for direct. */
  name: string;
  /** `utm_campaign` when given; '' otherwise. */
  campaign: string;
}

/** A submission's visit: how it began and its first page (a route path: '/', '/team'). */
export interface SubmissionVisit extends VisitSource {
  firstPage: string;
}

/** The pages the visits count: the site's routes by their key, and the privacy note. */
export type VisitPage = 'home' | 'team' | 'contact' | 'quote' | 'application' | 'privacy';

/**
 * A funnel row's source: a counted visit's kind, or 'unknown' for the leads whose visit was not
 * counted (Global Privacy Control, visits not counted then: `VISITS=off`, before they were). Those
 * are no step of any counted visit: they have leads and no visitors.
 */
export type FunnelKind = SourceKind | 'unknown';

/** A funnel row's source: as `VisitSource`, or 'unknown' (name and campaign '') for no known visit. */
export interface FunnelSource extends Omit<VisitSource, 'kind'> {
  kind: FunnelKind;
}

/**
 * One week's way to a lead for one language and source (the weekly picture's rows; the page sums
 * them for 'all'): visitors (one per browser and day), those who saw a form page, started a form
 * (first input, with script), sent one (submissions, spam aside), and whose submission was
 * replied to (first response, from the inbox or marked by hand). An 'unknown' row has only sent
 * and replied (its visitors were not counted).
 */
export interface FunnelRow extends FunnelSource {
  /** Index into `WeeklyPicture.weeks`. */
  week: number;
  language: 'en' | 'es';
  visitors: number;
  sawForm: number;
  started: number;
  sent: number;
  replied: number;
}

/** Page views of one week, page and language. */
export interface PageViews {
  week: number;
  page: VisitPage;
  language: 'en' | 'es';
  views: number;
}

/** The last 12 weeks, oldest first, and the promise they are measured against. */
export interface WeeklyPicture {
  weeks: WeekFigures[];
  /** The promised first response, in business hours (ms). */
  promiseMs: number;
  /** The way to a lead, by week, language and source; submissions of no known visit as 'unknown'. */
  funnel: FunnelRow[];
  pages: PageViews[];
}

/** The signed-in account's weekly e-mail: on or off, and its language. */
export interface WeeklyEmailSetting {
  on: boolean;
  language: 'en' | 'es';
}

/** The body of `PUT /api/weekly-email`: the whole setting. */
export const weeklyEmailSettingSchema = z.strictObject({
  on: z.boolean(),
  language: z.enum(['en', 'es']),
});

/**
 * One line of a submission's history: a status or note changed by hand, a reply sent from the
 * inbox ('reply': `user` sent it; the first one met the promise), or the visitor's answer read from
 * the reply mailbox ('answer': `user` is empty; the submission Needs a reply again).
 */
export interface SubmissionEvent {
  at: number;
  user: string;
  kind: 'status' | 'note' | 'reply' | 'answer';
  status: SubmissionStatus | null;
}

/**
 * An e-mail about a submission: not set up, waiting (or being sent), sent, failed and to be tried
 * again, or given up. `error` is the last failure's code only ('ETIMEDOUT', 'EENVELOPE 550'):
 * never the relay's text, which may quote an address.
 */
export type NotificationState =
  | { state: 'off' }
  | { state: 'pending' }
  | { state: 'sent'; at: number }
  | { state: 'retrying'; attempts: number; nextAttemptAt: number; error: string | null }
  | { state: 'failed'; attempts: number; at: number; error: string | null };

/** Which e-mail about a submission: the owner's notification, or the sender's acknowledgement. */
export const mailKinds = ['notify', 'acknowledge'] as const;
export type MailKind = (typeof mailKinds)[number];

/**
 * `POST /admin/api/submissions/:id/send-again`: a given-up e-mail queued to be sent anew (its
 * tries counted from zero). Answers the submission's detail.
 */
export const sendAgainSchema = z.strictObject({ kind: z.enum(mailKinds) });
export type SendAgainBody = z.infer<typeof sendAgainSchema>;

/** The languages a reply is written in: the site's. */
export const replyLanguages = ['en', 'es'] as const;
export type ReplyLanguage = (typeof replyLanguages)[number];
/** The forms a template is for. */
export const replyForms = ['quote', 'application'] as const;
export type ReplyForm = (typeof replyForms)[number];

export const REPLY_SUBJECT_MAX_LENGTH = 200;
export const REPLY_BODY_MAX_LENGTH = 20_000;
export const TEMPLATE_NAME_MAX_LENGTH = 80;
export const DISPLAY_NAME_MAX_LENGTH = 80;

/** Whether a text has no CR, LF or other control character (nothing a header could be split by). */
function isOneLine(value: string): boolean {
  return [...value].every((char) => {
    const code = char.charCodeAt(0);
    return code >= 0x20 && code !== 0x7f;
  });
}

/** One line of text: no CR, LF or other control character (nothing a header could be split by). */
const oneLine = (max: number) =>
  z
    .string()
    .check(z.trim(), z.minLength(1), z.maxLength(max), z.refine(isOneLine, 'One line, please'));

/**
 * A reply template as the owner keeps it (server/replies/), English and Spanish side by side. A
 * body may name the placeholders of REPLY_PLACEHOLDERS in braces: {name}, {eventDate}...
 */
export interface ReplyTemplate {
  id: number;
  form: ReplyForm;
  name: string;
  bodyEn: string;
  /** '' while it has no Spanish: a reply in Spanish from it says so before it is sent. */
  bodyEs: string;
  updatedAt: number;
  updatedBy: string;
}

/** What a template's body may name, each filled from the submission, the live version or the user. */
export const REPLY_PLACEHOLDERS = [
  'name',
  'eventDate',
  'guests',
  'position',
  'phone',
  'owner',
  'business',
] as const;
export type ReplyPlaceholder = (typeof REPLY_PLACEHOLDERS)[number];

/**
 * `POST /admin/api/reply-templates` (a new one) and `PUT /admin/api/reply-templates/:id` (a
 * change); `DELETE /admin/api/reply-templates/:id`. Each answers `ReplyTemplates`.
 */
export const replyTemplateSchema = z.strictObject({
  form: z.enum(replyForms),
  name: oneLine(TEMPLATE_NAME_MAX_LENGTH),
  bodyEn: z.string().check(z.trim(), z.minLength(1), z.maxLength(REPLY_BODY_MAX_LENGTH)),
  bodyEs: z.string().check(z.trim(), z.maxLength(REPLY_BODY_MAX_LENGTH)),
});
export type ReplyTemplateBody = z.infer<typeof replyTemplateSchema>;

/**
 * `GET /admin/api/reply-templates`: every template, by form then position, and the signed-in
 * user's name for {owner} (null: not given; the business's name signs instead).
 */
export interface ReplyTemplates {
  templates: ReplyTemplate[];
  displayName: string | null;
}

/** `PUT /admin/api/account/display-name`: the name the user's replies are signed with. */
export const displayNameSchema = z.strictObject({
  displayName: z
    .string()
    .check(z.trim(), z.maxLength(DISPLAY_NAME_MAX_LENGTH), z.refine(isOneLine, 'One line, please')),
});
export type DisplayNameBody = z.infer<typeof displayNameSchema>;

/** A template filled for one submission, in both languages (`es` null: it has no Spanish yet). */
export interface FilledTemplate {
  id: number;
  name: string;
  en: string;
  es: string | null;
}

/**
 * `GET /admin/api/submissions/:id/reply`: what the composer starts from. `refused` when no reply
 * may be sent: it is in Spam (until 'Not spam'), or the visitor gave no e-mail address.
 */
export interface ReplyComposer {
  /** The visitor's address. */
  to: string | null;
  /** The acknowledgement's subject continued: "Re: ...". */
  subject: string;
  /** The visitor's language (their page's), the one a template is filled in first. */
  language: ReplyLanguage;
  /** The templates of the submission's form, filled in. */
  templates: FilledTemplate[];
  /** The template to start from: the form's first; null when it has none. */
  suggested: number | null;
  refused: 'spam' | 'no-address' | null;
}

/**
 * `POST /admin/api/submissions/:id/replies`: a reply queued in the outbox (it leaves with it).
 * Answers the submission's detail; 429 past the per-account limit, 409 when refused (spam, no
 * address).
 */
export const sendReplySchema = z.strictObject({
  language: z.enum(replyLanguages),
  subject: oneLine(REPLY_SUBJECT_MAX_LENGTH),
  body: z.string().check(z.trim(), z.minLength(1), z.maxLength(REPLY_BODY_MAX_LENGTH)),
  templateId: z.nullable(z.number().check(z.int(), z.positive())),
});
export type SendReplyBody = z.infer<typeof sendReplySchema>;

/**
 * One e-mail of a submission's conversation: a reply sent from the inbox ('out'), with its mail
 * state (Send again: `POST /admin/api/submissions/:id/replies/:replyId/send-again`), or the
 * visitor's answer ('in'), its quoted text folded away.
 */
export interface ReplyInfo {
  id: number;
  direction: 'out' | 'in';
  at: number;
  /** Who sent it ('out'); null for an answer. */
  user: string | null;
  from: string;
  to: string;
  subject: string;
  body: string;
  /** An answer's quoted text (the mail it answers), shown folded; null for a reply. */
  quoted: string | null;
  language: ReplyLanguage | null;
  /** A reply's e-mail (delivered or not); null for an answer. */
  mail: NotificationState | null;
}

export interface SubmissionDetail {
  id: string;
  form: string;
  receivedAt: number;
  status: SubmissionStatus;
  note: string;
  language: string | null;
  /** 'en' or 'es': the site's page it was sent from. */
  siteLanguage: string | null;
  fields: Record<string, unknown>;
  attachments: AttachmentInfo[];
  events: SubmissionEvent[];
  notification: NotificationState;
  /** A quote's deadlines (see InboxItem); null for an application. */
  respondBy: number | null;
  quoteBy: number | null;
  /** When the status first left New (ms since the epoch), if it has. */
  firstResponseAt: number | null;
  /**
   * The business time from its arrival to that first response, counted in the live version's
   * opening hours and closed days; null until there is one.
   */
  firstResponseBusinessMs: number | null;
  /** The e-mail that told the sender their request arrived. */
  acknowledgement: NotificationState;
  /**
   * The outbox's pause (MailState's `paused`): while on, a waiting e-mail is not tried until the
   * relay accepts our sign-in again; null when not paused.
   */
  mailPaused: { since: number; code: string } | null;
  /**
   * Its spam score when it arrived, and the reasons (codes of server/guard/spam-score.ts, in words
   * in src/content/admin.ts); null for one received before scoring.
   */
  spam: { score: number; reasons: string[] } | null;
  /** Its conversation, oldest first: replies sent and the visitor's answers. */
  replies: ReplyInfo[];
  /** Since when a visitor's answer waits for a reply (it Needs a reply again); null: none. */
  answerWaitingSince: number | null;
  /** How its visit began and its first page; null when not known (no script and no count, GPC). */
  visit: SubmissionVisit | null;
  /** The business's name as the live version has it (a reply's subject names it). */
  businessName?: string;
  /** Only in the answer to a change that took it out of Spam: its missed acknowledgement. */
  missedAcknowledgement?: MissedAcknowledgement;
}

/**
 * What 'Not spam' did about the acknowledgement the sender missed: queued to `to` (`sent`: queued,
 * it leaves with the outbox), or why not (it arrived more than 7 days ago, one was already queued
 * for it, it has no address, acknowledgements are off, or it went straight to Handled: no reply
 * to promise).
 */
export type MissedAcknowledgement =
  | { sent: true; to: string }
  | { sent: false; why: 'too-old' | 'already-sent' | 'no-address' | 'off' | 'handled' };

export interface SessionInfo {
  email: string;
  /** Submissions received after this (ms since the epoch) arrived since the user's last visit. */
  seenBefore: number;
  /** Failed sign-ins to this account since the last visit (at most 7 days); absent when none. */
  failedSignIns?: FailedSignIns;
  /** The nightly backups' state, for the inbox's line about them; absent on Postgres. */
  backups?: BackupState;
  /** The business's name as the live version has it, for the inbox's header. */
  businessName?: string;
  /** The e-mails waiting to leave and the relay's latest word; absent when e-mail is not set up. */
  mail?: MailState;
  /** The retention pass the guard stopped, waiting for the owner; absent when none is. */
  retentionHold?: RetentionHold;
}

/**
 * The e-mails still to send and the mail relay's latest word (server/store/outbox-queue.ts), read
 * from the outbox table every instance shares: in SessionInfo's `mail` and in /readyz's body (to a
 * request from the server itself only, server/http/readiness.ts): counts, times and an error code only.
 */
export interface MailState {
  /** E-mails neither sent nor given up. */
  waiting: number;
  /** When the oldest of them was queued (ms since the epoch); null when none waits. */
  oldestWaitingSince: number | null;
  /**
   * The latest failed try of a waiting e-mail: its code (nodemailer's, with the relay's reply code
   * when there was one: 'ECONNREFUSED', 'EAUTH 535') and when (ms since the epoch).
   */
  lastError: { code: string; at: number } | null;
  /** When an e-mail last left (ms since the epoch); null before the first. */
  lastSentAt: number | null;
  /**
   * The outbox's pause, shared by every instance: the relay refused our sign-in or its TLS
   * ('EAUTH 535', 'ETLS'), so no e-mail is tried until a probe finds it accepting. Since when (ms
   * since the epoch, the database's clock); null while mail is sent.
   */
  paused: { since: number; code: string } | null;
  /** E-mails given up in the last GAVE_UP_SHOWN_DAYS (src/admin/mail-check/contract.ts); absent or null: none. */
  gaveUp?: GaveUpState | null;
  /** The sending domain's SPF, DMARC or DKIM record missing or wrong, by this instance's last check; absent or null: none. */
  dns?: MailDnsState | null;
  /**
   * The relay not reachable by this instance's checks (every 15 minutes, a session up to the
   * sign-in) since `since`, with nothing waiting to tell it; absent or null: it answers.
   */
  relayDown?: { since: number; code: string } | null;
}

/**
 * The nightly backups (server/data/nightly-backup.ts), in SessionInfo's `backups`: not set up
 * (BACKUP_DIR unset), or the last good copy. Absent on Postgres, whose backups the server does not make.
 */
export type BackupState =
  | { configured: false; others?: OtherCopies }
  | {
      configured: true;
      /** When the last good copy was made (ms since the epoch); null when none has been yet. */
      lastGoodAt: number | null;
      /** When the last try failed, if the last try did. */
      failedAt: number | null;
      /** No good copy for more than two days (or none at all). */
      overdue: boolean;
      others?: OtherCopies;
    };

/**
 * The copies of the database kept beside the nightly ones (server/data/other-copies.ts), so that
 * the owner knows what fills the disk; absent when there are none. The server keeps the newest 3
 * made before an upgrade, and those set aside by a restore for 30 days (the newest 3 longer);
 * copies made by hand stay until someone deletes them.
 */
export interface OtherCopies {
  /** Made before an upgrade's migrations (`before-migration-*`). */
  beforeUpgrade: number;
  /** Databases a restore replaced, set aside (`*.before-restore-*`). */
  beforeRestore: number;
  /** Made by hand (`npm run backup -- --out`) into a backup folder. */
  byHand: number;
  /** Their size together. */
  bytes: number;
  /** When the oldest was made (ms since the epoch). */
  oldestAt: number;
}

/** Failed sign-ins to an account (server/admin/failed-sign-ins.ts). */
export interface FailedSignIns {
  count: number;
  /** From how many sources (client addresses, an IPv6 /64 as one). */
  sources: number;
  /** The last one (ms since the epoch). */
  lastAt: number;
  /** Counted from this time (ms since the epoch). */
  since: number;
}

/** The body of every refusal from the admin API. */
export interface AdminError {
  ok: false;
  error: string;
  /** On a 401: no account exists yet (docs/inbox.md, "The first account"). */
  setupNeeded?: boolean;
  /** On a 401: the request carried a session that has ended (expired, signed out, reset). */
  sessionEnded?: boolean;
  /**
   * A sign-in's 401 when the password was right and the account signs in in two steps: send the
   * code from the authenticator app (or a recovery code) with them again. With a code: it was wrong.
   */
  codeNeeded?: boolean;
  /**
   * A sign-in's 429 when the password checks' lane is full (a crowd of sign-ins): refused
   * unchecked, with Retry-After in seconds; not a limit of this browser's failures.
   */
  busy?: boolean;
  /**
   * A sign-in's 401 when the password was right but the account was signed out everywhere (or its
   * password reset) while it was checked: no session started; sign in again.
   */
  signedOutMeanwhile?: boolean;
  /** A setup's refusal: the field it is about (the code is wrong, the e-mail or password invalid). */
  field?: keyof SetupBody;
}

/** One erasure (server/data/erasure.ts): when, why, by whom and how much; never what. */
export interface ErasureRecord {
  at: number;
  /** 'person': 'Erase this person' or `npm run admin -- erase-person`; 'retention': the daily job. */
  reason: 'person' | 'retention';
  /** The owner's account that asked, or what did it ('npm run admin', 'retention job'). */
  by: string;
  submissions: number;
  files: number;
  /** Rows of every table: submissions, files, history, e-mails. */
  rows: number;
}

/**
 * `GET /admin/api/retention`: each form's retention in days (null: kept until deleted), and the
 * latest erasures.
 */
export interface RetentionInfo {
  days: Record<RetentionForm, number | null>;
  erasures: ErasureRecord[];
}

/**
 * A retention pass the guard stopped before it erased anything (server/data/retention-guard.ts):
 * the database's clock moved back more than an hour, or ahead more than 30 days, since the last
 * pass that went on, or the pass would erase far more than the recent ones did.
 */
export interface RetentionHold {
  reason: 'clock-back' | 'clock-ahead' | 'too-many';
  /** The database's clock at the stopped pass (ms since the epoch); a confirmation names it. */
  at: number;
  /** The clock at the last pass that went on; null before the first one. */
  lastAt: number | null;
  /** How many submissions the pass would have erased. */
  count: number;
  /** The most that one of the recent passes erased. */
  largest: number;
}

/** `POST /api/retention/confirm`: the owner lets the stopped pass (its `at`) go on. */
export const retentionConfirmSchema = z.strictObject({ at: z.number() });
export type RetentionConfirmBody = z.infer<typeof retentionConfirmSchema>;

/**
 * `POST /api/retention/confirm`'s answer (202): the hold the owner let go on. The pass then runs on
 * the server, after the answer; the latest erasures say what it erased.
 */
export interface RetentionConfirmed {
  ok: true;
  confirmed: RetentionHold;
}

/** A submission of the person a submission's e-mail or phone names (`GET …/:id/person`). */
export interface PersonSubmission {
  id: string;
  form: string;
  receivedAt: number;
  status: SubmissionStatus;
  /** The name it was sent under. */
  name: string;
  files: number;
}

export interface PersonMatches {
  submissions: PersonSubmission[];
}

/** The most ids one person's erasure takes, and the longest id (a submission's is a UUID). */
export const ERASE_MAX_IDS = 10_000;
const ERASE_ID_LENGTH = 64;
/**
 * The largest body of `POST …/:id/person/erase`: the most ids, each the longest (quoted, a comma),
 * with room to spare; the app's ordinary 32 kB would take some 840 UUIDs.
 */
export const ERASE_PERSON_BODY_LIMIT = ERASE_MAX_IDS * (ERASE_ID_LENGTH + 3) + 1024;

/**
 * `POST …/:id/person/erase`: the ids of the submissions the owner saw listed (`GET …/:id/person`).
 * Only those go, each only if it still names the person: never one that arrived since.
 */
export const erasePersonSchema = z.strictObject({
  ids: z
    .array(z.string().check(z.minLength(1), z.maxLength(ERASE_ID_LENGTH)))
    .check(z.minLength(1), z.maxLength(ERASE_MAX_IDS)),
});
export type ErasePersonBody = z.infer<typeof erasePersonSchema>;

/** `POST …/:id/person/erase`: what went. */
export interface PersonErased {
  ok: true;
  submissions: number;
  files: number;
  rows: number;
  /** The person's submissions that were not in the list, so not erased: they arrived after it. */
  left: number;
}

// ---- Web Push to the owner's devices (docs/push.md) ----

/** A push endpoint's longest URL (the push services' are under 500 characters). */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;
const PUSH_LABEL_MAX_LENGTH = 80;

/** base64url, as PushSubscription.toJSON() gives the keys. */
const base64urlKey = (min: number, max: number) =>
  z.string().check(z.regex(/^[A-Za-z0-9_-]+={0,2}$/), z.minLength(min), z.maxLength(max));

/**
 * POST /admin/api/push/devices: this browser's PushSubscription.toJSON() (endpoint and keys; its
 * expirationTime is ignored) and a label for the device list ("Chrome on Android"). The server also
 * checks the endpoint names a push service (server/push/, docs/push.md).
 */
export const pushDeviceSchema = z.object({
  endpoint: z.string().check(z.minLength(1), z.maxLength(PUSH_ENDPOINT_MAX_LENGTH)),
  keys: z.object({
    /** The browser's P-256 public key: 65 bytes, 87 characters. */
    p256dh: base64urlKey(80, 100),
    /** The auth secret: 16 bytes, 22 characters. */
    auth: base64urlKey(16, 30),
  }),
  label: z.string().check(z.trim(), z.minLength(1), z.maxLength(PUSH_LABEL_MAX_LENGTH)),
});
export type PushDeviceBody = z.infer<typeof pushDeviceSchema>;

/** One device that receives the user's pushes, as the device list shows it. */
export interface PushDevice {
  id: number;
  label: string;
  /** When it was turned on (ms since the epoch). */
  createdAt: number;
  /** The last push its push service accepted; null: none yet. */
  lastSentAt: number | null;
  /** Its endpoint, so that a browser finds itself in the list (its own subscription's endpoint). */
  endpoint: string;
}

/** GET /admin/api/push: the key to subscribe with, and the signed-in user's devices. */
export interface PushState {
  /** The VAPID public key (base64url): PushManager.subscribe's applicationServerKey. */
  publicKey: string;
  devices: PushDevice[];
}

/**
 * What a push carries (JSON, encrypted to the device): a line about one submission and the page
 * to open. No more personal data than `body`'s line; nothing for spam.
 */
export interface PushMessage {
  kind: 'lead' | 'due' | 'mail';
  /** "Quote request", "Reply due in 30 minutes", "E-mail waiting". */
  title: string;
  /** "Ana López, 90 guests, Saturday, December 26". */
  body: string;
  /** The submission's page: `/admin/#/submissions/ID`. */
  url: string;
  /** One notification per submission and kind: a later one replaces it. */
  tag: string;
}

/**
 * The installable inbox (docs/push.md, "The installable inbox"): its icons, drawn from the logo at
 * build time (scripts/build/app-icons.ts) to fixed paths under /admin/, and its colours. The server's
 * manifest (GET /admin/manifest.webmanifest) lists them; the service worker keeps them.
 */
export const INBOX_ICONS = [
  { file: 'icons/icon-192.png', size: 192, purpose: 'any' },
  { file: 'icons/icon-512.png', size: 512, purpose: 'any' },
  { file: 'icons/icon-maskable-512.png', size: 512, purpose: 'maskable' },
  { file: 'icons/apple-touch-icon.png', size: 180, purpose: 'apple' },
] as const;
export type InboxIcon = (typeof INBOX_ICONS)[number];
/** The inbox's header (and src/admin/index.html's theme-color): the logo's navy. */
export const INBOX_THEME_COLOR = '#0a1530';
/** The inbox's page (Tailwind's slate-50): the splash screen's while the app opens. */
export const INBOX_BACKGROUND_COLOR = '#f8fafc';
