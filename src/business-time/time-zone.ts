/**
 * The clock of a time zone, with nothing but `Intl`: what its clocks show at an instant, and the
 * instant they show a given time. The answers never depend on the time zone of the machine that
 * runs the code, and they stay right on the days the clocks change (DST).
 *
 * Instants are milliseconds since the epoch. A calendar day of a time zone is a whole number of
 * days since 1970-01-01, and a wall time (what its clocks show) is written as milliseconds as if
 * that clock were UTC; `wallToInstant` turns one into the instant.
 */

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

const formatters = new Map<string, Intl.DateTimeFormat>();

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

/** Throws a RangeError for a time zone `Intl` does not know. */
export function checkTimeZone(timeZone: string): void {
  formatter(timeZone);
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
export function wallToInstant(wall: number, timeZone: string): number {
  const before = wall - offsetAt(wall - DAY, timeZone);
  const after = wall - offsetAt(wall + DAY, timeZone);
  if (before === after) return before;
  const real = [before, after].filter((instant) => wallClock(instant, timeZone) === wall);
  return real.length > 0 ? Math.min(...real) : Math.max(before, after);
}

/** The calendar day (days since 1970-01-01) of `timeZone` that contains `ms`. */
export function localDay(ms: number, timeZone: string): number {
  return Math.floor(wallClock(ms, timeZone) / DAY);
}

/** 0 = Sunday … 6 = Saturday, for a day number (day 0, 1970-01-01, was a Thursday). */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}
