/**
 * Content keys renamed after the owner could publish under the old ones. The owner's values are
 * stored keyed `<part>/<path>` (a draft, every published version); when a content key is renamed
 * (in src/content and its declaration in src/content/fields/), add a line here, so that what the
 * owner wrote under the old key is read under the new one, wherever it was stored: at the field
 * itself, below it, or inside a whole list, group or part stored as one value.
 *
 * A line is `[from, to]`: `'home.hero/eyebrow'` → `'home.hero/kicker'`, at any depth; `*` stands
 * for any list index (`'home.references/testimonials.items.*.text'`), and every `*` must be in the
 * part the two keys share (an item's field is renamed within its item, never moved to another
 * list). `[from, null]` says a field was removed (its value now follows the code, or another
 * field): what was stored under it is dropped when read, so that no draft or version names a field
 * the site no longer has (a draft that did could not be saved, a version not published again).
 * Oldest first; a later line may rename a key again. Never remove a line: a version published
 * years ago is still restored through it. renames.test.ts checks every line against the declared
 * fields.
 */
export type RenameLine = readonly [from: string, to: string | null];

export const renames: readonly RenameLine[] = [
  // The office line's number on the application's send failure is the Business facts' own.
  ['application.form/sendError.phone.display', null],
  // The opening hours became a week of days (each its own times) and closed dates: one value, and
  // the site's lines for the open days are written from it.
  ['business/openingHours.opens', null],
  ['business/openingHours.closes', null],
  ['company.hours/weekdays', null],
];

type Path = readonly string[];

interface Rename {
  from: Path;
  /** Null: the field was removed. */
  to: Path | null;
  /** How many leading segments `from` and `to` share (every `*` is among them). */
  shared: number;
}

/** `home.hero/carousel.label` → ['home.hero', 'carousel', 'label']; the part is one segment. */
export function pathOfKey(key: string): string[] {
  const slash = key.indexOf('/');
  if (slash < 0) return [key];
  const rest = key.slice(slash + 1);
  return [key.slice(0, slash), ...(rest === '' ? [] : rest.split('.'))];
}

const keyOfPath = ([part = '', ...rest]: Path) => `${part}/${rest.join('.')}`;

export function parseRename(from: string, to: string | null): Rename {
  const [old, next] = [pathOfKey(from), to === null ? null : pathOfKey(to)];
  if (old.some((segment) => /^\d+$/.test(segment))) {
    throw new Error(`The line for ${from} names a list index: write * instead`);
  }
  if (next === null) return { from: old, to: null, shared: old.length };
  let shared = 0;
  while (shared < old.length && shared < next.length && old[shared] === next[shared]) shared++;
  const stars = (path: Path) => path.slice(shared).includes('*');
  if (stars(old) || stars(next)) {
    throw new Error(`The rename ${from} to ${to} moves a list's item field out of its list`);
  }
  if (next.some((segment) => /^\d+$/.test(segment))) {
    throw new Error(`The rename ${from} to ${to} names a list index: write * instead`);
  }
  return { from: old, to: next, shared };
}

const matches = (segment: string, pattern: string) =>
  pattern === '*' ? /^\d+$/.test(segment) : segment === pattern;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function valueAt(value: unknown, path: Path): unknown {
  let at = value;
  for (const key of path) at = isRecord(at) ? at[key] : undefined;
  return at;
}

/** `value` with `replacement` at `path`, objects made where missing (copies; nothing changes). */
function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return replacement;
  const record = isRecord(value) ? value : {};
  return { ...record, [key]: setAt(record[key], rest, replacement) };
}

/** `value` without what is at `path` (copies). */
function without(value: unknown, path: Path): unknown {
  const [key, ...rest] = path;
  if (key === undefined || !isRecord(value) || !(key in value)) return value;
  if (rest.length > 0) return { ...value, [key]: without(value[key], rest) };
  return Object.fromEntries(Object.entries(value).filter(([name]) => name !== key));
}

/**
 * Inside a stored value that holds the renamed field: down `prefix` (its `*` over every item),
 * then what is at `oldTail` moves to `newTail`.
 */
function moveWithin(value: unknown, prefix: Path, oldTail: Path, newTail: Path): unknown {
  const [key, ...rest] = prefix;
  if (key === '*') {
    return Array.isArray(value)
      ? value.map((item: unknown) => moveWithin(item, rest, oldTail, newTail))
      : value;
  }
  if (key !== undefined) {
    if (!isRecord(value) || !(key in value)) return value;
    return { ...value, [key]: moveWithin(value[key], rest, oldTail, newTail) };
  }
  const moved = valueAt(value, oldTail);
  if (moved === undefined) return value;
  return setAt(oldTail.length > 0 ? without(value, oldTail) : undefined, newTail, moved);
}

/** `value` without what is at `path` (its `*` over every item). */
function removeWithin(value: unknown, path: Path): unknown {
  const [key, ...rest] = path;
  if (key === '*') {
    return Array.isArray(value) ? value.map((item: unknown) => removeWithin(item, rest)) : value;
  }
  if (key === undefined || !isRecord(value) || !(key in value)) return value;
  return rest.length === 0
    ? without(value, [key])
    : { ...value, [key]: removeWithin(value[key], rest) };
}

/** One stored entry under one rename: the entries it becomes (their keys may be new). */
function renameEntry(key: string, value: unknown, rename: Rename): [string, unknown][] {
  const path = pathOfKey(key);
  const { from, to, shared } = rename;
  const common = Math.min(path.length, from.length);
  for (let index = 0; index < common; index++) {
    if (!matches(path[index] ?? '', from[index] ?? '')) return [[key, value]];
  }
  // A removed field: dropped, at or below it, or from inside what holds it.
  if (to === null) {
    return path.length >= from.length ? [] : [[key, removeWithin(value, from.slice(path.length))]];
  }
  // At or below the renamed field: only its key changes (the list indexes it had are kept).
  if (path.length >= from.length) {
    const next = [...path.slice(0, shared), ...to.slice(shared), ...path.slice(from.length)];
    return [[keyOfPath(next), value]];
  }
  // A whole list, group or part that holds the renamed field: moved inside it.
  if (path.length <= shared) {
    const prefix = from.slice(path.length, shared);
    return [[key, moveWithin(value, prefix, from.slice(shared), to.slice(shared))]];
  }
  // A group on the old path below what the keys share: the renamed field leaves it.
  const inner = from.slice(path.length);
  const moved = valueAt(value, inner);
  if (moved === undefined) return [[key, value]];
  const next = [...path.slice(0, shared), ...to.slice(shared)];
  return [
    [key, without(value, inner)],
    [keyOfPath(next), moved],
  ];
}

/**
 * Stored fields (keys `<part>/<path>`) with every line applied. A value stored under the new key
 * already wins over one carried from the old key: it was written for the new field.
 */
export function renameFields(
  fields: Record<string, unknown>,
  lines: readonly RenameLine[] = renames,
): Record<string, unknown> {
  let current = fields;
  for (const [from, to] of lines) {
    const rename = parseRename(from, to);
    const next: Record<string, unknown> = {};
    const carried: [string, unknown][] = [];
    for (const [key, value] of Object.entries(current)) {
      const entries = renameEntry(key, value, rename);
      const [first] = entries;
      if (entries.length === 1 && first?.[0] === key) next[key] = first[1];
      else carried.push(...entries);
    }
    for (const [key, value] of carried) if (!(key in next)) next[key] = value;
    current = next;
  }
  return current;
}
