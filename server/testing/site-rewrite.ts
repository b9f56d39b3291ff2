import type { FieldNode } from '../../src/content/site-fields.ts';
import { siteParts } from '../../src/content/site-parts.ts';
import { valueAt } from '../../src/content/site-values.ts';
import type { TranslatedValue } from '../../src/content/site-fields.ts';

/**
 * A whole-site rewrite, as an owner who rewrote every text would leave the draft: every translated
 * field of every part (every item of every list the code has, every alt text) changed in both
 * languages, each text as long as its field allows, keyed as the editor keys it. Each text starts
 * with a marker (`Rw<n>x` English, `Rw<n>y` Spanish) that no other text contains, so that a test
 * can find it on the published pages.
 */

export interface RewrittenField {
  key: string;
  value: TranslatedValue;
  /** The marker of each language's text. */
  marks: Record<'en' | 'es', string>;
}

const FILLER = {
  en: 'Every word rewritten for the new season, by the owner, in plain English. ',
  es: 'Cada palabra escrita de nuevo para la temporada, con acentos y eñes. ',
};

function translatedPaths(node: FieldNode, content: unknown, path: string[]): string[][] {
  if (node.type === 'leaf') return node.meta.translated ? [path] : [];
  if (node.type === 'group') {
    return Object.entries(node.children).flatMap(([key, child]) =>
      translatedPaths(child, valueAt(content, [key]), [...path, key]),
    );
  }
  const items = Array.isArray(content) ? content : [];
  return items.flatMap((item: unknown, index) =>
    translatedPaths(node.item, item, [...path, String(index)]),
  );
}

function maxOf(node: FieldNode | undefined): number {
  return node?.type === 'leaf' ? (node.meta.max ?? 200) : 200;
}

function leafAt(node: FieldNode, path: readonly string[]): FieldNode | undefined {
  let at: FieldNode | undefined = node;
  for (const step of path) {
    if (!at) return undefined;
    if (at.type === 'group') at = at.children[step];
    else if (at.type === 'list') at = at.item;
    else return undefined;
  }
  return at;
}

/** A text of exactly `length` characters (fewer when the filler is shorter), one line. */
function textOf(mark: string, filler: string, length: number): string {
  const body = `${mark} ${filler.repeat(Math.ceil(length / filler.length) + 1)}`;
  return body.slice(0, length).trimEnd();
}

/**
 * Every translated field of every part, rewritten; `at` is when both languages were written, and
 * `round` (when given) is in every text, so that each round differs from the one before.
 */
export function wholeSiteRewrite(at = Date.now(), round?: number): RewrittenField[] {
  const said = round === undefined ? '' : `r${round} `;
  let count = 0;
  return siteParts.flatMap((part) =>
    translatedPaths(part.node, part.en, []).map((path) => {
      count += 1;
      const marks = { en: `Rw${count}x`, es: `Rw${count}y` };
      const max = maxOf(leafAt(part.node, path));
      return {
        key: `${part.id}/${path.join('.')}`,
        value: {
          en: textOf(marks.en, said + FILLER.en, max),
          es: textOf(marks.es, said + FILLER.es, max),
          enAt: at,
          esAt: at,
        },
        marks,
      };
    }),
  );
}

/** The rewrite as draft fields. */
export const rewriteFields = (fields: readonly RewrittenField[]): Record<string, unknown> =>
  Object.fromEntries(fields.map((field) => [field.key, field.value]));
