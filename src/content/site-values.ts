import { z } from 'zod';
import type { FieldNode, LeafMeta, PhotoValue, TranslatedValue } from './site-fields.ts';
import type { ResponsiveImage } from './types.ts';

/**
 * The owner's values (src/content/site-fields.ts) between their three forms: the code's content
 * (`defaultStored`), the stored value of a draft or a version, and the content a page of one
 * language is drawn from (`resolve`); and their checks (`draftShape`, `problems`).
 */

export type Language = 'en' | 'es';
export const LANGUAGES: readonly Language[] = ['en', 'es'];

/** A problem that stops a publish, in the owner's words, at the field's path in its part. */
export interface FieldProblem {
  path: string[];
  message: string;
  language?: Language;
}

/** The value at `path` (keys and list indexes) under `value`; undefined where there is none. */
export function valueAt(value: unknown, path: readonly string[]): unknown {
  let at = value;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

function photoFromContent(meta: LeafMeta, value: unknown): PhotoValue {
  if (meta.place === 'portrait') {
    return { mediaId: null, image: value as ResponsiveImage, focus: { x: 50, y: 50 } };
  }
  const { image, objectPosition } = record(value);
  const [x = 50, y = 50] = String(objectPosition ?? '50% 50%')
    .split(' ')
    .map((part) => Number.parseFloat(part));
  return { mediaId: null, image: image as ResponsiveImage, focus: { x, y } };
}

/** The code's content of `node` (English `en`, Spanish `es`) as a stored value. */
export function defaultStored(node: FieldNode, en: unknown, es: unknown): unknown {
  if (node.type === 'leaf') {
    if (node.meta.translated) return { en: String(en), es: String(es) } satisfies TranslatedValue;
    if (node.meta.kind === 'photo') return photoFromContent(node.meta, en);
    // A link the code leaves unset (a social profile not made yet) is an empty one.
    return en ?? '';
  }
  if (node.type === 'group') {
    return Object.fromEntries(
      Object.entries(node.children).map(([key, child]) => [
        key,
        defaultStored(child, record(en)[key], record(es)[key]),
      ]),
    );
  }
  const enItems = Array.isArray(en) ? en : [];
  const esItems = Array.isArray(es) ? es : [];
  return enItems.map((item, index) => defaultStored(node.item, item, esItems[index] ?? item));
}

/**
 * A stored value as the pages of `language` draw it. A group keeps the code's keys the owner
 * cannot change (an item's icon id, a link's route): `base` is the code's content at that place.
 */
export function resolve(
  node: FieldNode,
  stored: unknown,
  language: Language,
  base?: unknown,
): unknown {
  if (node.type === 'leaf') {
    if (node.meta.translated) return record(stored)[language] ?? '';
    if (node.meta.kind !== 'photo') return stored;
    const { image, focus } = stored as PhotoValue;
    if (node.meta.place === 'portrait') return image;
    return { image, objectPosition: `${focus.x}% ${focus.y}%` };
  }
  if (node.type === 'group') {
    const values = record(stored);
    const resolved: Record<string, unknown> = { ...record(base) };
    for (const [key, child] of Object.entries(node.children)) {
      if (key in values) resolved[key] = resolve(child, values[key], language, record(base)[key]);
    }
    return resolved;
  }
  const items = Array.isArray(stored) ? stored : [];
  const baseItems = Array.isArray(base) ? base : [];
  return items.map((item, index) =>
    resolve(node.item, item, language, baseItems[index] ?? baseItems[0]),
  );
}

/**
 * A text as a draft may hold it: room past its declared limit (the limit is a rule of publishing,
 * so a draft keeps a text being shortened), yet bounded by it, so a draft stays its site's size.
 */
export function draftRoom(max: number | undefined): number {
  return max === undefined ? 5000 : Math.min(5000, Math.max(200, max * 2));
}

const draftText = (max: number | undefined) => {
  const room = draftRoom(max);
  return z.string().max(room, `At most ${room.toLocaleString('en-US')} characters.`);
};

/** The shape a stored value must have to be saved in a draft (the rules come at publish). */
export function draftShape(node: FieldNode): z.ZodType {
  if (node.type === 'group') {
    return z.strictObject(
      Object.fromEntries(
        Object.entries(node.children).map(([key, child]) => [key, draftShape(child).optional()]),
      ),
    );
  }
  // A list may hold more than its limit in a draft too (one saved before the limit was lowered).
  if (node.type === 'list') return z.array(draftShape(node.item)).max(node.max * 2);
  const { kind, translated, max } = node.meta;
  if (translated) {
    return z.strictObject({
      en: draftText(max),
      es: draftText(max),
      enAt: z.number().optional(),
      esAt: z.number().optional(),
    });
  }
  if (kind === 'phone')
    return z.strictObject({ display: z.string().max(40), e164: z.string().max(20) });
  if (node.meta.shape) return node.meta.shape;
  if (kind === 'photo' || kind === 'icon') return node.schema;
  if (kind === 'year' || kind === 'rating') return z.number();
  return draftText(max);
}

function leafProblems(node: Extract<FieldNode, { type: 'leaf' }>, value: unknown, path: string[]) {
  const found: FieldProblem[] = [];
  const check = (input: unknown, language?: Language) => {
    const result = node.schema.safeParse(input);
    if (result.success) return;
    const message = result.error.issues[0]?.message ?? 'This value is not valid.';
    found.push({ path, message, ...(language ? { language } : {}) });
  };
  if (!node.meta.translated) check(value);
  else for (const language of LANGUAGES) check(record(value)[language] ?? '', language);
  return found;
}

/** Every rule a stored value breaks, each at its field: what stops a publish. */
export function problems(node: FieldNode, value: unknown, path: string[] = []): FieldProblem[] {
  if (node.type === 'leaf') return leafProblems(node, value, path);
  if (node.type === 'group') {
    const values = record(value);
    return Object.entries(node.children).flatMap(([key, child]) =>
      key in values ? problems(child, values[key], [...path, key]) : [],
    );
  }
  const items = Array.isArray(value) ? value : [];
  const found: FieldProblem[] = [];
  if (items.length < node.min) found.push({ path, message: `Keep at least ${node.min}.` });
  if (items.length > node.max) found.push({ path, message: `At most ${node.max}.` });
  items.forEach((item, index) =>
    found.push(...problems(node.item, item, [...path, String(index)])),
  );
  return found;
}

/** A Spanish text written before the English it translates was last changed. */
export function needsTranslation(value: unknown): boolean {
  const { enAt, esAt } = record(value) as Partial<TranslatedValue>;
  return enAt !== undefined && (esAt === undefined || esAt < enAt);
}

/** Whether a stored value is a translated text (an object with both languages). */
export function isTranslated(value: unknown): value is TranslatedValue {
  const fields = record(value);
  return typeof fields.en === 'string' && typeof fields.es === 'string';
}
