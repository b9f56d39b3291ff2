/**
 * The promises the site makes, as instants: when a quote request must have its first answer (in
 * business hours) and when its quote is due (wall-clock hours).
 */
import { business } from '../content/business';
import { addBusinessHours } from './business-hours';
import { businessSchedule } from './schedule';
import { HOUR } from './time-zone';

/** When a quote request received at `receivedMs` must have its first answer (promises.responseBusinessHours). */
export function respondBy(receivedMs: number): number {
  return addBusinessHours(receivedMs, business.promises.responseBusinessHours, businessSchedule);
}

/** When its personalised quote is due: promises.quoteHours wall-clock hours later (any day). */
export function quoteBy(receivedMs: number): number {
  return receivedMs + business.promises.quoteHours * HOUR;
}
