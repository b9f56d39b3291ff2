import { business } from '../content/business';

/**
 * The staffing desk's deadline arithmetic, in one place: business hours counted on the office's
 * clock (its time zone, its opening hours, its open days). Used by the server (Node) and by the
 * browser, with nothing but `Intl`: the answers never depend on the time zone of the machine that
 * runs the code, and they stay right on the days the clocks change (DST).
 *
 * Instants are milliseconds since the epoch. Internally, a calendar day of the schedule's time zone
 * is a whole number of days since 1970-01-01, and a wall time (what the office clock shows) is
 * written as milliseconds as if that clock were UTC; `wallToInstant` turns one into the instant.
 */

export interface BusinessSchedule {
  /** An IANA time zone, e.g. 'America/New_York'. */
  timeZone: string;
  /** Opening time on the 24-hour clock, 'HH:MM'. */
  opens: string;
  /** Closing time, 'HH:MM', later than `opens` ('24:00' is the midnight that ends the day). */
  closes: string;
  /** The open days, as English day names ('Monday'). */
  days: readonly string[];
}

/** The business's own schedule, from content. */
export const businessSchedule: BusinessSchedule = {
  timeZone: business.timeZone,
  opens: business.openingHours.opens,
  closes: business.openingHours.closes,
  days: business.openingHours.dayOfWeek,
};

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The longest span walked day by day (about four years); anything longer is absurd. */
const MAX_SPAN_DAYS = 4 * 366;
/** The most weeks `lastWeekStarts` lists (about nineteen years). */
const MAX_WEEKS = 1000;
/** Day names by `Date#getUTCDay` number (0 = Sunday). */
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const CLOCK = /^(?:([01]\d|2[0-3]):([0-5]\d)|24:00)$/;
/** Day windows remembered per schedule before the memory is emptied (a bound, not a tuning). */
const MAX_CACHED_WINDOWS = 10_000;

/** The opening hours of one calendar day, as instants. */
interface Window {
  open: number;
  close: number;
}

/** A schedule checked and ready: minutes after local midnight, weekday numbers (0 = Sunday). */
interface Resolved {
  timeZone: string;
  opens: number;
  closes: number;
  days: ReadonlySet<number>;
  /** Opening windows already worked out, by local day number (open days only). */
  windows: Map<number, Window>;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Schedules already checked, by their content (a copy of a schedule shares its cached windows). */
const resolvedSchedules = new Map<string, Resolved>();
/** Distinct schedules remembered before the memory is emptied (a bound, not a tuning). */
const MAX_CACHED_SCHEDULES = 100;

/** One formatter per time zone, made once: creating them is the expensive part of `Intl`. */
function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/**
 * Each zone's offset from UTC through one UTC day, when it stays the same from that day's start to
 * the next day's (null: the clocks change that day). Clocks change at most once a day, so a day
 * whose two ends agree has one offset throughout: asked of `Intl` twice per day, not per instant.
 */
const steadyOffsets = new Map<string, Map<number, number | null>>();
const MAX_CACHED_DAYS = 20_000;

function steadyOffset(utcDay: number, timeZone: string): number | null {
  let days = steadyOffsets.get(timeZone);
  if (!days) {
    days = new Map();
    steadyOffsets.set(timeZone, days);
  }
  let offset = days.get(utcDay);
  if (offset === undefined) {
    const start = utcDay * DAY;
    const atStart = formattedWallClock(start, timeZone) - start;
    const atEnd = formattedWallClock(start + DAY, timeZone) - (start + DAY);
    offset = atStart === atEnd ? atStart : null;
    if (days.size >= MAX_CACHED_DAYS) days.clear();
    days.set(utcDay, offset);
  }
  return offset;
}

/** What the clocks of `timeZone` show at `ms`, as a wall time (whole seconds). */
function wallClock(ms: number, timeZone: string): number {
  const offset = steadyOffset(Math.floor(ms / DAY), timeZone);
  if (offset === null) return formattedWallClock(ms, timeZone);
  return Math.floor(ms / SECOND) * SECOND + offset;
}

/** `wallClock` as `Intl` tells it: right on every day, and slow. */
function formattedWallClock(ms: number, timeZone: string): number {
  const fields = new Map<string, number>();
  for (const part of formatter(timeZone).formatToParts(ms)) {
    fields.set(part.type, Number(part.value));
  }
  const field = (type: string): number => fields.get(type) ?? 0;
  // `% 24`: some older engines write midnight as hour 24 even with hourCycle 'h23'.
  return Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour') % 24,
    field('minute'),
    field('second'),
  );
}

/** How far the clocks of `timeZone` are ahead of UTC at `ms` (negative west of Greenwich). */
function offsetAt(ms: number, timeZone: string): number {
  const wholeSecond = Math.floor(ms / SECOND) * SECOND;
  return wallClock(wholeSecond, timeZone) - wholeSecond;
}

/**
 * The instant the clocks of `timeZone` show `wall`. Guess with the offsets a day either side; when
 * they differ (a change of the clocks is near), recheck each guess by reading the clock back. A
 * wall time that happens twice (clocks set back) gives the first; one that never happens (clocks
 * set forward) is moved later by the gap, e.g. 02:30 → 03:30 (as Temporal's 'compatible').
 */
function wallToInstant(wall: number, timeZone: string): number {
  const before = wall - offsetAt(wall - DAY, timeZone);
  const after = wall - offsetAt(wall + DAY, timeZone);
  if (before === after) return before;
  const real = [before, after].filter((instant) => wallClock(instant, timeZone) === wall);
  return real.length > 0 ? Math.min(...real) : Math.max(before, after);
}

/** The calendar day (days since 1970-01-01) of the schedule's time zone that contains `ms`. */
function localDay(ms: number, timeZone: string): number {
  return Math.floor(wallClock(ms, timeZone) / DAY);
}

/** 0 = Sunday … 6 = Saturday, for a day number (day 0, 1970-01-01, was a Thursday). */
function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** Minutes after midnight of an 'HH:MM' time; throws on anything else. */
function minutesOf(clock: string): number {
  const match = CLOCK.exec(clock);
  if (!match) throw new RangeError(`Not a 24-hour 'HH:MM' time: '${clock}'`);
  return match[1] === undefined ? 24 * 60 : Number(match[1]) * 60 + Number(match[2]);
}

/** The schedule checked and turned into numbers, once per distinct schedule. */
function resolve(schedule: BusinessSchedule): Resolved {
  const key = [schedule.timeZone, schedule.opens, schedule.closes, ...schedule.days].join('|');
  const cached = resolvedSchedules.get(key);
  if (cached) return cached;
  formatter(schedule.timeZone); // Throws a RangeError now for an unknown time zone.
  const opens = minutesOf(schedule.opens);
  const closes = minutesOf(schedule.closes);
  if (closes <= opens) throw new RangeError('A schedule must close after it opens');
  const days = new Set(
    schedule.days.map((name) => {
      const index = WEEKDAYS.indexOf(name);
      if (index < 0) throw new RangeError(`Not an English day name: '${name}'`);
      return index;
    }),
  );
  if (days.size === 0) throw new RangeError('A schedule must be open on at least one day');
  const resolved: Resolved = {
    timeZone: schedule.timeZone,
    opens,
    closes,
    days,
    windows: new Map(),
  };
  if (resolvedSchedules.size >= MAX_CACHED_SCHEDULES) resolvedSchedules.clear();
  resolvedSchedules.set(key, resolved);
  return resolved;
}

/** The opening hours of a local day as instants, or null when the business is closed that day. */
function windowOf(day: number, schedule: Resolved): Window | null {
  if (!schedule.days.has(weekday(day))) return null;
  let window = schedule.windows.get(day);
  if (!window) {
    const midnight = day * DAY;
    window = {
      open: wallToInstant(midnight + schedule.opens * MINUTE, schedule.timeZone),
      close: wallToInstant(midnight + schedule.closes * MINUTE, schedule.timeZone),
    };
    if (schedule.windows.size >= MAX_CACHED_WINDOWS) schedule.windows.clear();
    schedule.windows.set(day, window);
  }
  return window;
}

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

/** When a quote request received at `receivedMs` must have its first answer (promises.responseBusinessHours). */
export function respondBy(receivedMs: number): number {
  return addBusinessHours(receivedMs, business.promises.responseBusinessHours, businessSchedule);
}

/** When its personalised quote is due: promises.quoteHours wall-clock hours later (any day). */
export function quoteBy(receivedMs: number): number {
  return receivedMs + business.promises.quoteHours * HOUR;
}

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
