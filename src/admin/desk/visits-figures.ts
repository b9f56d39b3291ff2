/** The weekly picture's visits added up for what the owner chose to see: a language, a source. */
import type { FunnelRow, FunnelSource, PageViews, VisitPage, WeeklyPicture } from '../contract';

export type LanguageChoice = 'all' | 'en' | 'es';
/** 'all', or a source's key (`sourceKey`). */
export type SourceChoice = string;

export interface Steps {
  visitors: number;
  sawForm: number;
  started: number;
  sent: number;
  replied: number;
}

export const STEPS = ['visitors', 'sawForm', 'started', 'sent', 'replied'] as const;

const noSteps = (): Steps => ({ visitors: 0, sawForm: 0, started: 0, sent: 0, replied: 0 });

function addSteps(to: Steps, row: Steps) {
  for (const step of STEPS) to[step] += row[step];
}

/** One source as a filter's value. */
export function sourceKey({ kind, name, campaign }: FunnelSource): string {
  return JSON.stringify([kind, name, campaign]);
}

/** The rows a language and a source choose. */
export function chosenRows(
  funnel: readonly FunnelRow[],
  language: LanguageChoice,
  source: SourceChoice,
): FunnelRow[] {
  return funnel.filter(
    (row) =>
      (language === 'all' || row.language === language) &&
      (source === 'all' || sourceKey(row) === source),
  );
}

/** The rows of counted visits: the funnel of 'all' sources leaves out the leads of no known visit. */
export function followedRows(rows: readonly FunnelRow[]): FunnelRow[] {
  return rows.filter((row) => row.kind !== 'unknown');
}

/** The leads of the rows whose visit is not known, in `week`. */
export function unknownLeads(rows: readonly FunnelRow[], week: number): number {
  return rows
    .filter((row) => row.kind === 'unknown' && row.week === week)
    .reduce((sum, row) => sum + row.sent, 0);
}

/** Each week's steps (one entry per week of the picture, in order). */
export function stepsByWeek(rows: readonly FunnelRow[], weekCount: number): Steps[] {
  const weeks = Array.from({ length: weekCount }, noSteps);
  for (const row of rows) {
    const week = weeks[row.week];
    if (week) addSteps(week, row);
  }
  return weeks;
}

export interface SourceFigures {
  source: FunnelSource;
  key: string;
  visitors: number;
  sent: number;
}

/**
 * Every source of the rows with its visitors and leads over all the weeks, most visitors first;
 * the leads of no known visit last.
 */
export function bySource(rows: readonly FunnelRow[]): SourceFigures[] {
  const sources = new Map<string, SourceFigures>();
  for (const row of rows) {
    const key = sourceKey(row);
    const figures = sources.get(key) ?? {
      source: { kind: row.kind, name: row.name, campaign: row.campaign },
      key,
      visitors: 0,
      sent: 0,
    };
    figures.visitors += row.visitors;
    figures.sent += row.sent;
    sources.set(key, figures);
  }
  return [...sources.values()].sort(
    (a, b) =>
      Number(a.source.kind === 'unknown') - Number(b.source.kind === 'unknown') ||
      b.visitors - a.visitors ||
      b.sent - a.sent ||
      a.key.localeCompare(b.key),
  );
}

export const PAGES: readonly VisitPage[] = [
  'home',
  'team',
  'contact',
  'quote',
  'application',
  'privacy',
];

export interface PageFigures {
  page: VisitPage;
  en: number;
  es: number;
}

/** Views per page and language over all the weeks, in the site's order of pages. */
export function byPage(pages: readonly PageViews[]): PageFigures[] {
  const figures = PAGES.map((page) => ({ page, en: 0, es: 0 }));
  for (const row of pages) {
    const to = figures.find((figure) => figure.page === row.page);
    if (to) to[row.language] += row.views;
  }
  return figures;
}

/** The funnel's week at first: the latest full one (the last is still running). */
export function latestFullWeek(picture: WeeklyPicture): number {
  return Math.max(0, picture.weeks.length - 2);
}
