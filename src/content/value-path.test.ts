import { withValueAt } from './value-path.ts';

describe('withValueAt', () => {
  const value = { title: 'Old', cards: [{ heading: 'A' }, { heading: 'B' }] };

  it.each(['add', 'keep'] as const)(
    'sets a key and a list item, copying along the path (%s)',
    (missing) => {
      expect(withValueAt(value, ['cards', '1', 'heading'], 'C', missing)).toEqual({
        title: 'Old',
        cards: [{ heading: 'A' }, { heading: 'C' }],
      });
      expect(withValueAt(value, [], 'whole', missing)).toBe('whole');
      expect(value.cards[1]?.heading).toBe('B');
    },
  );

  it.each(['add', 'keep'] as const)(
    'leaves a list as it is for an index it lacks (%s)',
    (missing) => {
      expect(withValueAt(value, ['cards', '2', 'heading'], 'C', missing)).toEqual(value);
      expect(withValueAt(value, ['cards', 'x'], 'C', missing)).toEqual(value);
    },
  );

  it("adds a key the object lacks, for the editor's working copy", () => {
    expect(withValueAt(value, ['subtitle'], 'New', 'add')).toEqual({ ...value, subtitle: 'New' });
    expect(withValueAt(undefined, ['a', 'b'], 1, 'add')).toEqual({ a: { b: 1 } });
  });

  it("sets an optional last key the code's object leaves unset, for published content", () => {
    const social = [{ label: 'Facebook' }, { label: 'Instagram' }];
    expect(withValueAt(social, ['0', 'href'], 'https://facebook.com/x', 'keep')).toEqual([
      { label: 'Facebook', href: 'https://facebook.com/x' },
      { label: 'Instagram' },
    ]);
  });

  it('leaves the value as it is for a path through what the code lacks, for published content', () => {
    expect(withValueAt(value, ['subtitle', 'text'], 'New', 'keep')).toBe(value);
    expect(withValueAt(undefined, ['a', 'b'], 1, 'keep')).toBeUndefined();
    expect(withValueAt('text', ['a'], 1, 'keep')).toBe('text');
  });
});
