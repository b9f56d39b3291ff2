/**
 * The promises the site makes, as instants: when a quote request must have its first answer (in
 * business hours) and when its quote is due (wall-clock hours).
 */
import type { Business } from '../content/business';
import { addBusinessHours } from './business-hours';
import { scheduleOf } from './schedule';
import { HOUR } from './time-zone';

/** The facts a promise is counted from: the published version's (businessContent). */
export type PromiseFacts = Pick<Business, 'promises' | 'timeZone' | 'openingHours'>;

/** When a quote request received at `receivedMs` must have its first answer (promises.responseBusinessHours). */
export function respondBy(receivedMs: number, business: PromiseFacts): number {
  return addBusinessHours(
    receivedMs,
    business.promises.responseBusinessHours,
    scheduleOf(business),
  );
}

/** When its personalised quote is due: promises.quoteHours wall-clock hours later (any day). */
export function quoteBy(receivedMs: number, business: Pick<Business, 'promises'>): number {
  return receivedMs + business.promises.quoteHours * HOUR;
}
