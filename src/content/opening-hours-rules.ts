import { z } from 'zod';
import { MAX_CLOSED_DAYS, MAX_CLOSED_NOTE, WEEKDAYS } from './opening-hours.ts';

/**
 * The rules of the owner's opening hours and closed days (src/content/opening-hours.ts), in the
 * owner's words: the site editor checks them as they are typed, the server before a publish.
 */

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether 'YYYY-MM-DD' is a real calendar date (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** The shape a draft may hold while the owner is still typing (the rules come at publish). */
export const openingHoursShape = z
  .array(
    z.strictObject({
      day: z.enum(WEEKDAYS),
      open: z.boolean(),
      opens: z.string().max(5),
      closes: z.string().max(5),
    }),
  )
  .max(WEEKDAYS.length);

export const closedDaysShape = z
  .array(z.strictObject({ date: z.string().max(10), note: z.string().max(200) }))
  .max(MAX_CLOSED_DAYS);

/** The published week's rules, in the owner's words. */
export const openingHoursSchema = openingHoursShape.superRefine((week, context) => {
  const say = (message: string) => context.addIssue({ code: 'custom', message });
  if (week.length !== WEEKDAYS.length || week.some((entry, i) => entry.day !== WEEKDAYS[i])) {
    say('Give the hours of each day of the week, Monday to Sunday.');
    return;
  }
  if (!week.some((entry) => entry.open)) say('Open on at least one day of the week.');
  for (const entry of week.filter((each) => each.open)) {
    if (!CLOCK.test(entry.opens) || !CLOCK.test(entry.closes)) {
      say(`${entry.day}: write the times as 24-hour HH:MM, e.g. 09:00 or 17:30.`);
    } else if (entry.closes <= entry.opens) {
      say(`${entry.day}: the closing time must be later than the opening time.`);
    }
  }
});

export const closedDaysSchema = closedDaysShape.superRefine((days, context) => {
  const say = (message: string) => context.addIssue({ code: 'custom', message });
  const seen = new Set<string>();
  for (const { date, note } of days) {
    if (!isCalendarDate(date)) say(`Choose a date for each closed day ('${date}' is not one).`);
    else if (seen.has(date)) say(`${date} is listed twice: keep one.`);
    seen.add(date);
    if (note.length > MAX_CLOSED_NOTE) {
      say(`Keep each name to ${MAX_CLOSED_NOTE} characters or fewer.`);
    }
  }
});
