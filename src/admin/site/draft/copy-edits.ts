import type { FieldNode } from '../../../content/site-fields';
import { valueAt } from '../../../content/site-values';
import { withValueAt } from '../../../content/value-path';

export { valueAt };
import { idsAt, type WorkingCopy } from './working-copy';

/**
 * The owner's edits to a working copy (pure): a value set at a path, a list's item added, removed
 * or moved. A list's item ids move with its items, and so do the ids of the lists inside them.
 */

type Path = readonly string[];

const items = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export function setValue(copy: WorkingCopy, path: Path, value: unknown): WorkingCopy {
  return { ...copy, value: withValueAt(copy.value, path, value, 'add') };
}

/**
 * The ids of the lists inside the list's items, renumbered as the items moved: `place(old)` is an
 * item's new index, undefined for an item removed.
 */
function renumber(
  ids: Record<string, string[]>,
  listPath: Path,
  place: (index: number) => number | undefined,
): Record<string, string[]> {
  const prefix = `${listPath.join('.')}.`;
  const result: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(ids)) {
    const inside = key.startsWith(prefix) && /^(\d+)(\..+)$/.exec(key.slice(prefix.length));
    if (!inside) {
      result[key] = value;
      continue;
    }
    const index = place(Number(inside[1]));
    if (index !== undefined) result[`${prefix}${index}${inside[2]}`] = value;
  }
  return result;
}

function withList(
  copy: WorkingCopy,
  path: Path,
  list: { items: unknown[]; ids: string[] },
  place: (index: number) => number | undefined,
): WorkingCopy {
  const ids = renumber(copy.ids, path, place);
  ids[path.join('.')] = list.ids;
  return { ...copy, value: withValueAt(copy.value, path, list.items, 'add'), ids };
}

/** Moves the item at `from` to `to` (the items between shift by one). */
export function moveItem(copy: WorkingCopy, path: Path, from: number, to: number): WorkingCopy {
  const list = items(valueAt(copy.value, path));
  if (from === to || to < 0 || to >= list.length || from < 0 || from >= list.length) return copy;
  const order = list.map((_, index) => index);
  order.splice(to, 0, ...order.splice(from, 1));
  const ids = idsAt(copy, path, list.length);
  const place = (index: number) => order.indexOf(index);
  return withList(
    copy,
    path,
    { items: order.map((index) => list[index]), ids: order.map((index) => ids[index] ?? '') },
    place,
  );
}

export function removeItem(copy: WorkingCopy, path: Path, index: number): WorkingCopy {
  const list = items(valueAt(copy.value, path));
  if (index < 0 || index >= list.length) return copy;
  const ids = idsAt(copy, path, list.length);
  const keep = (_: unknown, at: number) => at !== index;
  const place = (at: number) => (at === index ? undefined : at > index ? at - 1 : at);
  return withList(copy, path, { items: list.filter(keep), ids: ids.filter(keep) }, place);
}

let added = 0;

/** A new item's id: unlike any the code's items or a loaded draft's have. */
export function newItemId(): string {
  added += 1;
  return `n${added}`;
}

export function addItem(copy: WorkingCopy, path: Path, item: unknown, id: string): WorkingCopy {
  const list = items(valueAt(copy.value, path));
  const ids = [...idsAt(copy, path, list.length), id];
  return withList(copy, path, { items: [...list, item], ids }, (index) => index);
}

/**
 * A new item of `node`'s shape with empty values: texts empty (translated ones in both languages),
 * a nested list with its fewest items. A choice that cannot be empty (an icon, stars, a year, a
 * photo) starts as `sample`'s, the list's first item.
 */
export function emptyValue(node: FieldNode, sample?: unknown): unknown {
  const field = (key: string) =>
    typeof sample === 'object' && sample !== null
      ? (sample as Record<string, unknown>)[key]
      : undefined;
  if (node.type === 'group') {
    return Object.fromEntries(
      Object.entries(node.children).map(([key, child]) => [key, emptyValue(child, field(key))]),
    );
  }
  if (node.type === 'list') {
    return Array.from({ length: node.min }, () => emptyValue(node.item, items(sample)[0]));
  }
  const { kind, translated, options } = node.meta;
  if (translated) return { en: '', es: '' };
  if (kind === 'phone') return { display: '', e164: '' };
  if (kind === 'icon') return sample ?? options?.[0] ?? '';
  if (kind === 'rating') return sample ?? 5;
  if (kind === 'year' || kind === 'photo') return sample;
  return '';
}
