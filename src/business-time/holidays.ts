/**
 * The US federal holidays, worked out by their rules (5 U.S.C. 6103), that the site editor offers
 * the owner as closed days in one tap. Inauguration Day is left out: it is a holiday only around
 * Washington, D.C., every four years, and the owner can add it as any other day.
 *
 * A holiday on a fixed date that falls on a Saturday is observed on the Friday before, and on a
 * Sunday on the Monday after, as federal offices do; the closed day offered is the observed one
 * (the weekend day itself is closed or not by the weekly hours). So New Year's Day of 2028, a
 * Saturday, is observed on Friday 2027-12-31, and belongs to 2027's list.
 */
import type { FederalHoliday } from '../content/opening-hours';

export interface HolidayDate {
  holiday: FederalHoliday;
  /** The day offices close, 'YYYY-MM-DD'. */
  date: string;
  /** The date is the Friday before or the Monday after a holiday on a weekend. */
  observed: boolean;
}

const MONDAY = 1;
const THURSDAY = 4;

const utc = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));

/** The `nth` (1-based; -1 for the last) `weekday` (0 = Sunday) of a month. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): Date {
  if (nth < 0) {
    const last = utc(year, month + 1, 0);
    return utc(year, month, last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7));
  }
  const first = utc(year, month, 1);
  return utc(year, month, 1 + ((weekday - first.getUTCDay() + 7) % 7) + (nth - 1) * 7);
}

/** A fixed-date holiday moved off the weekend: Saturday to Friday, Sunday to Monday. */
function observedOn(date: Date): Date {
  const shift = date.getUTCDay() === 6 ? -1 : date.getUTCDay() === 0 ? 1 : 0;
  return utc(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate() + shift);
}

const iso = (date: Date) => date.toISOString().slice(0, 10);

/** Each holiday of `year` as it falls (before any move off the weekend). */
function actualDates(year: number): [FederalHoliday, Date, boolean][] {
  const fixed = (holiday: FederalHoliday, month: number, day: number) =>
    [holiday, utc(year, month, day), true] as [FederalHoliday, Date, boolean];
  const floating = (holiday: FederalHoliday, date: Date) =>
    [holiday, date, false] as [FederalHoliday, Date, boolean];
  return [
    fixed('newYear', 1, 1),
    floating('martinLutherKing', nthWeekday(year, 1, MONDAY, 3)),
    floating('presidents', nthWeekday(year, 2, MONDAY, 3)),
    floating('memorial', nthWeekday(year, 5, MONDAY, -1)),
    fixed('juneteenth', 6, 19),
    fixed('independence', 7, 4),
    floating('labor', nthWeekday(year, 9, MONDAY, 1)),
    floating('columbus', nthWeekday(year, 10, MONDAY, 2)),
    fixed('veterans', 11, 11),
    floating('thanksgiving', nthWeekday(year, 11, THURSDAY, 4)),
    fixed('christmas', 12, 25),
  ];
}

/** The federal holidays observed in `year`, in date order. */
export function federalHolidays(year: number): HolidayDate[] {
  return [year, year + 1]
    .flatMap(actualDates)
    .map(([holiday, date, isFixed]) => {
      const closed = isFixed ? observedOn(date) : date;
      return { holiday, date: iso(closed), observed: closed.getTime() !== date.getTime() };
    })
    .filter(({ date }) => date.startsWith(`${year}-`));
}

/** The holidays of `year` and the year after: what the editor offers in one tap. */
export function federalHolidaysFrom(year: number): HolidayDate[] {
  return [...federalHolidays(year), ...federalHolidays(year + 1)];
}
