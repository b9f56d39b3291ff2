import type { FieldNode, PhotoValue } from '../../src/content/site-fields.ts';
import {
  defaultStored,
  isTranslated,
  LANGUAGES,
  valueAt,
  type Language,
} from '../../src/content/site-values.ts';
import { siteParts } from '../../src/content/site-parts.ts';
import { fieldLabel, fieldOf } from './site-content.ts';
import { hoursChange } from './hours-history.ts';
import type { SiteFields } from './site-store.ts';

/**
 * A version's history lines (GET /admin/api/site/versions): what changed from the version before,
 * in the owner's words. A list says item by item what was added, removed, moved or edited (and
 * which field of the item); a photo says whether its file, its focal point or both changed, and
 * its alt text is said under the photo, per language.
 */

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Spanish' };

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const items = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Whether two stored values say the same (a text by its words, not by when it was written). */
const wordsOf = (value: unknown) =>
  JSON.stringify(value, (key, at: unknown) => (key === 'enAt' || key === 'esAt' ? undefined : at));
const same = (a: unknown, b: unknown) => wordsOf(a) === wordsOf(b);

/** “A line of text”, short and on one line. */
function quoted(text: string, max = 60): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return `“${line.length > max ? `${line.slice(0, max - 1)}…` : line}”`;
}

/** A value that is not a translated text, as a line shows it. */
function shown(value: unknown): string {
  if (typeof value === 'object' && value !== null && 'display' in value) {
    return quoted(String((value as { display: unknown }).display));
  }
  return quoted(String(value ?? ''));
}

/** The first translated text in a value, depth first. */
function firstText(value: unknown): string | undefined {
  if (isTranslated(value)) return value.en;
  for (const child of Object.values(record(value))) {
    const found = typeof child === 'object' ? firstText(child) : undefined;
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The words that tell one item from the others: its first text in English, or its name. */
function summaryOf(item: unknown): string {
  const words = typeof item === 'string' ? item : firstText(item);
  return words === undefined ? '' : ` ${quoted(words, 40)}`;
}

const at = (focus: PhotoValue['focus']) => `${focus.x}% across, ${focus.y}% down`;

function describePhoto(label: string, was: unknown, now: unknown, lines: string[]) {
  const before: Partial<PhotoValue> = record(was);
  const after: Partial<PhotoValue> = record(now);
  const srcOf = (photo: Partial<PhotoValue>) => photo.image?.img.src;
  // The code's own image is unknown here (the server cannot import images): only an upload is new.
  const known = before.image !== undefined && after.image !== undefined;
  if (
    (before.mediaId ?? null) !== (after.mediaId ?? null) ||
    (known && srcOf(before) !== srcOf(after))
  ) {
    lines.push(`${label}: a new photo file`);
  }
  if (after.focus && !same(before.focus, after.focus)) {
    lines.push(
      before.focus
        ? `${label}: focal point moved from ${at(before.focus)} to ${at(after.focus)}`
        : `${label}: focal point ${at(after.focus)}`,
    );
  }
}

function describeLeaf(
  node: Extract<FieldNode, { type: 'leaf' }>,
  change: { label: string; was: unknown; now: unknown },
  lines: string[],
) {
  const { label, was, now } = change;
  if (node.meta.kind === 'photo') return describePhoto(label, was, now, lines);
  if (!isTranslated(now)) {
    lines.push(`${label}: ${was === undefined ? '' : `${shown(was)} → `}${shown(now)}`);
    return;
  }
  for (const language of LANGUAGES) {
    const old = isTranslated(was) ? was[language] : undefined;
    if (old === now[language]) continue;
    const from = old === undefined ? '' : `${quoted(old)} → `;
    lines.push(`${label} (${LANGUAGE_NAMES[language]}): ${from}${quoted(now[language])}`);
  }
}

/** The label of a group's child: its own, unless it repeats the group's. */
function childLabel(label: string, child: FieldNode): string {
  const own = child.type === 'leaf' ? child.meta.label : child.label;
  return own && !label.endsWith(` › ${own}`) ? `${label} › ${own}` : label;
}

function describeNode(
  node: FieldNode,
  change: { label: string; was: unknown; now: unknown },
  lines: string[],
) {
  const { label, was, now } = change;
  if (same(was, now)) return;
  if (node.type === 'leaf') return describeLeaf(node, change, lines);
  if (node.type === 'list') return describeList(node, change, lines);
  for (const [key, child] of Object.entries(node.children)) {
    const next = { label: childLabel(label, child), was: record(was)[key], now: record(now)[key] };
    describeNode(child, next, lines);
  }
}

/** The old indexes, in the new order, that are out of order: those not on a longest rising run. */
function movedOf(oldIndexes: readonly number[]): Set<number> {
  const ends: number[] = [];
  const previous: number[] = [];
  oldIndexes.forEach((value, index) => {
    let low = 0;
    let high = ends.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((oldIndexes[ends[middle] ?? 0] ?? 0) < value) low = middle + 1;
      else high = middle;
    }
    previous[index] = low > 0 ? (ends[low - 1] ?? -1) : -1;
    ends[low] = index;
  });
  const inOrder = new Set<number>();
  for (let index = ends.at(-1) ?? -1; index >= 0; index = previous[index] ?? -1) {
    inOrder.add(oldIndexes[index] ?? -1);
  }
  return new Set(oldIndexes.filter((value) => !inOrder.has(value)));
}

/** How many of two items' fields hold the same, as a share of their fields. */
function likeness(a: unknown, b: unknown): number {
  const keys = Object.keys(record(a));
  if (keys.length === 0) return 0;
  return keys.filter((key) => same(record(a)[key], record(b)[key])).length / keys.length;
}

/**
 * Which new items are old ones edited (new index → old index): the item at the same place, or
 * one that keeps at least half of its fields. What is left was added or removed.
 */
function pairEdited(
  node: Extract<FieldNode, { type: 'list' }>,
  before: readonly unknown[],
  after: readonly unknown[],
  unmatched: { added: readonly number[]; removed: readonly number[] },
): Map<number, number> {
  const pairs = new Map<number, number>();
  const free = new Set(unmatched.removed);
  for (const index of unmatched.added) {
    const oldIndex = free.has(index)
      ? index
      : [...free].find((old) => !node.fixed && likeness(before[old], after[index]) >= 0.5);
    if (oldIndex === undefined) continue;
    pairs.set(index, oldIndex);
    free.delete(oldIndex);
  }
  return pairs;
}

/**
 * A list, item by item: an item found unchanged in both is kept (and moved, when it left the
 * order of the others); an item edited in place is told field by field (pairEdited), and what is
 * left over was added or removed.
 */
function describeList(
  node: Extract<FieldNode, { type: 'list' }>,
  change: { label: string; was: unknown; now: unknown },
  lines: string[],
) {
  const { label, was, now } = change;
  const [before, after] = [items(was), items(now)];
  const oldOf = new Map<number, number>();
  const taken = new Set<number>();
  after.forEach((item, index) => {
    const found = before.findIndex((old, oldIndex) => !taken.has(oldIndex) && same(old, item));
    if (found >= 0) {
      oldOf.set(index, found);
      taken.add(found);
    }
  });
  const removed = before.map((_, index) => index).filter((index) => !taken.has(index));
  const added = after.map((_, index) => index).filter((index) => !oldOf.has(index));
  const name = (index: number) => `${node.itemLabel} ${index + 1}`;
  const edited = pairEdited(node, before, after, { added, removed });
  for (const [index, oldIndex] of edited) {
    oldOf.set(index, oldIndex);
    const itemChange = {
      label: `${label} › ${name(index)}`,
      was: before[oldIndex],
      now: after[index],
    };
    describeNode(node.item, itemChange, lines);
  }
  const pairedOld = new Set(edited.values());
  for (const index of added.filter((index) => !edited.has(index))) {
    lines.push(`${label}: added ${name(index)}${summaryOf(after[index])}`);
  }
  for (const index of removed.filter((index) => !pairedOld.has(index))) {
    lines.push(`${label}: removed ${name(index)}${summaryOf(before[index])}`);
  }
  const order = [...oldOf.entries()].sort(([a], [b]) => a - b);
  const moved = movedOf(order.map(([, oldIndex]) => oldIndex));
  for (const [index, oldIndex] of order) {
    if (!moved.has(oldIndex)) continue;
    const summary = summaryOf(after[index]);
    lines.push(`${label}: moved ${name(oldIndex)}${summary} to place ${index + 1}`);
  }
}

/** Each photo's alt text key → the photo's words ('Photos › Hero slides › Hero slide 2 › Alt text'). */
function photoAltLabels(): Map<string, string> {
  const labels = new Map<string, string>();
  const walk = (node: FieldNode, key: string, index?: number) => {
    if (node.type === 'group') {
      for (const [name, child] of Object.entries(node.children))
        walk(child, `${key}.${name}`, index);
    } else if (node.type === 'list') {
      for (let n = 0; n < node.max; n += 1) walk(node.item, `${key}.${n}`, n);
    } else if (node.meta.altKey) {
      const photoKey = key.replace('/.', '/');
      const altKey = node.meta.altKey.replace('{n}', String(index ?? 0));
      labels.set(altKey, `${fieldLabel(photoKey)} › Alt text`);
    }
  };
  for (const part of siteParts) walk(part.node, `${part.id}/`);
  return labels;
}

let altLabels: Map<string, string> | undefined;

/** The code's value of the field a key names: what a field the owner never changed holds. */
function codeValue(key: string): unknown {
  const field = fieldOf(key);
  if (!field) return undefined;
  const { part, path, node } = field;
  return defaultStored(node, valueAt(part.en, path), valueAt(part.es, path));
}

/** What changed from `before` to `after`, field by field, in words. */
export function describeChanges(before: SiteFields, after: SiteFields): string[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const lines: string[] = [];
  for (const key of keys.sort()) {
    const [was, now] = [before[key], after[key]];
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    altLabels ??= photoAltLabels();
    const label = altLabels.get(key) ?? fieldLabel(key);
    const node = fieldOf(key)?.node;
    const hours = hoursChange(node, was, now);
    if (now === undefined) lines.push(`${label}: back to the original`);
    else if (hours) lines.push(`${label}: ${hours}`);
    else if (!node) lines.push(`${label}: changed`);
    else {
      // A list or a photo is told against what it was, the code's when the owner never set it.
      const whole = node.type !== 'leaf' || node.meta.kind === 'photo';
      const from = was === undefined && whole ? codeValue(key) : was;
      describeNode(node, { label, was: from, now }, lines);
    }
  }
  return lines;
}
