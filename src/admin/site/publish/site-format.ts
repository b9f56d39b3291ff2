import { businessContent } from '../../../content/business';
import { NOTHING_PUBLISHED } from '../../../content/published';

// The office's clock: the code's (the time zone is not a field the owner publishes).
const { business } = businessContent(NOTHING_PUBLISHED);

/** A time as the site editor writes it: on the office's clock (New York), US English. */
const timeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: business.timeZone,
});

export function formatSiteTime(ms: number): string {
  return timeFormat.format(new Date(ms));
}

const seconds = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** 3_250 → '3.3'. */
export function formatSeconds(ms: number): string {
  return seconds.format(ms / 1000);
}
