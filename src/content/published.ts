/**
 * The owner's published changes to the content (server/site/, edited at /admin/#/site): each
 * changed field's value, keyed `<part>/<path>` (e.g. `business/phones.office`), per language.
 * A field the owner never changed keeps the value the code gives it.
 *
 * A published document carries its own language's changes in
 * `<script type="application/json" id="site-content">`; the publish renderer
 * (server/site/render/render-site.ts) puts both languages' on globalThis before it loads the pages'
 * code. With nothing published there is neither, and every part is the code's.
 */
import { renameFields } from './fields/renames.ts';
import { withValueAt } from './value-path.ts';

/** The changed fields' values, keyed `<part>/<path>`: shared by both languages, and each one's. */
export interface PublishedContent {
  /** Changes that are the same in every language (a phone, a photo). */
  facts?: Record<string, unknown>;
  en?: Record<string, unknown>;
  es?: Record<string, unknown>;
}

export const CONTENT_ELEMENT_ID = 'site-content';

declare global {
  var __SITE_CONTENT__: PublishedContent | undefined;
}

let fromDocument: PublishedContent | undefined;

function published(): PublishedContent {
  if (globalThis.__SITE_CONTENT__) return globalThis.__SITE_CONTENT__;
  if (fromDocument) return fromDocument;
  const element =
    typeof document === 'undefined' ? null : document.getElementById(CONTENT_ELEMENT_ID);
  fromDocument = element?.textContent ? (JSON.parse(element.textContent) as PublishedContent) : {};
  return fromDocument;
}

/** `cards.0.title` → ['cards', '0', 'title']; '' (the whole part) → []. */
const pathOf = (dotted: string) => (dotted === '' ? [] : dotted.split('.'));

/**
 * Applies `fields` (keys `<part>/<path>`) that belong to `part` onto `defaults`, shorter paths
 * first: a whole list the owner rewrote, then any single field inside it.
 */
export function applyFields<T>(part: string, defaults: T, published: Record<string, unknown>): T {
  const prefix = `${part}/`;
  // Keys renamed since these fields were published are read under their new names.
  const fields = renameFields(published);
  const own = Object.keys(fields)
    .filter((key) => key.startsWith(prefix))
    .map((key) => ({ key, path: pathOf(key.slice(prefix.length)) }))
    .sort((a, b) => a.path.length - b.path.length);
  let result: unknown = defaults;
  for (const { key, path } of own) result = withValueAt(result, path, fields[key], 'keep');
  return result as T;
}

/**
 * A content part as published: `defaults` (the code's) with the owner's published changes. A
 * language's module passes its language; a module both languages share (facts) passes none.
 */
export function editable<T>(part: string, defaults: T, language?: 'en' | 'es'): T {
  const content = published();
  const fields = language ? content[language] : content.facts;
  return fields ? applyFields(part, defaults, fields) : defaults;
}
