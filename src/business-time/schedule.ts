/**
 * A schedule of opening hours (its time zone, days and hours), checked, and the business's own,
 * read from its facts as published; business-hours.ts counts time inside it.
 */
import { businessContent, type Business } from '../content/business';
import { NOTHING_PUBLISHED } from '../content/published';
import { checkTimeZone, DAY, MINUTE, wallToInstant, weekday } from './time-zone';

/** A business's opening hours: the days it opens, from when to when, on its own clock. */
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

/** A business's schedule, from its facts (the published version's: businessContent). */
export function scheduleOf(
  business: Pick<Business, 'timeZone' | 'openingHours'>,
): BusinessSchedule {
  return {
    timeZone: business.timeZone,
    opens: business.openingHours.opens,
    closes: business.openingHours.closes,
    days: business.openingHours.dayOfWeek,
  };
}

/** The code's schedule (nothing published): the default of counts that are not a promise. */
export const businessSchedule: BusinessSchedule = scheduleOf(
  businessContent(NOTHING_PUBLISHED).business,
);

/** Day names by `Date#getUTCDay` number (0 = Sunday). */
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const CLOCK = /^(?:([01]\d|2[0-3]):([0-5]\d)|24:00)$/;
/** Day windows remembered per schedule before the memory is emptied (a bound, not a tuning). */
const MAX_CACHED_WINDOWS = 10_000;

/** The opening hours of one calendar day, as instants. */
export interface Window {
  open: number;
  close: number;
}

/** A schedule checked and ready: minutes after local midnight, weekday numbers (0 = Sunday). */
export interface Resolved {
  timeZone: string;
  opens: number;
  closes: number;
  days: ReadonlySet<number>;
  /** Opening windows already worked out, by local day number (open days only). */
  windows: Map<number, Window>;
}

/** Schedules already checked, by their content (a copy of a schedule shares its cached windows). */
const resolvedSchedules = new Map<string, Resolved>();
/** Distinct schedules remembered before the memory is emptied (a bound, not a tuning). */
const MAX_CACHED_SCHEDULES = 100;

/** Minutes after midnight of an 'HH:MM' time; throws on anything else. */
function minutesOf(clock: string): number {
  const match = CLOCK.exec(clock);
  if (!match) throw new RangeError(`Not a 24-hour 'HH:MM' time: '${clock}'`);
  return match[1] === undefined ? 24 * 60 : Number(match[1]) * 60 + Number(match[2]);
}

/** The schedule checked and turned into numbers, once per distinct schedule. */
export function resolve(schedule: BusinessSchedule): Resolved {
  const key = [schedule.timeZone, schedule.opens, schedule.closes, ...schedule.days].join('|');
  const cached = resolvedSchedules.get(key);
  if (cached) return cached;
  checkTimeZone(schedule.timeZone); // Throws a RangeError now for an unknown time zone.
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
export function windowOf(day: number, schedule: Resolved): Window | null {
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
