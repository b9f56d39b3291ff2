/**
 * How the owner's notification writes what it shows: instants on the business's clock with the
 * zone named, the visitor's phone as the site writes phones, dates in words. The owner reads
 * them on a phone, so nothing here is left in a machine's form (UTC, bare digits, ISO dates).
 */
import { formatPhone } from '../../src/forms/phone-format.ts';

/** Intl separates the time from AM/PM with a narrow no-break space, which some mail readers show as a box. */
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/** 'Thursday, November 26, 2026 at 3:03 PM EST': an instant on `timeZone`'s clock, the zone named. */
export function instantInWords(ms: number, timeZone: string): string {
  const format = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  });
  return plainSpaces(format.format(new Date(ms)));
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * '2026-12-26' → 'Saturday, December 26, 2026' (a calendar date, in no time zone), or in `locale`'s
 * words ('es-US': 'sábado, 26 de diciembre de 2026'); other text as is.
 */
export function dateInWords(text: string, locale = 'en-US'): string {
  const match = ISO_DATE.exec(text);
  if (!match) return text;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (date.toISOString().slice(0, 10) !== text) return text;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(date);
}

/** The fields written for people, by their key in both forms (src/forms/quote.ts, application.ts). */
const FIELD_FORMATS: Readonly<Record<string, (text: string) => string>> = {
  phone: formatPhone,
  eventDate: dateInWords,
  dateOfBirth: dateInWords,
};

/** A field's text as the owner reads it: a phone formatted, a date in words, the rest as sent. */
export function fieldForOwner(key: string, text: string): string {
  const format = Object.hasOwn(FIELD_FORMATS, key) ? FIELD_FORMATS[key] : undefined;
  return format ? format(text) : text;
}
