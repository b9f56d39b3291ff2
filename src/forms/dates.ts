/** Calendar dates as the date input gives them: 'YYYY-MM-DD', no time and no time zone. */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function fromParts(year: number, month: number, day: number): Date {
  const date = new Date(Date.UTC(2000, 0, 1));
  date.setUTCFullYear(year, month - 1, day);
  return date;
}

function toIso(date: Date): string {
  return [
    String(date.getUTCFullYear()).padStart(4, '0'),
    String(date.getUTCMonth() + 1).padStart(2, '0'),
    String(date.getUTCDate()).padStart(2, '0'),
  ].join('-');
}

/** True for a real calendar day written as 'YYYY-MM-DD' (no 2025-02-30). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  return toIso(fromParts(year, month, day)) === value;
}

/** Today in the local time zone of whoever runs the code, shifted by a number of days. */
export function localIsoDate(offsetDays = 0, now = new Date()): string {
  const date = fromParts(now.getFullYear(), now.getMonth() + 1, now.getDate() + offsetDays);
  return toIso(date);
}
