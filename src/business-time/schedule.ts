/**
 * A schedule of opening hours (its time zone, each weekday's hours, its closed dates), checked,
 * and the business's own, read from its facts as published; business-hours.ts counts time inside it.
 */
import { businessContent } from '../content/business';
import { WEEKDAYS, type ClosedDay, type DayHours } from '../content/opening-hours';
import { NOTHING_PUBLISHED } from '../content/published';
import { checkTimeZone, DAY, MINUTE, wallToInstant, weekday } from './time-zone';

/** A business's opening hours: on which days, from when to when, on its own clock. */
export interface BusinessSchedule {
  /** An IANA time zone, e.g. 'America/New_York'. */
  timeZone: string;
  /**
   * Each weekday's hours ('HH:MM' on the 24-hour clock; `closes` later than `opens`, '24:00'
   * being the midnight that ends the day). A weekday not listed, or not open, is closed.
   */
  week: readonly { day: string; open: boolean; opens: string; closes: string }[];
  /** Dates closed all day, 'YYYY-MM-DD' on the office's calendar (holidays). */
  closedDates?: readonly string[];
}

/** The facts a schedule is made of, as the business part publishes them. */
export interface ScheduleFacts {
  timeZone: string;
  openingHours: readonly DayHours[];
  closedDays: readonly ClosedDay[];
}

/** The schedule of published (or the code's) facts. */
export function scheduleOf(facts: ScheduleFacts): BusinessSchedule {
  return {
    timeZone: facts.timeZone,
    week: facts.openingHours,
    closedDates: facts.closedDays.map(({ date }) => date),
  };
}

/** The code's schedule (nothing published): the default of counts that are not a promise. */
export const businessSchedule: BusinessSchedule = scheduleOf(
  businessContent(NOTHING_PUBLISHED).business,
);

/** Day names by `Date#getUTCDay` number (0 = Sunday). */
const WEEKDAY_NUMBERS: readonly string[] = [WEEKDAYS[6], ...WEEKDAYS.slice(0, 6)];
const CLOCK = /^(?:([01]\d|2[0-3]):([0-5]\d)|24:00)$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Day windows remembered per schedule before the memory is emptied (a bound, not a tuning). */
const MAX_CACHED_WINDOWS = 10_000;

/** The opening hours of one calendar day, as instants. */
export interface Window {
  open: number;
  close: number;
}

/** A schedule checked and ready: minutes after local midnight per weekday, closed day numbers. */
export interface Resolved {
  timeZone: string;
  /** By weekday number (0 = Sunday): minutes after midnight, or null when closed that weekday. */
  hours: readonly ({ opens: number; closes: number } | null)[];
  /** Local day numbers (days since 1970-01-01) closed all day. */
  closedDays: ReadonlySet<number>;
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

/** The local day number of 'YYYY-MM-DD'; throws on anything else. */
function dayNumberOf(date: string): number {
  const match = ISO_DATE.exec(date);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (!match || new Date(ms).toISOString().slice(0, 10) !== date) {
    throw new RangeError(`Not a 'YYYY-MM-DD' date: '${date}'`);
  }
  return ms / DAY;
}

function resolveWeek(week: BusinessSchedule['week']): Resolved['hours'] {
  const hours: ({ opens: number; closes: number } | null)[] = WEEKDAY_NUMBERS.map(() => null);
  for (const entry of week) {
    const index = WEEKDAY_NUMBERS.indexOf(entry.day);
    if (index < 0) throw new RangeError(`Not an English day name: '${entry.day}'`);
    if (!entry.open) continue;
    const opens = minutesOf(entry.opens);
    const closes = minutesOf(entry.closes);
    if (closes <= opens) throw new RangeError(`${entry.day} must close after it opens`);
    hours[index] = { opens, closes };
  }
  if (hours.every((day) => day === null)) {
    throw new RangeError('A schedule must be open on at least one day');
  }
  return hours;
}

/** The schedule checked and turned into numbers, once per distinct schedule. */
export function resolve(schedule: BusinessSchedule): Resolved {
  const key = JSON.stringify([schedule.timeZone, schedule.week, schedule.closedDates ?? []]);
  const cached = resolvedSchedules.get(key);
  if (cached) return cached;
  checkTimeZone(schedule.timeZone); // Throws a RangeError now for an unknown time zone.
  const resolved: Resolved = {
    timeZone: schedule.timeZone,
    hours: resolveWeek(schedule.week),
    closedDays: new Set((schedule.closedDates ?? []).map(dayNumberOf)),
    windows: new Map(),
  };
  if (resolvedSchedules.size >= MAX_CACHED_SCHEDULES) resolvedSchedules.clear();
  resolvedSchedules.set(key, resolved);
  return resolved;
}

/** Whether the business is closed all of local day `day` (a closed date or a closed weekday). */
export function isClosedDay(day: number, schedule: Resolved): boolean {
  return schedule.closedDays.has(day) || schedule.hours[weekday(day)] === null;
}

/** The opening hours of a local day as instants, or null when the business is closed that day. */
export function windowOf(day: number, schedule: Resolved): Window | null {
  const hours = schedule.hours[weekday(day)];
  if (!hours || schedule.closedDays.has(day)) return null;
  let window = schedule.windows.get(day);
  if (!window) {
    const midnight = day * DAY;
    window = {
      open: wallToInstant(midnight + hours.opens * MINUTE, schedule.timeZone),
      close: wallToInstant(midnight + hours.closes * MINUTE, schedule.timeZone),
    };
    if (schedule.windows.size >= MAX_CACHED_WINDOWS) schedule.windows.clear();
    schedule.windows.set(day, window);
  }
  return window;
}
