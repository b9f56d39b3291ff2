/**
 * Business-hour arithmetic: time counted only inside a schedule's opening hours, on the office's
 * clock (its time zone, each weekday's hours, its closed dates).
 */
import { businessSchedule, resolve, windowOf, type BusinessSchedule } from './schedule';
import { DAY, HOUR, localDay, wallToInstant } from './time-zone';

/** The longest span walked day by day (about four years); anything longer is absurd. */
const MAX_SPAN_DAYS = 4 * 366;

/**
 * The instant `hours` business hours after `startMs` (ms since epoch), counting only time inside
 * the opening hours. A start outside hours counts from the next opening. A deadline that falls at
 * closing time is closing time (not the next opening); 0 hours gives the start itself when it is
 * inside the hours (closing time included), else the next opening.
 *
 * NaN for a start that is not a finite number; a RangeError for negative or non-finite `hours`,
 * for an invalid schedule, or for more than about four years of calendar to walk.
 */
export function addBusinessHours(
  startMs: number,
  hours: number,
  schedule: BusinessSchedule = businessSchedule,
): number {
  if (!Number.isFinite(hours) || hours < 0) {
    throw new RangeError(`Business hours must be a finite number ≥ 0, not ${hours}`);
  }
  const resolved = resolve(schedule);
  if (!Number.isFinite(startMs)) return NaN;
  let remaining = Math.round(hours * HOUR);
  const firstDay = localDay(startMs, resolved.timeZone);
  for (let day = firstDay; day <= firstDay + MAX_SPAN_DAYS; day++) {
    const window = windowOf(day, resolved);
    if (!window) continue;
    const from = Math.max(startMs, window.open);
    if (from > window.close) continue;
    if (remaining <= window.close - from) return from + remaining;
    remaining -= window.close - from;
  }
  throw new RangeError(`${hours} business hours reach more than ${MAX_SPAN_DAYS} days ahead`);
}

/**
 * Business time (ms) between two instants: the part of [fromMs, toMs] inside the opening hours
 * (0 when to <= from). The inverse of `addBusinessHours`. NaN when either is not a finite number.
 * A span longer than about four years (surely a wrong date) is counted over its first four years
 * only, so one absurd pair cannot stall a request that measures thousands.
 */
export function businessMsBetween(
  fromMs: number,
  toMs: number,
  schedule: BusinessSchedule = businessSchedule,
): number {
  const resolved = resolve(schedule);
  if (!Number.isFinite(fromMs) || !Number.isFinite(toMs)) return NaN;
  if (toMs <= fromMs) return 0;
  const firstDay = localDay(fromMs, resolved.timeZone);
  const lastDay = Math.min(localDay(toMs, resolved.timeZone), firstDay + MAX_SPAN_DAYS);
  let total = 0;
  for (let day = firstDay; day <= lastDay; day++) {
    const window = windowOf(day, resolved);
    if (!window) continue;
    total += Math.max(0, Math.min(window.close, toMs) - Math.max(window.open, fromMs));
  }
  return total;
}

/**
 * The instant `hours` wall-clock hours after `startMs`, every day counted but the schedule's closed
 * dates (whole local days, from midnight to midnight): the quote promise, which runs on weekends
 * but stops for a holiday. A start inside a closed date counts from the midnight that ends it.
 * The same errors as `addBusinessHours`.
 */
export function addHoursSkippingClosedDays(
  startMs: number,
  hours: number,
  schedule: BusinessSchedule = businessSchedule,
): number {
  if (!Number.isFinite(hours) || hours < 0) {
    throw new RangeError(`Hours must be a finite number ≥ 0, not ${hours}`);
  }
  const resolved = resolve(schedule);
  if (!Number.isFinite(startMs)) return NaN;
  let remaining = Math.round(hours * HOUR);
  let from = startMs;
  const firstDay = localDay(startMs, resolved.timeZone);
  for (let day = firstDay; day <= firstDay + MAX_SPAN_DAYS; day++) {
    const end = wallToInstant((day + 1) * DAY, resolved.timeZone);
    if (!resolved.closedDays.has(day)) {
      if (remaining <= end - from) return from + remaining;
      remaining -= end - from;
    }
    from = end;
  }
  throw new RangeError(`${hours} hours reach more than ${MAX_SPAN_DAYS} days ahead`);
}
