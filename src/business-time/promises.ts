/**
 * The promises the site makes, as instants: when a quote request must have its first answer (in
 * business hours) and when its quote is due (wall-clock hours, closed days left out). Both count
 * on the facts given (the published business part), the code's by default.
 */
import { business } from '../content/business';
import { addBusinessHours, addHoursSkippingClosedDays } from './business-hours';
import { scheduleOf, type ScheduleFacts } from './schedule';

/** What the promises are counted from: the schedule's facts and the promised numbers. */
export interface PromiseFacts extends ScheduleFacts {
  promises: { responseBusinessHours: number; quoteHours: number };
}

/** When a quote request received at `receivedMs` must have its first answer (promises.responseBusinessHours). */
export function respondBy(receivedMs: number, facts: PromiseFacts = business): number {
  return addBusinessHours(receivedMs, facts.promises.responseBusinessHours, scheduleOf(facts));
}

/**
 * When its personalised quote is due: promises.quoteHours wall-clock hours later, any day of the
 * week, but not counting the closed days (a holiday pauses the promise as it pauses the office).
 */
export function quoteBy(receivedMs: number, facts: PromiseFacts = business): number {
  return addHoursSkippingClosedDays(receivedMs, facts.promises.quoteHours, scheduleOf(facts));
}
