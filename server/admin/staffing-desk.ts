import type { Client } from '@libsql/client';
import type { InboxPage, WeekFigures, WeeklyPicture } from '../../src/admin/contract.ts';
import { business } from '../../src/content/business.ts';
import { businessMsBetween, lastWeekStarts, respondBy } from '../../src/forms/business-hours.ts';

/** The staffing desk's figures: which requests wait for a reply, and how the weeks went. */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Weeks in the weekly picture. */
export const WEEKS = 12;
/** No request waits longer than this for its respond-by time (4 business hours: at most ~3 days). */
const LONGEST_WAIT_MS = 31 * DAY_MS;

/**
 * The open quotes (still New) and how many are past their respond-by time. A quote older than
 * `LONGEST_WAIT_MS` certainly is; only the few younger ones are checked one by one.
 */
export async function needsReply(client: Client, now: number): Promise<InboxPage['needsReply']> {
  const [counted, recent] = await client.batch(
    [
      "SELECT COUNT(*) AS open FROM submissions WHERE form = 'quote' AND status = 'new'",
      {
        sql: `SELECT received_at FROM submissions INDEXED BY submissions_weekly
              WHERE received_at >= ? AND form = 'quote' AND status = 'new'`,
        args: [now - LONGEST_WAIT_MS],
      },
    ],
    'read',
  );
  const open = Number(counted?.rows[0]?.open ?? 0);
  const young = recent?.rows ?? [];
  const overdue = young.filter((quote) => respondBy(Number(quote.received_at)) < now).length;
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

/** SQL: the index of the week a row's `received_at` falls in, weeks' starts given as ?1…?count. */
function weekCase(count: number): string {
  const whens = Array.from({ length: count }, (_, index) => count - 1 - index).map(
    (week) => `WHEN received_at >= ?${week + 1} THEN ${week}`,
  );
  return `CASE ${whens.join(' ')} END`;
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
export async function weeklyPicture(client: Client, now: number): Promise<WeeklyPicture> {
  const starts = lastWeekStarts(now, WEEKS);
  const weeks: WeekFigures[] = starts.map((start) => ({
    start,
    quotes: 0,
    applications: 0,
    responded: 0,
    medianResponseMs: null,
  }));
  const [counts, responses] = await client.batch(
    [
      {
        sql: `SELECT ${weekCase(starts.length)} AS week, form, COUNT(*) AS n
              FROM submissions INDEXED BY submissions_weekly
              WHERE received_at >= ?1 AND status <> 'spam' GROUP BY week, form`,
        args: starts,
      },
      {
        sql: `SELECT received_at, first_response_at FROM submissions INDEXED BY submissions_weekly
              WHERE received_at >= ? AND form = 'quote' AND status <> 'spam'
                AND first_response_at IS NOT NULL`,
        args: [starts[0] ?? now],
      },
    ],
    'read',
  );
  for (const row of counts?.rows ?? []) {
    const week = weeks[Number(row.week)];
    if (!week) continue;
    if (row.form === 'quote') week.quotes = Number(row.n);
    else if (row.form === 'application') week.applications = Number(row.n);
  }
  const times = weeks.map((): number[] => []);
  for (const row of responses?.rows ?? []) {
    const received = Number(row.received_at);
    times[weekOf(starts, received)]?.push(
      businessMsBetween(received, Number(row.first_response_at)),
    );
  }
  weeks.forEach((week, index) => {
    week.responded = times[index]?.length ?? 0;
    week.medianResponseMs = median(times[index] ?? []);
  });
  return { weeks, promiseMs: business.promises.responseBusinessHours * HOUR_MS };
}
