/**
 * A change of the opening hours or the closed days as the site editor's history says it: the
 * week's hours as the site writes them, and the closed dates added and removed (a list of seven
 * or of forty said as 'a list of 7' would tell the owner nothing).
 */
import { hoursWords } from '../../src/content/company.ts';
import { openingLines, type ClosedDay, type DayHours } from '../../src/content/opening-hours.ts';
import type { FieldNode } from '../../src/content/site-fields.ts';

const days = (value: unknown): DayHours[] => (Array.isArray(value) ? (value as DayHours[]) : []);
const dates = (value: unknown): ClosedDay[] => (Array.isArray(value) ? (value as ClosedDay[]) : []);

/** 'Monday - Friday 9:00 AM - 5:00 PM; Saturday 10:00 AM - 2:00 PM'. */
function weekInWords(value: unknown): string {
  const lines = openingLines(days(value), hoursWords).map((line) => `${line.days} ${line.time}`);
  return `“${lines.join('; ')}”`;
}

const dateInWords = ({ date, note }: ClosedDay) => (note ? `${date} (${note})` : date);

/** 'added 2026-11-26 (Thanksgiving Day); removed 2026-12-24'. */
function closedDaysChange(before: unknown, after: unknown): string {
  const was = new Set(dates(before).map((day) => day.date));
  const now = new Set(dates(after).map((day) => day.date));
  const added = dates(after).filter((day) => !was.has(day.date));
  const removed = dates(before).filter((day) => !now.has(day.date));
  const renamed = dates(after).filter((day) =>
    dates(before).some((old) => old.date === day.date && old.note !== day.note),
  );
  const parts = [
    added.length > 0 && `added ${added.map(dateInWords).join(', ')}`,
    removed.length > 0 && `removed ${removed.map((day) => day.date).join(', ')}`,
    renamed.length > 0 && `renamed ${renamed.map(dateInWords).join(', ')}`,
  ].filter(Boolean);
  return parts.join('; ') || 'reordered';
}

/** The history's words for a change of an hours field; undefined for any other field. */
export function hoursChange(
  node: FieldNode | undefined,
  before: unknown,
  after: unknown,
): string | undefined {
  if (node?.type !== 'leaf') return undefined;
  if (node.meta.kind === 'openingHours') {
    return `${before === undefined ? '' : `${weekInWords(before)} → `}${weekInWords(after)}`;
  }
  if (node.meta.kind === 'closedDays') return closedDaysChange(before, after);
  return undefined;
}
