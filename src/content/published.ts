/**
 * A published version of the site (server/site/, edited at /admin/#/site), as a value: each
 * changed field's value, keyed `<part>/<path>` (e.g. `business/phones.office`), for both languages
 * (`facts`) and per language. A field the owner never changed keeps the value the code gives it.
 *
 * Every reader takes the version it shows explicitly: a content module exports a function of the
 * version (`companyContent(published)`), React reads it from its root (./use-content.ts), the
 * server passes the live one. Nothing reads it from a global, so no import order matters.
 */
import { renameFields } from './fields/renames.ts';
import { withValueAt } from './value-path.ts';

/** Changed fields' values, keyed `<part>/<path>`. */
export type Fields = Readonly<Record<string, unknown>>;

export type ContentLanguage = 'en' | 'es';

export interface PublishedVersion {
  /** The version's number in the site's history; null for the code's own content. */
  readonly version: number | null;
  /** Changes that are the same in every language (a phone, a photo). */
  readonly facts: Fields;
  readonly en: Fields;
  readonly es: Fields;
}

/** Nothing published: every part is the code's. */
export const NOTHING_PUBLISHED: PublishedVersion = Object.freeze({
  version: null,
  facts: Object.freeze({}),
  en: Object.freeze({}),
  es: Object.freeze({}),
});

/** Where a published document carries its version (`<script type="application/json">`). */
export const CONTENT_ELEMENT_ID = 'site-content';

const fieldsOf = (value: unknown): Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : {};

/**
 * A version from its JSON (a document's #site-content, a worker's data): missing parts are
 * nothing changed, so `{}` (or null) is NOTHING_PUBLISHED's equal.
 */
export function publishedVersion(json: unknown): PublishedVersion {
  const value = fieldsOf(json);
  const version = typeof value.version === 'number' ? value.version : null;
  const [facts, en, es] = [fieldsOf(value.facts), fieldsOf(value.en), fieldsOf(value.es)];
  if (version === null && [facts, en, es].every((fields) => Object.keys(fields).length === 0)) {
    return NOTHING_PUBLISHED;
  }
  return { version, facts, en, es };
}

/** `cards.0.title` → ['cards', '0', 'title']; '' (the whole part) → []. */
const pathOf = (dotted: string) => (dotted === '' ? [] : dotted.split('.'));

/**
 * Applies `fields` (keys `<part>/<path>`) that belong to `part` onto `defaults`, shorter paths
 * first: a whole list the owner rewrote, then any single field inside it.
 */
export function applyFields<T>(part: string, defaults: T, published: Fields): T {
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
 * One content part as `published` has it: `defaults` (the code's) with the owner's changes. A
 * language's module passes its language; a part both languages share (facts) passes none.
 */
export type Editable = <T>(part: string, defaults: T, language?: ContentLanguage) => T;

export function editableOf(published: PublishedVersion): Editable {
  return (part, defaults, language) =>
    applyFields(part, defaults, language ? published[language] : published.facts);
}

/** A content module's content, as a function of the version. */
export type Content<T> = (published: PublishedVersion) => T;

/**
 * A content module's parts, written once as a function of the version: its code's texts may
 * follow other published parts (a claim written from the published figures). Made once per
 * version (a version is never changed), so every reader of one version shares the same objects.
 */
export function contentOf<T>(
  build: (editable: Editable, published: PublishedVersion) => T,
): Content<T> {
  const made = new WeakMap<PublishedVersion, T>();
  return (published) => {
    let content = made.get(published);
    if (content === undefined) {
      content = build(editableOf(published), published);
      made.set(published, content);
    }
    return content;
  };
}
