import { businessContent } from '../../content/business';
import { NOTHING_PUBLISHED } from '../../content/published';

// The office's clock: the code's (the time zone is not a field the owner publishes).
const { business } = businessContent(NOTHING_PUBLISHED);
import { formatPhone, phoneDigits, telLink } from '../../forms/phone-format';

/** How the inbox writes times, dates and phone links. The owner's own time zone, US English. */

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function formatTime(ms: number): string {
  return timeFormat.format(new Date(ms));
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function localDay(iso: string): Date | undefined {
  const match = ISO_DAY.exec(iso);
  if (!match) return undefined;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** '2026-12-12' → 'Dec 12, 2026' (a calendar date: no time zone shift). */
export function formatDay(iso: string): string {
  const date = localDay(iso);
  return date ? dayFormat.format(date) : iso;
}

/** A date input's day as the local midnight it starts at (or, with `after`, the next one). */
export function dayStart(iso: string, after = false): number | undefined {
  const date = localDay(iso);
  if (!date) return undefined;
  if (after) date.setDate(date.getDate() + 1);
  return date.getTime();
}

// Phones are written the same way in the inbox and in the owner's e-mail.
export { formatPhone, phoneDigits, telLink };

const deadlineFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: business.timeZone,
  timeZoneName: 'short',
});

/** A promise's deadline on the office's clock, whatever the reader's: 'Mon, Nov 30, 12:00 PM EST'. */
export function formatDeadline(ms: number): string {
  return deadlineFormat.format(new Date(ms));
}

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const AGE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** How long ago `ms` was, in its largest whole unit: '4 months ago', 'yesterday', 'now'. */
export function formatAge(ms: number, now = Date.now()): string {
  const age = Math.max(0, now - ms);
  const [unit, length] = AGE_UNITS.find(([, size]) => age >= size) ?? ['second', 1000];
  return relative.format(-Math.floor(age / length), unit);
}

const upToOneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A duration in hours, whole where it is whole: 14_400_000 → '4', 9_000_000 → '2.5'. */
export function hoursOf(ms: number): string {
  return upToOneDecimal.format(ms / 3_600_000);
}

export function contactLinks(
  email: string | undefined,
  phone: string | undefined,
  subject: string,
) {
  const digits = phone ? phoneDigits(phone) : undefined;
  return {
    mail: email
      ? `mailto:${email.replace(/[?&#%]/g, encodeURIComponent)}?subject=${encodeURIComponent(subject)}`
      : undefined,
    tel: phone ? telLink(phone) : undefined,
    whatsApp: digits ? `https://wa.me/${digits}` : undefined,
  };
}
