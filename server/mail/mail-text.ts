import type { Business } from '../../src/content/business.ts';
import type { ContentLanguage, PublishedVersion } from '../../src/content/published.ts';
import { siteContent } from '../../src/content/site-content.ts';
import { quoteBy, respondBy } from '../../src/business-time/promises.ts';
import { fileSize } from '../../src/forms/resume.ts';
import type { FormDefinition } from '../intake/forms.ts';
import { fieldForOwner, instantInWords } from './mail-format.ts';
import type { StoredSubmission } from '../store/store.ts';

/** What an e-mail needs of a form: its title, its fields' labels, and who sent it. */
export type MailForm = Pick<FormDefinition, 'title' | 'labels' | 'contact'>;

/** Drops control characters other than newline and tab: nothing in a field may fake a header or a line. */
export function plainText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');
}

/** One line: for subjects and display names. */
export function oneLine(value: string, max = 120): string {
  const line = plainText(value).replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** 'additionalInfo' → 'Additional info' for fields without a label. */
export function humanize(key: string): string {
  const words = key
    .replace(/^_+/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function fieldText(value: unknown): string {
  if (Array.isArray(value)) return value.map(fieldText).join(', ');
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The fields as an aligned two-column list; multi-line values stay indented under their label. */
export function fieldsAsText(form: MailForm, fields: Record<string, unknown>): string {
  const rows = Object.entries(fields).map(([key, value]) => ({
    label: form.labels[key] ?? humanize(key),
    value: fieldForOwner(key, plainText(fieldText(value)).trim()) || '-',
  }));
  const width = Math.max(0, ...rows.map(({ label }) => label.length)) + 2;
  return rows
    .map(({ label, value }) =>
      value
        .split('\n')
        .map((line, index) => `${(index === 0 ? label : '').padEnd(width)}${line}`.trimEnd())
        .join('\n'),
    )
    .join('\n');
}

/** The owner's deadlines for a quote request, in the business's time zone. */
function deadlineLines(receivedAt: number, business: Business): string[] {
  const at = (ms: number) =>
    new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      timeZone: business.timeZone,
    }).format(new Date(ms));
  const { responseBusinessHours, quoteHours } = business.promises;
  return [
    `Respond by ${at(respondBy(receivedAt, business))} (${responseBusinessHours} business hours)`,
    `Quote by ${at(quoteBy(receivedAt, business))} (${quoteHours} hours)`,
  ];
}

export interface NotificationMail {
  subject: string;
  text: string;
  replyTo: { name: string; address: string } | undefined;
}

/**
 * The e-mail to the business about one submission: readable as plain text, answerable with Reply;
 * its deadlines counted on the facts of `published` (the live version).
 */
export function notificationMail(
  form: MailForm,
  submission: StoredSubmission,
  published: PublishedVersion,
): NotificationMail {
  const { business } = siteContent(published);
  const contact = form.contact(submission.fields);
  const name = oneLine(contact.name ?? '') || 'a visitor';
  const text = [
    `New ${form.title.toLowerCase()} from the website.`,
    '',
    fieldsAsText(form, submission.fields),
    '',
    ...submission.attachments.map(
      (file) => `Attached: ${oneLine(file.name)} (${fileSize(file.size)})`,
    ),
    `Received ${instantInWords(submission.receivedAt, business.timeZone)}, reference ${submission.id}`,
    ...(submission.form === 'quote' ? deadlineLines(submission.receivedAt, business) : []),
    contact.email ? 'Reply to this e-mail to answer the sender.' : '',
  ]
    .join('\n')
    .trimEnd();
  return {
    subject: oneLine(`${form.title} from ${name}`, 150),
    text: `${text}\n`,
    replyTo: contact.email
      ? { name: oneLine(contact.name ?? ''), address: contact.email }
      : undefined,
  };
}

type AcknowledgementText = ReturnType<typeof siteContent>['acknowledgement'];

/** What an acknowledgement is written from: its language's words and the facts, as published. */
interface AcknowledgementWords {
  text: AcknowledgementText;
  business: Business;
}

/** A deadline as the visitor reads it, on the business's clock: 'Monday, November 30', '12:00 PM'. */
function deadlineParts(ms: number, { text, business }: AcknowledgementWords) {
  const at = new Date(ms);
  const { locale } = text;
  const timeZone = business.timeZone;
  return {
    day: new Intl.DateTimeFormat(locale, {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      timeZone,
    }).format(at),
    time: new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(
      at,
    ),
  };
}

/** The phone lines and WhatsApp, one per line. */
function contactLines({ text, business }: AcknowledgementWords): string[] {
  const { direct, office } = business.phones;
  return [direct.display, `${office.display} (${text.whatsApp}: ${business.whatsappUrl})`];
}

export interface AcknowledgementMail {
  subject: string;
  text: string;
}

/**
 * The reply the e-mail promises: by the deadline counted from when the request arrived, or, when
 * that is already past as the e-mail leaves (a post taken out of Spam days later, an outbox held
 * back), counted from when it leaves: never a time already gone.
 */
export function promisedReply(receivedAt: number, sentAt: number, business: Business): number {
  const due = respondBy(receivedAt, business);
  return due > sentAt ? due : respondBy(sentAt, business);
}

function quoteLines(words: AcknowledgementWords, receivedAt: number, sentAt: number): string[] {
  const { text, business } = words;
  const { day, time } = deadlineParts(promisedReply(receivedAt, sentAt, business), words);
  return [text.quote.thanks, '', text.quote.promise(day, time), '', text.quote.urgent];
}

function applicationLines(text: AcknowledgementText): string[] {
  const { thanks, nextStepsTitle, nextSteps, questions } = text.application;
  const steps = nextSteps.map((step, index) => `${index + 1}. ${step.title}: ${step.text}`);
  return [thanks, '', nextStepsTitle, ...steps, '', questions];
}

const languageOf = (submission: StoredSubmission): ContentLanguage =>
  submission.siteLanguage === 'es' ? 'es' : 'en';

/**
 * The e-mail to the visitor saying their request arrived, in the language of the page they sent it
 * from, in the words and facts of `published` (the live version). Built from content and the time
 * it arrived only: nothing they typed is repeated in it.
 */
export function acknowledgementMail(
  submission: StoredSubmission,
  published: PublishedVersion,
  sentAt: number = submission.receivedAt,
): AcknowledgementMail {
  const { acknowledgement: text, business } = siteContent(published, languageOf(submission));
  const words = { text: text as AcknowledgementText, business };
  const isApplication = submission.form === 'application';
  const body = isApplication
    ? applicationLines(text)
    : quoteLines(words, submission.receivedAt, sentAt);
  const lines = [...body, ...contactLines(words), '', text.signOff, '', '-- ', text.why];
  return {
    subject: isApplication ? text.application.subject : text.quote.subject,
    text: `${lines.join('\n')}\n`,
  };
}
