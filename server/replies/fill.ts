/**
 * A reply template filled for one submission in one language: each placeholder of
 * REPLY_PLACEHOLDERS replaced by its value from the submission, the live version and the user
 * (docs/replies.md). Pure: the same submission, version and name give the same text.
 */
import {
  REPLY_PLACEHOLDERS,
  type ReplyLanguage,
  type ReplyPlaceholder,
} from '../../src/admin/contract.ts';
import { positionOptions as enPositions } from '../../src/content/application-form.ts';
import { positionOptions as esPositions } from '../../src/content/es/application-form.ts';
import type { PublishedVersion } from '../../src/content/published.ts';
import { siteContent } from '../../src/content/site-content.ts';
import type { FormDefinition } from '../intake/forms.ts';
import { dateInWords } from '../mail/mail-format.ts';
import { oneLine } from '../mail/mail-text.ts';
import type { StoredSubmission } from '../store/store.ts';

/** Each placeholder's text ('' when the submission has no value for it). */
export type PlaceholderValues = Readonly<Record<ReplyPlaceholder, string>>;

const KNOWN: ReadonlySet<string> = new Set(REPLY_PLACEHOLDERS);
const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

/**
 * A line a placeholder left empty, tidied: no doubled spaces, no space before a closing mark or
 * after an opening one, no comma left before other punctuation ('Hello {name},' → 'Hello,';
 * 'Hola, {name}:' → 'Hola:'), no space at its end. Its indentation is kept.
 */
function tidy(line: string): string {
  return line
    .replace(/(\S)[ \t]{2,}/g, '$1 ')
    .replace(/[ \t]+([,.;:!?)])/g, '$1')
    .replace(/([(¡¿])[ \t]+/g, '$1')
    .replace(/,+(?=[.;:!?])/g, '')
    .replace(/^([ \t]*)[,;:][ \t]*/, '$1')
    .trimEnd();
}

/**
 * `body` with each {placeholder} replaced by its value in `values` (one pass: a value's own braces
 * are never read as a placeholder). A placeholder left empty takes its stray spaces and
 * punctuation with it where it can (`tidy`); a {word} that is no placeholder stays as typed.
 */
export function fillTemplate(
  body: string,
  values: Partial<Record<ReplyPlaceholder, string>>,
): string {
  return body
    .split('\n')
    .map((line) => {
      let emptied = false;
      const filled = line.replace(PLACEHOLDER, (whole, word: string) => {
        if (!KNOWN.has(word)) return whole;
        const value = values[word as ReplyPlaceholder] ?? '';
        if (value === '') emptied = true;
        return value;
      });
      return emptied ? tidy(filled) : filled;
    })
    .join('\n');
}

/** What the values of one submission's reply are read from. */
export interface ReplySource {
  submission: Pick<StoredSubmission, 'form' | 'fields'>;
  /** The submission's form (server/intake/forms.ts): who sent it. */
  form: Pick<FormDefinition, 'contact'> | undefined;
  language: ReplyLanguage;
  /** The live version (server/site/live-site.ts): the business's name and phones. */
  published: PublishedVersion;
  /** The signed-in user's display name (users.display_name); null: the business signs. */
  displayName: string | null;
}

/** A field's value on one line ('' when it has none). */
const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? oneLine(String(value), 200) : '';

/**
 * The positions applied for, in `language`'s labels, as one choice: 'Bartender or Mixologist',
 * 'bartender o mixólogo' (Spanish writes a trade in lower case inside a sentence).
 */
function positionsInWords(values: unknown, language: ReplyLanguage, locale: string): string {
  const chosen = Array.isArray(values) ? values : [values];
  const options = language === 'es' ? esPositions : enPositions;
  const labels = chosen
    .map((value) => options.find((option) => option.value === value)?.label ?? text(value))
    .filter((label) => label !== '')
    .map((label) => (language === 'es' ? label.charAt(0).toLowerCase() + label.slice(1) : label));
  return new Intl.ListFormat(locale, { type: 'disjunction' }).format(labels);
}

/** Each placeholder's value for one submission's reply in `source.language`. */
export function replyValues(source: ReplySource): PlaceholderValues {
  const { submission, language, published } = source;
  const { business, acknowledgement } = siteContent(published, language);
  const { locale } = acknowledgement;
  const { fields } = submission;
  const eventDate = text(fields.eventDate);
  // The line each form's page gives: the quote's direct line, the application's office line.
  const phone = submission.form === 'application' ? business.phones.office : business.phones.direct;
  return {
    name: text(source.form?.contact(fields).name),
    eventDate: eventDate && dateInWords(eventDate, locale),
    guests: text(fields.guestCount),
    position: positionsInWords(fields.positionInterest ?? [], language, locale),
    phone: phone.display,
    owner: text(source.displayName) || business.name,
    business: business.name,
  };
}

/** A template's body filled for one submission (replyValues, then fillTemplate). */
export function fillForSubmission(body: string, source: ReplySource): string {
  return fillTemplate(body, replyValues(source));
}
