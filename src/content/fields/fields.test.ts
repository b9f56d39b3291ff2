import { describe, expect, it } from 'vitest';
import { homeImagesContent } from '../home-images.ts';
import { NOTHING_PUBLISHED } from '../published.ts';
import { nodeAt, type FieldNode } from '../site-fields.ts';
import { partOf, siteParts, type SitePart } from '../site-parts.ts';
import { draftRoom, draftShape, problems } from '../site-values.ts';
import { code, isGroup, isList, type AnyDeclaration, type RootDecl } from './declare.ts';

/**
 * Each part's declaration (src/content/fields/) against the content it describes, as the code has
 * it in both languages: tsc checks the keys of the types; this checks the values (a key the type
 * makes optional, a list's length, a text's length), and that each field speaks to the owner.
 */

const photos = homeImagesContent(NOTHING_PUBLISHED);

/** The part's code content in each language (the photos part's comes from the browser build). */
const contentsOf = (part: SitePart): unknown[] =>
  part.id === 'home-images' ? [photos] : [part.en, part.es];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every mismatch between a declaration and a content value, as `path: what`. */
function mismatches(decl: AnyDeclaration | RootDecl, value: unknown, path: string): string[] {
  if (decl === code) return [];
  if (isList(decl)) {
    if (!Array.isArray(value)) return [`${path}: declared a list, the content has ${typeof value}`];
    const found: string[] = [];
    if (decl.fixed && (decl.min !== value.length || decl.max !== value.length)) {
      found.push(`${path}: a fixed list of ${decl.min}-${decl.max}, the code has ${value.length}`);
    }
    if (value.length < decl.min || value.length > decl.max) {
      found.push(`${path}: ${decl.min}-${decl.max} items, the code has ${value.length}`);
    }
    value.forEach((item: unknown, index) =>
      found.push(...mismatches(decl.of as AnyDeclaration, item, `${path}.${index}`)),
    );
    return found;
  }
  const fields = isGroup(decl) ? decl.fields : 'kind' in decl ? undefined : decl;
  if (fields) return groupMismatches(fields, value, path);
  const leaf = decl as Exclude<AnyDeclaration, typeof code>;
  if (!('kind' in leaf)) return [`${path}: not a declaration`];
  return leafMismatches(leaf, value, path);
}

function groupMismatches(fields: Record<string, unknown>, value: unknown, path: string) {
  if (!isRecord(value)) return [`${path}: declared a group, the content has ${typeof value}`];
  const found: string[] = [];
  for (const key of Object.keys(value)) {
    if (!(key in fields)) found.push(`${path}.${key}: in the content, not declared`);
  }
  for (const [key, child] of Object.entries(fields)) {
    const linkLeftUnset = isRecord(child) && child.kind === 'link' && !(key in value);
    if (!(key in value) && !linkLeftUnset)
      found.push(`${path}.${key}: declared, not in the content`);
    else if (key in value)
      found.push(...mismatches(child as AnyDeclaration, value[key], `${path}.${key}`));
  }
  return found;
}

function leafMismatches(
  leaf: Exclude<AnyDeclaration, typeof code | { list: string } | { group: string }>,
  value: unknown,
  path: string,
): string[] {
  const expected: Record<string, string> = {
    year: 'number',
    rating: 'number',
    phone: 'object',
    photo: 'object',
    custom: typeof value,
  };
  const type = expected[leaf.kind] ?? 'string';
  if (typeof value !== type) return [`${path}: a ${leaf.kind}, the content has ${typeof value}`];
  if ('max' in leaf && typeof value === 'string' && value.length > leaf.max) {
    return [`${path}: at most ${leaf.max} characters, the code has ${value.length}`];
  }
  return [];
}

/** Every node of a tree, with its path. */
function nodesOf(node: FieldNode, path = ''): [string, FieldNode][] {
  const here: [string, FieldNode][] = [[path, node]];
  if (node.type === 'group') {
    return here.concat(
      Object.entries(node.children).flatMap(([key, child]) => nodesOf(child, `${path}.${key}`)),
    );
  }
  return node.type === 'list' ? here.concat(nodesOf(node.item, `${path}.*`)) : here;
}

describe('the declared fields of every part', () => {
  it('declare every key of the content, in both languages, and no key the content lacks', () => {
    expect(siteParts.length).toBeGreaterThan(20);
    for (const part of siteParts) {
      for (const content of contentsOf(part)) {
        expect(mismatches(part.fields, content, part.id), part.id).toEqual([]);
      }
    }
  });

  it('fail the check when a content key is renamed, removed or added', () => {
    const hero = siteParts.find((part) => part.id === 'home.hero');
    const content = hero?.en as Record<string, unknown>;
    const { eyebrow, ...rest } = content;
    expect(mismatches(hero?.fields ?? {}, { ...rest, kicker: eyebrow }, 'home.hero')).toEqual([
      'home.hero.kicker: in the content, not declared',
      'home.hero.eyebrow: declared, not in the content',
    ]);
  });

  it('give every field and list a label and a hint in the owner’s words', () => {
    for (const part of siteParts) {
      for (const [path, node] of nodesOf(part.node)) {
        const where = `${part.id}${path}`;
        if (node.type === 'leaf') {
          expect(node.meta.label, where).toMatch(/^[A-Z“']/);
          expect(node.meta.hint, where).toMatch(/^\S.*[.)]$/);
        } else if (node.type === 'list') {
          expect(node.label, where).toMatch(/^[A-Z]/);
          expect(node.itemLabel, where).toMatch(/^[A-Z]/);
        }
      }
    }
  });

  it('bound every text by what it is, and every free list', () => {
    for (const part of siteParts) {
      for (const [path, node] of nodesOf(part.node)) {
        const where = `${part.id}${path}`;
        if (node.type === 'leaf' && ['text', 'name'].includes(node.meta.kind)) {
          expect(node.meta.max, where).toBeGreaterThan(0);
        }
        if (node.type === 'list') expect(node.max, where).toBeLessThanOrEqual(14);
      }
    }
  });
});

describe('the server’s checks, by the declared limits', () => {
  const nodeIn = (partId: string, path: string[]) => {
    const part = partOf(partId);
    return part && nodeAt(part.node, path);
  };
  const eyebrow = nodeIn('home.hero', ['eyebrow']);
  const max = eyebrow?.type === 'leaf' ? (eyebrow.meta.max ?? 0) : 0;
  const both = (en: string) => ({ en, es: 'Hola' });

  it('keeps in a draft a text past its limit, never one past the draft’s room', () => {
    if (!eyebrow) throw new Error('home.hero declares no eyebrow');
    expect(max).toBe(60);
    const shape = draftShape(eyebrow);
    expect(shape.safeParse(both('x'.repeat(max + 1))).success).toBe(true);
    expect(shape.safeParse(both('x'.repeat(draftRoom(max)))).success).toBe(true);
    expect(shape.safeParse(both('x'.repeat(draftRoom(max) + 1))).success).toBe(false);
  });

  it('keeps in a draft a list past its limit, never past twice it; publishing holds it', () => {
    const credentials = nodeIn('home.about', ['founder', 'credentials']);
    if (credentials?.type !== 'list') throw new Error('home.about declares no credentials list');
    const items = (count: number) => Array.from({ length: count }, () => both('A diploma'));
    expect(draftShape(credentials).safeParse(items(credentials.max * 2)).success).toBe(true);
    expect(draftShape(credentials).safeParse(items(credentials.max * 2 + 1)).success).toBe(false);
    expect(problems(credentials, items(credentials.max + 1))).toEqual([
      expect.objectContaining({ message: `At most ${credentials.max}.` }),
    ]);
  });

  it('holds a published text to its declared limit', () => {
    if (!eyebrow) throw new Error('home.hero declares no eyebrow');
    expect(problems(eyebrow, both('x'.repeat(max)))).toEqual([]);
    expect(problems(eyebrow, both('x'.repeat(max + 1)))).toEqual([
      expect.objectContaining({ language: 'en', message: expect.stringMatching(/60 characters/) }),
    ]);
  });
});
