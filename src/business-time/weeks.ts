/** The local weeks the staffing desk's weekly picture counts in: each starts on a Monday at 00:00. */
import { businessSchedule, type BusinessSchedule } from './schedule';
import { DAY, localDay, wallToInstant, weekday } from './time-zone';

/** The most weeks `lastWeekStarts` lists (about nineteen years). */
const MAX_WEEKS = 1000;

/** The day number of the Monday of the local week that contains `day`. */
function mondayOf(day: number): number {
  return day - ((weekday(day) + 6) % 7);
}

/** Monday 00:00 in the schedule's time zone of the week containing `ms`, as ms since epoch (NaN for a non-finite `ms`). */
export function weekStart(ms: number, schedule: BusinessSchedule = businessSchedule): number {
  if (!Number.isFinite(ms)) return NaN;
  const monday = mondayOf(localDay(ms, schedule.timeZone));
  return wallToInstant(monday * DAY, schedule.timeZone);
}

/**
 * The starts of the `count` weeks ending with the one containing `nowMs`, oldest first
 * (DST-correct: each is a local Monday midnight, so weeks across a change are 167 or 169 hours).
 * A RangeError for a `count` that is not a whole number from 0 to 1000, or a non-finite `nowMs`.
 */
export function lastWeekStarts(
  nowMs: number,
  count: number,
  schedule: BusinessSchedule = businessSchedule,
): number[] {
  if (!Number.isInteger(count) || count < 0 || count > MAX_WEEKS) {
    throw new RangeError(`A count of weeks must be a whole number from 0 to ${MAX_WEEKS}`);
  }
  if (!Number.isFinite(nowMs)) throw new RangeError(`Not an instant: ${nowMs}`);
  const monday = mondayOf(localDay(nowMs, schedule.timeZone));
  return Array.from({ length: count }, (_, index) =>
    wallToInstant((monday - 7 * (count - 1 - index)) * DAY, schedule.timeZone),
  );
}
