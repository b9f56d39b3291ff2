/** The weekly picture's visits: the way to a lead per week, language and source, and page views. */
import { sql, type RawBuilder } from 'kysely';
import {
  SOURCE_KINDS,
  type FunnelRow,
  type FunnelSource,
  type PageViews,
  type SourceKind,
  type VisitPage,
} from '../../src/admin/contract.ts';
import type { Business } from '../../src/content/business.ts';
import { scheduleOf } from '../../src/business-time/schedule.ts';
import { DAY, localDay } from '../../src/business-time/time-zone.ts';
import type { Engine } from '../db/engine.ts';

const PAGES: readonly VisitPage[] = ['home', 'team', 'contact', 'quote', 'application', 'privacy'];

/** A day number (days since 1970-01-01) as the tables write it: 'YYYY-MM-DD'. */
export function dayString(day: number): string {
  return new Date(day * DAY).toISOString().slice(0, 10);
}

/**
 * Each week's first day as the visit tables write days, on the business's calendar: a week's
 * start is a local Monday midnight, so its day is right however long the week (167 or 169 hours
 * across a change of the clocks).
 */
export function weekFirstDays(starts: readonly number[], timeZone: string): string[] {
  return starts.map((start) => dayString(localDay(start, timeZone)));
}

/** The index of the week a row's `day` falls in ('YYYY-MM-DD' strings sort as dates). */
function dayWeekCase(firstDays: readonly string[]): RawBuilder<number> {
  const whens = firstDays
    .map((day, week) => sql`WHEN day >= ${day} THEN ${sql.lit(week)}`)
    .reverse();
  return sql<number>`CASE ${sql.join(whens, sql` `)} END`;
}

/** The index of the week a submission's `received_at` falls in. */
function receivedWeekCase(starts: readonly number[]): RawBuilder<number> {
  const whens = starts
    .map((start, week) => sql`WHEN received_at >= ${start} THEN ${sql.lit(week)}`)
    .reverse();
  return sql<number>`CASE ${sql.join(whens, sql` `)} END`;
}

const languageOf = (value: unknown): 'en' | 'es' => (value === 'es' ? 'es' : 'en');
const kindOf = (value: unknown): SourceKind =>
  SOURCE_KINDS.find((kind) => kind === value) ?? 'direct';

/** The funnel's rows, one per week, language and source, as they are added to. */
class FunnelRows {
  readonly #rows = new Map<string, FunnelRow>();

  row(week: number, language: unknown, kind: unknown, name: unknown, campaign: unknown) {
    return this.#row(week, language, {
      kind: kindOf(kind),
      name: typeof name === 'string' ? name : '',
      campaign: typeof campaign === 'string' ? campaign : '',
    });
  }

  /** The row of the leads whose visit is not known. */
  unknown(week: number, language: unknown) {
    return this.#row(week, language, { kind: 'unknown', name: '', campaign: '' });
  }

  #row(week: number, language: unknown, source: FunnelSource) {
    const lang = languageOf(language);
    const key = JSON.stringify([week, lang, source.kind, source.name, source.campaign]);
    let row = this.#rows.get(key);
    if (!row) {
      row = {
        week,
        language: lang,
        ...source,
        visitors: 0,
        sawForm: 0,
        started: 0,
        sent: 0,
        replied: 0,
      };
      this.#rows.set(key, row);
    }
    return row;
  }

  list(): FunnelRow[] {
    return [...this.#rows.values()].sort(
      (a, b) => a.week - b.week || b.visitors - a.visitors || b.sent - a.sent,
    );
  }
}

/**
 * Visitors, those who saw a form page and those who started a form, per week, language and source:
 * the finished days added up in `visit_sources` and the days not yet added up, one row per
 * visitor, in `visitor_days`. One statement, so that a day being added up meanwhile is counted
 * once (it is moved from one table to the other in one transaction).
 */
function visitCounts({ db }: Engine, firstDays: readonly string[], lastDay: string) {
  const first = firstDays[0] ?? lastDay;
  const finished = db
    .selectFrom('visit_sources')
    .select(['day', 'language', 'source_kind', 'source_name', 'campaign', 'visitors'])
    .select(['saw_form', 'started'])
    .where('day', '>=', first)
    .where('day', '<=', lastDay);
  const open = db
    .selectFrom('visitor_days')
    .select(['day', 'language', 'source_kind', 'source_name', 'campaign'])
    .select([sql<number>`1`.as('visitors'), 'saw_form', 'started'])
    .where('day', '>=', first)
    .where('day', '<=', lastDay);
  return db
    .selectFrom(finished.unionAll(open).as('v'))
    .select((eb) => [
      dayWeekCase(firstDays).as('week'),
      'language',
      'source_kind',
      'source_name',
      'campaign',
      eb.fn.sum<number>('visitors').as('visitors'),
      eb.fn.sum<number>('saw_form').as('saw_form'),
      eb.fn.sum<number>('started').as('started'),
    ])
    .groupBy([sql`week`, 'language', 'source_kind', 'source_name', 'campaign'])
    .execute();
}

/** Submissions sent and replied to per week, language and source (spam left out). */
function leadCounts({ db, submissionsThrough }: Engine, starts: readonly number[]) {
  return db
    .selectFrom(submissionsThrough('submissions_weekly'))
    .select((eb) => [
      receivedWeekCase(starts).as('week'),
      'site_language',
      'source_kind',
      'source_name',
      'source_campaign',
      eb.fn.countAll<number>().as('sent'),
      eb.fn.count<number>('first_response_at').as('replied'),
    ])
    .where('received_at', '>=', starts[0] ?? 0)
    .where('status', '<>', 'spam')
    .groupBy([sql`week`, 'site_language', 'source_kind', 'source_name', 'source_campaign'])
    .execute();
}

/** Page views per week, page and language. */
function pageCounts({ db }: Engine, firstDays: readonly string[], lastDay: string) {
  return db
    .selectFrom('visit_pages')
    .select((eb) => [
      dayWeekCase(firstDays).as('week'),
      'page',
      'language',
      eb.fn.sum<number>('views').as('views'),
    ])
    .where('day', '>=', firstDays[0] ?? lastDay)
    .where('day', '<=', lastDay)
    .groupBy([sql`week`, 'page', 'language'])
    .execute();
}

/**
 * The way to a lead in the weeks that start at `starts` (local Monday midnights, oldest first, as
 * the weekly picture has them; the last runs to `now`): visitors → saw a form page → started a
 * form → sent → replied to, per week, language and source; and page views per week, page and
 * language. A submission of no known visit (`source_kind` null: GPC, visits not counted then) is
 * in its own 'unknown' row, with no visitors; one of no known language counts as English.
 */
export async function visitPicture(
  engine: Engine,
  starts: readonly number[],
  now: number,
  business: Business,
): Promise<{ funnel: FunnelRow[]; pages: PageViews[] }> {
  if (starts.length === 0) return { funnel: [], pages: [] };
  const { timeZone } = scheduleOf(business);
  const firstDays = weekFirstDays(starts, timeZone);
  // The last week's Sunday, or today when it is earlier (no day after now has counts).
  const lastDay = dayString(
    Math.min(localDay(starts.at(-1) ?? now, timeZone) + 6, localDay(now, timeZone)),
  );
  const [visits, leads, views] = await Promise.all([
    visitCounts(engine, firstDays, lastDay),
    leadCounts(engine, starts),
    pageCounts(engine, firstDays, lastDay),
  ]);
  const funnel = new FunnelRows();
  for (const row of visits) {
    const to = funnel.row(
      Number(row.week),
      row.language,
      row.source_kind,
      row.source_name,
      row.campaign,
    );
    to.visitors += Number(row.visitors);
    to.sawForm += Number(row.saw_form);
    to.started += Number(row.started);
  }
  for (const row of leads) {
    const week = Number(row.week);
    if (!Number.isInteger(week) || week < 0 || week >= starts.length) continue;
    // A lead whose visit was not counted (GPC, not counted then) is no step of a counted visit.
    const to =
      row.source_kind === null
        ? funnel.unknown(week, row.site_language)
        : funnel.row(
            week,
            row.site_language,
            row.source_kind,
            row.source_name,
            row.source_campaign,
          );
    to.sent += Number(row.sent);
    to.replied += Number(row.replied);
  }
  const pages: PageViews[] = [];
  for (const row of views) {
    const page = PAGES.find((known) => known === row.page);
    if (!page) continue;
    pages.push({
      week: Number(row.week),
      page,
      language: languageOf(row.language),
      views: Number(row.views),
    });
  }
  return { funnel: funnel.list(), pages };
}
