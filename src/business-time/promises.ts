/**
 * The promises the site makes, as instants: when a quote request must have its first answer (in
 * business hours) and when its quote is due (wall-clock hours, closed days left out). Both count
 * on the facts given: the published business part (businessContent of the live version).
 */
import { addBusinessHours, addHoursSkippingClosedDays } from './business-hours';
import { resolve, scheduleOf, type ScheduleFacts } from './schedule';
import { DAY } from './time-zone';

/** What the promises are counted from: the schedule's facts and the promised numbers. */
export interface PromiseFacts extends ScheduleFacts {
  promises: { responseBusinessHours: number; quoteHours: number };
}

/** When a quote request received at `receivedMs` must have its first answer (promises.responseBusinessHours). */
export function respondBy(receivedMs: number, facts: PromiseFacts): number {
  return addBusinessHours(receivedMs, facts.promises.responseBusinessHours, scheduleOf(facts));
}

/**
 * When its personalised quote is due: promises.quoteHours wall-clock hours later, any day of the
 * week, but not counting the closed days (a holiday pauses the promise as it pauses the office).
 */
export function quoteBy(receivedMs: number, facts: PromiseFacts): number {
  return addHoursSkippingClosedDays(receivedMs, facts.promises.quoteHours, scheduleOf(facts));
}

/**
 * A bound on how long any request can wait for its respond-by time under `facts`: the whole weeks
 * that hold the promised business hours, one more for where in its week it arrives, a week more
 * per closed date (it may take the only open day of its week), and a day for the clocks' changes.
 * Requests older than this are surely overdue (the staffing desk counts them without a look).
 */
export function longestResponseWaitMs(facts: PromiseFacts): number {
  const { hours } = resolve(scheduleOf(facts));
  const weeklyMinutes = hours.reduce((sum, day) => sum + (day ? day.closes - day.opens : 0), 0);
  const weeks = Math.ceil((facts.promises.responseBusinessHours * 60) / weeklyMinutes) + 1;
  return (weeks + facts.closedDays.length) * 7 * DAY + DAY;
}
