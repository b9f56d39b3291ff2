import { describe, expect, it } from 'vitest';
import { code, line, partNode, room, type PartFields, type RootDecl } from './declare.ts';

/**
 * What tsc refuses in a declaration (`npm run typecheck` checks this file): each `@ts-expect-error`
 * fails the typecheck if the declaration's type ever stops refusing it.
 */

interface Content {
  title: string;
  year: number;
  items: { name: string; to: string }[];
  link?: string;
}

const title = line('Title', 'The title.', room.heading);

export const complete: PartFields<Content> = {
  title,
  year: code,
  items: {
    list: 'Items',
    item: 'Item',
    min: 1,
    max: 4,
    of: { group: 'Item', fields: { name: title, to: code } },
  },
  link: code,
};

// @ts-expect-error -- a content key (`year`) left undeclared
export const missing: PartFields<Content> = { title, items: code, link: code };

export const extra: PartFields<Content> = {
  title,
  year: code,
  items: code,
  link: code,
  // @ts-expect-error -- a declared key the content lacks (a renamed one)
  heading: title,
};

export const nested: PartFields<Content> = {
  title,
  year: code,
  link: code,
  items: {
    list: 'Items',
    item: 'Item',
    min: 1,
    max: 4,
    // @ts-expect-error -- an item's key renamed (`to` → `href`)
    of: { group: 'Item', fields: { name: title, href: code } },
  },
};

export const wrongKind: PartFields<Content> = {
  // @ts-expect-error -- a text declared for a number
  year: title,
  title,
  items: code,
  link: code,
};

describe('a declaration', () => {
  it('makes the field tree it declares, without the code’s keys', () => {
    const node = partNode('Part', complete as RootDecl);
    expect(node.type === 'group' && Object.keys(node.children)).toEqual(['title', 'items']);
  });
});
