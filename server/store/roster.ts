import { rosterFilters } from '../../src/admin/contract.ts';

/**
 * The applicant roster's facts of an application as one text, '|position:Bartender|language:
 * Spanish|day:Saturday|shift:noche|experience:yes|', for the roster filters (server/admin/inbox.ts
 * looks for '|language:Spanish|' in it). One tag per value of each filter's field, a list's items
 * or a single value itself. The store writes it with each new application, on both engines.
 * Migration 5 froze the same text in SQL for the rows before it: adding a filter needs a
 * migration that writes the roster of every application again (docs/migrations.md).
 */
export function rosterOf(fields: Record<string, unknown>): string {
  const tags = Object.entries(rosterFilters).flatMap(([name, { field }]) => {
    const value = fields[field];
    if (value === undefined || value === null) return [];
    return (Array.isArray(value) ? value : [value]).map((item) => `${name}:${String(item)}`);
  });
  return `|${tags.join('|')}|`;
}
