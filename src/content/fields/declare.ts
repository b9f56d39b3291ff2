import {
  email,
  figure,
  group,
  icon,
  link,
  list,
  name,
  phone,
  photo,
  rating,
  siteUrl,
  text,
  time,
  year,
  type FieldNode,
  type PhotoPlaceName,
} from '../site-fields.ts';

/**
 * How a content part declares what the owner may change (src/content/fields/<part>.ts): every key
 * of the content's type is either a field (its label and hint in the owner's words, its limits,
 * its kind) or `code` (a route, an id, a timing, a copy of another field: not the owner's). The
 * declaration is typed against the content's type, so a content key renamed or removed, or a
 * declared key the content lacks, fails tsc; fields.test.ts checks the same against the values.
 *
 * Labels and hints are in English, the language of the owner's editor (src/content/admin-site.ts);
 * a translated field shows its one hint with both its English and its Spanish box, so a hint says
 * what the text is for, in either language, rather than what it should say; where the Spanish must
 * keep something the English need not (the site's usted), its own `spanish` note says so.
 */

/** Not the owner's: the code keeps it (a route, an id, a timing, a value that follows another). */
export const code = 'code';
export type Code = typeof code;

interface Labelled {
  label: string;
  /** Where the owner sees this on the site, or what it is for: shown under the field. */
  hint: string;
}

/** A text in both languages: `text` is one line, `prose` may have paragraphs. */
export interface TextLeaf extends Labelled {
  kind: 'text' | 'prose';
  /** In characters, per language: what fits the layout at 390 px. */
  max: number;
  /** What the Spanish must keep besides (the site's usted, a term of the glossary). */
  spanish?: string;
}

/** A proper name entered once for both languages (a person, a company, a place). */
export interface NameLeaf extends Labelled {
  kind: 'name';
  max: number;
  /** Fictional in the code: the launch checklist names it until the owner replaces it. */
  placeholder?: true;
}

/** One value for both languages, whose rule its kind sets (site-fields.ts). */
export interface FactLeaf extends Labelled {
  kind: 'email' | 'link' | 'siteUrl' | 'figure' | 'time';
  placeholder?: true;
}

export interface IconLeaf extends Labelled {
  kind: 'icon';
  options: readonly string[];
}

export interface NumberLeaf extends Labelled {
  kind: 'year' | 'rating';
}

export interface PhoneLeaf extends Labelled {
  kind: 'phone';
}

export interface PhotoLeaf extends Labelled {
  kind: 'photo';
  place: PhotoPlaceName;
  /** The key of the photo's alt text field, `{n}` standing for the photo's list index. */
  altKey: string;
}

/** A field no declaration kind describes (a weekly timetable): its node, made by its constructor. */
export interface CustomField {
  kind: 'custom';
  node: FieldNode;
}

export type StringField = TextLeaf | NameLeaf | FactLeaf | IconLeaf;

/** A group of fields, the content's object at that key. */
export interface GroupDecl<T> {
  group: string;
  hint?: string;
  fields: Fields<T>;
}

/** A list: its items' declaration, and how many items it may have. */
export interface ListDecl<T> {
  list: string;
  /** The name of one item, e.g. 'Testimonial' (shown as 'Testimonial 2'). */
  item: string;
  hint?: string;
  min: number;
  max: number;
  /** Items cannot be added, removed or moved: each is tied to the code (min = max = its count). */
  fixed?: true;
  of: Declaration<T>;
}

/** What a value of type T may be declared as. */
export type Declaration<T> = [T] extends [string]
  ? StringField | CustomField | Code
  : [T] extends [number]
    ? NumberLeaf | CustomField | Code
    : T extends (...args: never[]) => unknown
      ? Code
      : T extends readonly (infer Item)[]
        ? ListDecl<Item> | CustomField | Code
        : T extends object
          ? GroupDecl<T> | PhoneLeaf | PhotoLeaf | CustomField | Code
          : Code;

/** Every key of an object of type T, declared (`-?`: an optional key too). */
export type Fields<T> = { [K in keyof T]-?: Declaration<NonNullable<T[K]>> };

/** A part's declaration: its root's fields (or, for a part that is a list, the list). */
export type PartFields<T> = T extends readonly (infer Item)[] ? ListDecl<Item> : Fields<T>;

/** Any declaration, for the code that reads them without the content's type. */
export type AnyDeclaration =
  | StringField
  | NumberLeaf
  | PhoneLeaf
  | PhotoLeaf
  | CustomField
  | Code
  | GroupDecl<Record<string, unknown>>
  | ListDecl<unknown>;

/** A part's declaration, without the content's type. */
export type RootDecl = ListDecl<unknown> | Record<string, unknown>;

export const isGroup = (decl: unknown): decl is GroupDecl<Record<string, unknown>> =>
  typeof decl === 'object' && decl !== null && 'group' in decl && 'fields' in decl;

export const isList = (decl: unknown): decl is ListDecl<unknown> =>
  typeof decl === 'object' && decl !== null && 'list' in decl && 'of' in decl;

const withHint = (node: FieldNode, hint: string | undefined): FieldNode => {
  if (hint === undefined) return node;
  return node.type === 'leaf' ? { ...node, meta: { ...node.meta, hint } } : { ...node, hint };
};

type LeafDecl = Exclude<
  AnyDeclaration,
  Code | GroupDecl<Record<string, unknown>> | ListDecl<unknown>
>;

function leafNode(decl: LeafDecl): FieldNode {
  if (decl.kind === 'custom') return decl.node;
  const { label } = decl;
  switch (decl.kind) {
    case 'text':
    case 'prose': {
      const node = text(label, decl.max, decl.kind === 'prose');
      if (decl.spanish === undefined || node.type !== 'leaf') return node;
      return { ...node, meta: { ...node.meta, spanishHint: decl.spanish } };
    }
    case 'name':
      return name(label, decl.max, decl.placeholder ?? false);
    case 'email':
      return email(label);
    case 'link':
      return link(label, decl.placeholder ?? false);
    case 'siteUrl':
      return siteUrl(label);
    case 'figure':
      return figure(label);
    case 'time':
      return time(label);
    case 'icon':
      return icon(label, decl.options);
    case 'year':
      return year(label);
    case 'rating':
      return rating(label);
    case 'phone':
      return phone(label);
    case 'photo':
      return photo(label, decl.place, decl.altKey);
  }
}

/** The field tree a declaration describes; undefined where it is the code's. */
export function nodeOf(decl: AnyDeclaration): FieldNode | undefined {
  if (decl === code) return undefined;
  if (isList(decl)) {
    const item = nodeOf(decl.of as AnyDeclaration);
    if (!item) throw new Error(`The list ${decl.list} declares no field in its items`);
    const { min, max, fixed } = decl;
    const node = list(decl.list, decl.item, item, { min, max, fixed: fixed ?? false });
    return withHint(node, decl.hint);
  }
  if (isGroup(decl)) return withHint(groupNode(decl.group, decl.fields), decl.hint);
  return withHint(leafNode(decl), decl.kind === 'custom' ? undefined : decl.hint);
}

function groupNode(label: string, fields: Record<string, unknown>): FieldNode {
  const children: Record<string, FieldNode> = {};
  for (const [key, child] of Object.entries(fields)) {
    const node = nodeOf(child as AnyDeclaration);
    if (node) children[key] = node;
  }
  return group(label, children);
}

/** A part's field tree: its root group (titled as the part), or its root list. */
export function partNode(title: string, fields: RootDecl): FieldNode {
  return isList(fields) ? (nodeOf(fields) ?? group(title, {})) : groupNode(title, fields);
}

/** A one-line text in both languages (a heading, a button, a label). */
export const line = (label: string, hint: string, max: number): TextLeaf => ({
  kind: 'text',
  label,
  hint,
  max,
});

/** A text in both languages that may run to a paragraph (it may have line breaks). */
export const prose = (label: string, hint: string, max: number): TextLeaf => ({
  kind: 'prose',
  label,
  hint,
  max,
});

/** A proper name, entered once for both languages. */
export const properName = (label: string, hint: string, max: number): NameLeaf => ({
  kind: 'name',
  label,
  hint,
  max,
});

/**
 * Room by what a text is (characters, per language), so that like fields get like room and each
 * fits its place at 390 px; fields.test.ts checks that the code's own texts fit.
 */
export const room = {
  /** A menu link, a one-word label ('Optional', 'Remove'). */
  word: 24,
  /** A button, a form box's label, a short heading, a list entry. */
  label: 40,
  /** The small line above a section's title. */
  eyebrow: 60,
  /** A page's title in the browser tab and in search results. */
  title: 70,
  /** A section's or a page's heading. */
  heading: 80,
  /** A hint under a form box, an error message, an alt text, a line of a list. */
  sentence: 160,
  /** An introduction, a description. */
  paragraph: 400,
  /** A biography, a testimonial, the mission. */
  story: 700,
} as const;
