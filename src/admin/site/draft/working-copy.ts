import { applyFields } from '../../../content/published';
import { nodeAt, type FieldNode } from '../../../content/site-fields';
import type { SitePart } from '../../../content/site-parts';
import { isTranslated } from '../../../content/site-values';
import type { SiteFields } from '../../site-contract';

/**
 * The editor's copy of a part (pure): the code's value with the draft's fields applied, the ids of
 * every list's items (to tell an edit inside an item from a list the owner added to, cut or
 * reordered), and the draft fields that the copy comes to: only what differs from the code.
 */
export interface WorkingCopy {
  /** The part's stored value as the editor shows it. */
  value: unknown;
  /** The code's value of the part (`defaultStored`), what a field is compared with. */
  base: unknown;
  /**
   * Each list's item ids by the list's dotted path ('cards', 'cards.0.features'): `d<n>` the
   * code's n-th item in place, `w<n>` an item of a list the draft held whole, else a new item.
   */
  ids: Record<string, string[]>;
}

type Path = readonly string[];

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const items = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const dotted = (path: Path) => path.join('.');

export const fieldKey = (partId: string, path: Path) => `${partId}/${dotted(path)}`;

/** The draft keys that name a field of `part` (a key no node has is not the part's to rewrite). */
function partKeys(part: SitePart, fields: SiteFields): { key: string; path: string[] }[] {
  const prefix = `${part.id}/`;
  return Object.keys(fields)
    .filter((key) => key.startsWith(prefix))
    .map((key) => ({ key, path: key.slice(prefix.length).split('.') }))
    .filter(({ path }) => nodeAt(part.node, path) !== undefined);
}

function collectIds(
  node: FieldNode,
  value: unknown,
  path: Path,
  whole: ReadonlySet<string>,
  ids: Record<string, string[]>,
) {
  if (node.type === 'group') {
    for (const [key, child] of Object.entries(node.children)) {
      collectIds(child, record(value)[key], [...path, key], whole, ids);
    }
  } else if (node.type === 'list') {
    const mark = whole.has(dotted(path)) ? 'w' : 'd';
    ids[dotted(path)] = items(value).map((_, index) => `${mark}${index}`);
    items(value).forEach((item, index) =>
      collectIds(node.item, item, [...path, String(index)], whole, ids),
    );
  }
}

/** The part as the editor starts it: `base` (the code's) with the draft's `fields` applied. */
export function buildWorkingCopy(part: SitePart, base: unknown, fields: SiteFields): WorkingCopy {
  const value = applyFields(part.id, base, fields);
  const whole = new Set(
    partKeys(part, fields)
      .filter(({ path }) => nodeAt(part.node, path)?.type === 'list')
      .map(({ path }) => dotted(path)),
  );
  const ids: Record<string, string[]> = {};
  collectIds(part.node, value, [], whole, ids);
  return { value, base, ids };
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    const [x, y] = [items(a), items(b)];
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      x.length === y.length &&
      x.every((item, index) => deepEqual(item, y[index]))
    );
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const [x, y] = [record(a), record(b)];
  const keys = Object.keys(x).filter((key) => x[key] !== undefined);
  return (
    keys.length === Object.keys(y).filter((key) => y[key] !== undefined).length &&
    keys.every((key) => deepEqual(x[key], y[key]))
  );
}

/** Whether two values say the same (a translated text by its words, not when they were written). */
export function sameValue(node: FieldNode, a: unknown, b: unknown): boolean {
  if (node.type === 'leaf') {
    if (!node.meta.translated) return deepEqual(a, b);
    return isTranslated(a) && isTranslated(b) && a.en === b.en && a.es === b.es;
  }
  if (node.type === 'group') {
    return Object.entries(node.children).every(([key, child]) =>
      sameValue(child, record(a)[key], record(b)[key]),
    );
  }
  const [x, y] = [items(a), items(b)];
  return x.length === y.length && x.every((item, index) => sameValue(node.item, item, y[index]));
}

/** The list's item ids (`d<n>` for a list that has none recorded: one inside a new item). */
export function idsAt(copy: WorkingCopy, path: Path, length: number): string[] {
  return copy.ids[dotted(path)] ?? Array.from({ length }, (_, index) => `d${index}`);
}

/** Whether the owner added, removed or moved items of the list (or the draft held it whole). */
function reshaped(copy: WorkingCopy, path: Path, length: number, baseLength: number) {
  const ids = idsAt(copy, path, length);
  return ids.length !== baseLength || ids.some((id, index) => id !== `d${index}`);
}

function changedFields(
  copy: WorkingCopy,
  node: FieldNode,
  at: { value: unknown; base: unknown; path: Path },
  out: Record<string, unknown>,
) {
  const { value, base, path } = at;
  if (node.type === 'leaf') {
    if (!sameValue(node, value, base)) out[dotted(path)] = value;
  } else if (node.type === 'group') {
    for (const [key, child] of Object.entries(node.children)) {
      const next = { value: record(value)[key], base: record(base)[key], path: [...path, key] };
      changedFields(copy, child, next, out);
    }
  } else if (reshaped(copy, path, items(value).length, items(base).length)) {
    if (!sameValue(node, value, base)) out[dotted(path)] = value;
  } else {
    items(value).forEach((item, index) => {
      const next = { value: item, base: items(base)[index], path: [...path, String(index)] };
      changedFields(copy, node.item, next, out);
    });
  }
}

/** The draft fields of one part's copy, keyed by path in the part: what differs from the code. */
export function partFields(part: SitePart, copy: WorkingCopy): SiteFields {
  const out: Record<string, unknown> = {};
  changedFields(copy, part.node, { value: copy.value, base: copy.base, path: [] }, out);
  return Object.fromEntries(
    Object.entries(out).map(([path, value]) => [`${part.id}/${path}`, value]),
  );
}

/**
 * The draft to save: `base` (the draft as loaded, or another editor's newer one) with what the owner
 * changed in each edited part since `loaded`: a field whose value the edits changed (or dropped,
 * back to the code's) is the owner's; every other field stays as `base` has it.
 */
export function draftFields(
  edited: readonly { part: SitePart; copy: WorkingCopy }[],
  loaded: SiteFields,
  base: SiteFields = loaded,
): SiteFields {
  const mine: SiteFields = {};
  const dropped = new Set<string>();
  for (const { part, copy } of edited) {
    const fields = partFields(part, copy);
    const keys = new Set([...partKeys(part, loaded).map(({ key }) => key), ...Object.keys(fields)]);
    for (const key of keys) {
      if (deepEqual(fields[key], loaded[key])) continue;
      if (key in fields) mine[key] = fields[key];
      else dropped.add(key);
    }
  }
  const kept = Object.entries(base).filter(([key]) => !dropped.has(key));
  return { ...Object.fromEntries(kept), ...mine };
}

/** The keys whose value differs between two sets of fields (e.g. the draft and what is live). */
export function changedKeys(a: SiteFields, b: SiteFields): string[] {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.filter((key) => !deepEqual(a[key], b[key]));
}
