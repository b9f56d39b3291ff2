import { describe, expect, it } from 'vitest';
import { nodeAt, type FieldNode } from '../../src/content/site-fields.ts';
import { partOf } from '../../src/content/site-parts.ts';
import { defaultStored, valueAt } from '../../src/content/site-values.ts';
import { describeChanges } from './describe-changes.ts';
import { fieldLabel } from './site-content.ts';

/** The code's value of a field, as stored, and its node: what the owner starts from. */
function codeField(key: string): { value: unknown[]; node: Extract<FieldNode, { type: 'list' }> } {
  const [partId = '', dotted = ''] = key.split('/');
  const part = partOf(partId);
  const path = dotted.split('.');
  const node = part && nodeAt(part.node, path);
  if (!part || node?.type !== 'list') throw new Error(`${key} is not a list`);
  return {
    value: defaultStored(node, valueAt(part.en, path), valueAt(part.es, path)) as unknown[],
    node,
  };
}

const firstWords = (item: unknown) => {
  const text = JSON.stringify(item).match(/"en":"([^"]*)"/)?.[1] ?? '';
  return text.length > 40 ? text.slice(0, 39) : text;
};

describe('the history of a list, item by item', () => {
  const key = 'home.services/cards';
  const label = fieldLabel(key);
  const { value: cards, node } = codeField(key);
  const name = (n: number) => `${node.itemLabel} ${n}`;

  it('says which item moved where, not “a list of 6 → a list of 6”', () => {
    expect(cards.length).toBeGreaterThanOrEqual(3);
    const [first, second, third, ...rest] = cards;
    const lines = describeChanges({}, { [key]: [third, first, second, ...rest] });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${label}: moved ${name(3)} “`));
    expect(lines[0]).toContain(firstWords(third));
    expect(lines[0]).toMatch(/to place 1$/);
  });

  it('says which item was added and which removed, against the list as it was', () => {
    const before = { [key]: cards };
    const added = {
      ...(cards[0] as object),
      title: { en: 'Museum nights', es: 'Noches de museo' },
    };
    const fresh = Object.fromEntries(
      Object.entries(cards[0] as object).map(([field, value]) => [
        field,
        typeof value === 'string' ? value : { en: `New ${field}`, es: `Nuevo ${field}` },
      ]),
    );
    const lines = describeChanges(before, { [key]: [cards[0], ...cards.slice(2), fresh] });
    expect(lines).toContain(`${label}: removed ${name(2)} “${firstWords(cards[1])}”`);
    expect(lines.some((line) => line.startsWith(`${label}: added ${name(cards.length)} “`))).toBe(
      true,
    );
    expect(lines.filter((line) => line.includes(': moved '))).toEqual([]);
    // An item kept but edited is told field by field, at its place.
    const edited = describeChanges(before, { [key]: [added, ...cards.slice(1)] });
    expect(edited).toEqual([
      expect.stringMatching(
        new RegExp(`^${label} › ${name(1)} › .*\\(English\\): “.*” → “Museum nights”$`),
      ),
      expect.stringMatching(
        new RegExp(`^${label} › ${name(1)} › .*\\(Spanish\\): “.*” → “Noches de museo”$`),
      ),
    ]);
  });

  it('tells a testimonial’s Spanish text edited inside a list the owner reordered', () => {
    const listKey = 'home.references/testimonials.items';
    const { value: items, node: list } = codeField(listKey);
    const [one, two, ...rest] = items as Record<string, unknown>[];
    const changed = { ...two, text: { ...(two?.text as object), es: 'Impecable.' } };
    const lines = describeChanges({ [listKey]: items }, { [listKey]: [one, changed, ...rest] });
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${fieldLabel(listKey)} › ${list.itemLabel} 2 › .*\\(Spanish\\): “.*” → “Impecable\\.”$`,
        ),
      ),
    ]);
  });
});

describe('the history of a photo', () => {
  const key = 'home-images/heroImages.0';
  const label = fieldLabel(key);
  const image = (id: string) => ({
    sources: { avif: `/media/${id}-640.avif 640w`, webp: `/media/${id}-640.webp 640w` },
    img: { src: `/media/${id}-640.webp`, w: 640, h: 400 },
  });
  const photo = (id: string, x: number, y: number) => ({
    mediaId: id,
    image: image(id),
    focus: { x, y },
  });
  const [a, b] = ['a'.repeat(16), 'b'.repeat(16)] as const;

  it('says a moved focal point, not “a new photo”', () => {
    expect(describeChanges({ [key]: photo(a, 50, 50) }, { [key]: photo(a, 30, 60) })).toEqual([
      `${label}: focal point moved from 50% across, 50% down to 30% across, 60% down`,
    ]);
    // The code's own photo, its focal point moved: no new file.
    const own = { mediaId: null, image: image('hero'), focus: { x: 20, y: 50 } };
    expect(describeChanges({}, { [key]: own })).toEqual([
      `${label}: focal point moved from 50% across, 50% down to 20% across, 50% down`,
    ]);
  });

  it('says a new file, and both when both changed', () => {
    expect(describeChanges({ [key]: photo(a, 50, 50) }, { [key]: photo(b, 50, 50) })).toEqual([
      `${label}: a new photo file`,
    ]);
    expect(describeChanges({ [key]: photo(a, 50, 50) }, { [key]: photo(b, 10, 90) })).toEqual([
      `${label}: a new photo file`,
      `${label}: focal point moved from 50% across, 50% down to 10% across, 90% down`,
    ]);
  });

  it('says in which language its alt text changed', () => {
    const alt = 'home.hero/carousel.slideAlts.0';
    const before = { [alt]: { en: 'Servers at a gala.', es: 'Meseros en una gala.' } };
    const after = { [alt]: { en: 'Servers at a gala.', es: 'Meseros en una cena de gala.' } };
    expect(describeChanges(before, after)).toEqual([
      `${label} › Alt text (Spanish): “Meseros en una gala.” → “Meseros en una cena de gala.”`,
    ]);
    const portrait = fieldLabel('home-images/founderPortrait');
    const portraitAlt = { 'home.about/founder.portraitAlt': { en: 'Ana, smiling.', es: 'Ana.' } };
    expect(describeChanges({}, portraitAlt)).toEqual([
      `${portrait} › Alt text (English): “Ana, smiling.”`,
      `${portrait} › Alt text (Spanish): “Ana.”`,
    ]);
  });
});
