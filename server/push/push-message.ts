/**
 * What a push says, made when it is sent from the submission as it is then (no words are kept in
 * the queue): a title and one line, the page to open, and a tag so that a later push about the same
 * submission and kind replaces the earlier notification.
 */
import type { PushMessage } from '../../src/admin/contract.ts';
import { adminText } from '../../src/content/admin.ts';
import type { StoredSubmission } from '../store/store.ts';

export type PushKind = PushMessage['kind'];

const text = adminText.pushMessages;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** '2026-12-26' → 'Saturday, December 26' (a calendar date, in no time zone); other text as is. */
export function dayInWords(value: string): string {
  const match = ISO_DATE.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (date.toISOString().slice(0, 10) !== value) return value;
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** '3:30 PM': an instant on the business's clock. */
function timeInWords(ms: number, timeZone: string): string {
  const words = new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(ms));
  return words.replace(/[\u202f\u00a0]/g, ' ');
}

/** A field's text, trimmed and on one line; '' when it is not text. */
function field(submission: StoredSubmission, key: string): string {
  const value = submission.fields[key];
  const joined = Array.isArray(value)
    ? value.filter((v) => typeof v === 'string').join(', ')
    : value;
  return typeof joined === 'string' ? joined.replace(/\s+/g, ' ').trim().slice(0, 120) : '';
}

function nameOf(submission: StoredSubmission): string {
  return field(submission, 'clientName') || field(submission, 'fullName') || text.noName;
}

/** The new lead's line: who, how many and when for a quote; who and which position for an application. */
function leadLine(submission: StoredSubmission): string {
  if (submission.form === 'quote') {
    return text.quote(
      nameOf(submission),
      field(submission, 'guestCount'),
      dayInWords(field(submission, 'eventDate')),
    );
  }
  return text.application(nameOf(submission), field(submission, 'positionInterest'));
}

export interface MessageContext {
  /** The business's time zone, for a deadline's time. */
  timeZone: string;
  /** A 'due' push's deadline (ms since the epoch). */
  deadline?: number | undefined;
}

/** The push about `submission` for an event of `kind`. */
export function pushMessage(
  kind: PushKind,
  submission: StoredSubmission,
  context: MessageContext,
): PushMessage {
  const { titles } = text;
  const lead = submission.form === 'quote' ? titles.quote : titles.application;
  const body =
    kind === 'lead'
      ? leadLine(submission)
      : kind === 'due'
        ? text.due(nameOf(submission), timeInWords(context.deadline ?? 0, context.timeZone))
        : text.mail(nameOf(submission));
  return {
    kind,
    title: kind === 'lead' ? lead : titles[kind],
    body,
    url: `/admin/#/submissions/${encodeURIComponent(submission.id)}`,
    tag: `${kind}:${submission.id}`,
  };
}
