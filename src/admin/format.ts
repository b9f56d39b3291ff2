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

/**
 * The international digits of a phone number as people type it in the US: ten digits get the
 * country code 1. Undefined when it cannot be a phone number.
 */
export function phoneDigits(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10 && !phone.trim().startsWith('+')) return `1${digits}`;
  return digits.length >= 10 && digits.length <= 15 ? digits : undefined;
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
    tel: digits ? `tel:+${digits}` : undefined,
    whatsApp: digits ? `https://wa.me/${digits}` : undefined,
  };
}
