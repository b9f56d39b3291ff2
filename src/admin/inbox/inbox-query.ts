import { rosterFilterNames, type RosterFilterName } from '../contract-values';
import { dayStart } from '../shared/format';

/**
 * The inbox's filters live in the page's address (`#/?status=new&q=rivera`), so that a reload, the
 * back button and a shared link keep them. Dates there are days; the API takes times.
 */
export const filterNames = ['view', 'status', 'form', 'from', 'to', 'q'] as const;
export type FilterName = (typeof filterNames)[number];

export function apiQuery(params: URLSearchParams, after?: string): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of ['view', 'status', 'form'] as const) {
    const value = params.get(name);
    if (value) query.set(name, value);
  }
  // The roster's filters: each value its own parameter (`language=Spanish&language=French`).
  for (const name of rosterFilterNames) {
    for (const value of params.getAll(name)) query.append(name, value);
  }
  const from = dayStart(params.get('from') ?? '');
  const to = dayStart(params.get('to') ?? '', true);
  if (from !== undefined) query.set('from', String(from));
  if (to !== undefined) query.set('to', String(to));
  const search = params.get('q')?.trim();
  if (search) query.set('q', search);
  if (after) query.set('after', after);
  return query;
}

/** The same filters with one changed ('' removes it). */
export function withFilter(params: URLSearchParams, name: FilterName, value: string) {
  const next = new URLSearchParams(params);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}

/** The same filters with one value of a roster filter added or taken away. */
export function withRosterValue(
  params: URLSearchParams,
  name: RosterFilterName,
  value: string,
  chosen: boolean,
) {
  const next = new URLSearchParams(params);
  const values = next.getAll(name).filter((other) => other !== value);
  next.delete(name);
  for (const other of chosen ? [...values, value] : values) next.append(name, other);
  return next;
}

export function hasRosterFilters(params: URLSearchParams): boolean {
  return rosterFilterNames.some((name) => params.has(name));
}

export function hasFilters(params: URLSearchParams): boolean {
  return filterNames.some((name) => params.get(name)) || hasRosterFilters(params);
}
