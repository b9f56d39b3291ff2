import { sql } from 'kysely';
import type { InboxPage, WeekFigures, WeeklyPicture } from '../../src/admin/contract.ts';
import type { Business } from '../../src/content/business.ts';
import { businessMsBetween } from '../../src/business-time/business-hours.ts';
import { longestResponseWaitMs, respondBy } from '../../src/business-time/promises.ts';
import { scheduleOf } from '../../src/business-time/schedule.ts';
import { lastWeekStarts } from '../../src/business-time/weeks.ts';
import type { Engine } from '../db/engine.ts';

/** The staffing desk's figures: which requests wait for a reply, and how the weeks went. */

const HOUR_MS = 60 * 60 * 1000;
/** Weeks in the weekly picture. */
export const WEEKS = 12;

/**
 * The open quotes (still New) and how many are past their respond-by time. A quote older than
 * `longestResponseWaitMs()` (a bound from the hours and closed days) certainly is; only the few younger ones are checked one by one.
 */
export async function needsReply(
  { db, submissionsThrough }: Engine,
  now: number,
  business: Business,
): Promise<InboxPage['needsReply']> {
  const [counted, young] = await Promise.all([
    db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll().as('open'))
      .where('form', '=', 'quote')
      .where('status', '=', 'new')
      .executeTakeFirst(),
    db
      .selectFrom(submissionsThrough('submissions_weekly'))
      .select('received_at')
      .where('received_at', '>=', now - longestResponseWaitMs(business))
      .where('form', '=', 'quote')
      .where('status', '=', 'new')
      .execute(),
  ]);
  const open = Number(counted?.open ?? 0);
  const overdue = young.filter(
    (quote) => respondBy(Number(quote.received_at), business) < now,
  ).length;
  return { open, overdue: open - young.length + overdue };
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The index of the week a row's `received_at` falls in (weeks' starts in order). */
function weekCase(starts: readonly number[]) {
  const whens = starts
    .map((start, week) => sql`WHEN received_at >= ${start} THEN ${sql.lit(week)}`)
    .reverse();
  return sql<number>`CASE ${sql.join(whens, sql` `)} END`;
}

/** The week (index into `starts`) an instant falls in; -1 before the first. */
function weekOf(starts: readonly number[], at: number): number {
  let index = starts.length - 1;
  while (index >= 0 && at < (starts[index] ?? 0)) index -= 1;
  return index;
}

/**
 * The last `WEEKS` weeks (Monday to Sunday on the business's clock), spam left out: quotes and
 * applications received, and the median business time from a quote's arrival to its first response.
 */
export async function weeklyPicture(
  { db, submissionsThrough }: Engine,
  now: number,
  business: Business,
): Promise<WeeklyPicture> {
  const starts = lastWeekStarts(now, WEEKS, scheduleOf(business));
  const weeks: WeekFigures[] = starts.map((start) => ({
    start,
    quotes: 0,
    applications: 0,
    responded: 0,
    medianResponseMs: null,
  }));
  const since = starts[0] ?? now;
  const [counts, responses] = await Promise.all([
    db
      .selectFrom(submissionsThrough('submissions_weekly'))
      .select((eb) => [weekCase(starts).as('week'), 'form', eb.fn.countAll().as('n')])
      .where('received_at', '>=', since)
      .where('status', '<>', 'spam')
      // By the output column's name: the CASE again would hold new parameters (Postgres would
      // not see it as the same expression).
      .groupBy([sql`week`, 'form'])
      .execute(),
    db
      .selectFrom(submissionsThrough('submissions_weekly'))
      .select(['received_at', 'first_response_at'])
      .where('received_at', '>=', since)
      .where('form', '=', 'quote')
      .where('status', '<>', 'spam')
      .where('first_response_at', 'is not', null)
      .execute(),
  ]);
  for (const row of counts) {
    const week = weeks[Number(row.week)];
    if (!week) continue;
    if (row.form === 'quote') week.quotes = Number(row.n);
    else if (row.form === 'application') week.applications = Number(row.n);
  }
  const times = weeks.map((): number[] => []);
  for (const row of responses) {
    const received = Number(row.received_at);
    times[weekOf(starts, received)]?.push(
      businessMsBetween(received, Number(row.first_response_at), scheduleOf(business)),
    );
  }
  weeks.forEach((week, index) => {
    week.responded = times[index]?.length ?? 0;
    week.medianResponseMs = median(times[index] ?? []);
  });
  return { weeks, promiseMs: business.promises.responseBusinessHours * HOUR_MS };
}
