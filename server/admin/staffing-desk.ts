import { sql } from 'kysely';
import type { InboxPage, WeekFigures, WeeklyPicture } from '../../src/admin/contract.ts';
import type { Business } from '../../src/content/business.ts';
import { businessMsBetween } from '../../src/business-time/business-hours.ts';
import { longestResponseWaitMs, respondBy } from '../../src/business-time/promises.ts';
import { scheduleOf } from '../../src/business-time/schedule.ts';
import { lastWeekStarts } from '../../src/business-time/weeks.ts';
import type { Engine } from '../db/engine.ts';
import { visitPicture } from '../visits/visit-picture.ts';

/** The staffing desk's figures: which requests wait for a reply, and how the weeks went. */

const HOUR_MS = 60 * 60 * 1000;
/** Weeks in the weekly picture. */
export const WEEKS = 12;

/**
 * What needs a reply, and how many are past their respond-by time: the open quotes (still New),
 * and every submission whose visitor's answer waits (`answer_waiting_since`; Spam aside), whose
 * respond-by runs from that answer. A quote older than `longestResponseWaitMs()` (a bound from the
 * hours and closed days) certainly is overdue; only the few younger ones are checked one by one.
 */
export async function needsReply(
  { db, submissionsThrough }: Engine,
  now: number,
  business: Business,
): Promise<InboxPage['needsReply']> {
  const youngSince = now - longestResponseWaitMs(business);
  const [counted, young, waiting] = await Promise.all([
    db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll().as('open'))
      .where('form', '=', 'quote')
      .where('status', '=', 'new')
      .executeTakeFirst(),
    db
      .selectFrom(submissionsThrough('submissions_weekly'))
      .select('received_at')
      .where('received_at', '>=', youngSince)
      .where('form', '=', 'quote')
      .where('status', '=', 'new')
      .execute(),
    db
      .selectFrom('submissions')
      .select(['form', 'status', 'received_at', 'answer_waiting_since'])
      .where('answer_waiting_since', 'is not', null)
      .where('status', '<>', 'spam')
      .execute(),
  ]);
  const overdueFrom = (from: number) => respondBy(from, business) < now;
  let open = Number(counted?.open ?? 0);
  let younger = young.length;
  let overdue = young.filter((quote) => overdueFrom(Number(quote.received_at))).length;
  for (const row of waiting) {
    // A New quote whose answer waits is counted once, by its answer.
    if (row.form === 'quote' && row.status === 'new') {
      const received = Number(row.received_at);
      open -= 1;
      if (received >= youngSince) {
        younger -= 1;
        if (overdueFrom(received)) overdue -= 1;
      }
    }
    open += 1;
    younger += 1;
    if (overdueFrom(Number(row.answer_waiting_since))) overdue += 1;
  }
  return { open, overdue: open - younger + overdue };
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
 * applications received, the median business time from a quote's arrival to its first response and
 * how many came within the promise, and the visits' way to a lead (server/visits/visit-picture.ts).
 */
export async function weeklyPicture(
  engine: Engine,
  now: number,
  business: Business,
): Promise<WeeklyPicture> {
  const { db, submissionsThrough } = engine;
  const starts = lastWeekStarts(now, WEEKS, scheduleOf(business));
  const weeks: WeekFigures[] = starts.map((start) => ({
    start,
    quotes: 0,
    applications: 0,
    responded: 0,
    medianResponseMs: null,
    withinPromise: 0,
  }));
  const since = starts[0] ?? now;
  const promiseMs = business.promises.responseBusinessHours * HOUR_MS;
  const [counts, responses, visits] = await Promise.all([
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
    visitPicture(engine, starts, now, business),
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
    week.withinPromise = (times[index] ?? []).filter((ms) => ms <= promiseMs).length;
  });
  return { weeks, promiseMs, funnel: visits.funnel, pages: visits.pages };
}
