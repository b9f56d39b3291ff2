import { acknowledgement as englishAcknowledgement } from '../../src/content/acknowledgement.ts';
import { business } from '../../src/content/business.ts';
import { acknowledgement as spanishAcknowledgement } from '../../src/content/es/acknowledgement.ts';
import { quoteBy, respondBy, type PromiseFacts } from '../../src/business-time/promises.ts';
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

/**
 * The facts an e-mail's deadlines are counted and written with (the published business part):
 * its hours, closed days, promises and time zone.
 */
export type MailFacts = PromiseFacts;

/** The owner's deadlines for a quote request, in the business's time zone. */
function deadlineLines(receivedAt: number, facts: MailFacts): string[] {
  const at = (ms: number) =>
    new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      timeZone: facts.timeZone,
    }).format(new Date(ms));
  const { responseBusinessHours, quoteHours } = facts.promises;
  return [
    `Respond by ${at(respondBy(receivedAt, facts))} (${responseBusinessHours} business hours)`,
    `Quote by ${at(quoteBy(receivedAt, facts))} (${quoteHours} hours)`,
  ];
}

export interface NotificationMail {
  subject: string;
  text: string;
  replyTo: { name: string; address: string } | undefined;
}

/** The e-mail to the business about one submission: readable as plain text, answerable with Reply. */
export function notificationMail(
  form: MailForm,
  submission: StoredSubmission,
  facts: MailFacts = business,
): NotificationMail {
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
    `Received ${instantInWords(submission.receivedAt, facts.timeZone)}, reference ${submission.id}`,
    ...(submission.form === 'quote' ? deadlineLines(submission.receivedAt, facts) : []),
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

type AcknowledgementText = typeof englishAcknowledgement;
const acknowledgements: Record<string, AcknowledgementText> = {
  en: englishAcknowledgement,
  es: spanishAcknowledgement as AcknowledgementText,
};

/** A deadline as the visitor reads it, on the business's clock: 'Monday, November 30', '12:00 PM'. */
function deadlineParts(
  ms: number,
  locale: string,
  timeZone: string,
): { day: string; time: string } {
  const at = new Date(ms);
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
function contactLines(text: AcknowledgementText): string[] {
  const { direct, office } = business.phones;
  return [direct.display, `${office.display} (${text.whatsApp}: ${business.whatsappUrl})`];
}

export interface AcknowledgementMail {
  subject: string;
  text: string;
}

function quoteLines(text: AcknowledgementText, receivedAt: number, facts: MailFacts): string[] {
  const { day, time } = deadlineParts(respondBy(receivedAt, facts), text.locale, facts.timeZone);
  return [text.quote.thanks, '', text.quote.promise(day, time), '', text.quote.urgent];
}

function applicationLines(text: AcknowledgementText): string[] {
  const { thanks, nextStepsTitle, nextSteps, questions } = text.application;
  const steps = nextSteps.map((step, index) => `${index + 1}. ${step.title}: ${step.text}`);
  return [thanks, '', nextStepsTitle, ...steps, '', questions];
}

/**
 * The e-mail to the visitor saying their request arrived, in the language of the page they sent it
 * from. Built from content and the time it arrived only: nothing they typed is repeated in it.
 */
export function acknowledgementMail(
  submission: StoredSubmission,
  facts: MailFacts = business,
): AcknowledgementMail {
  const text = acknowledgements[submission.siteLanguage ?? 'en'] ?? englishAcknowledgement;
  const isApplication = submission.form === 'application';
  const body = isApplication
    ? applicationLines(text)
    : quoteLines(text, submission.receivedAt, facts);
  const lines = [...body, ...contactLines(text), '', text.signOff, '', '-- ', text.why];
  return {
    subject: isApplication ? text.application.subject : text.quote.subject,
    text: `${lines.join('\n')}\n`,
  };
}
