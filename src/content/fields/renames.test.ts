import { describe, expect, it } from 'vitest';
import { nodeAt } from '../site-fields.ts';
import { partOf } from '../site-parts.ts';
import { parseRename, pathOfKey, renameFields, renames } from './renames.ts';

const text = (en: string, es: string) => ({ en, es });

/** Whether a key (with `*` for list indexes) names a declared field of a part. */
function declared(key: string): boolean {
  const [partId = '', ...path] = pathOfKey(key);
  const part = partOf(partId);
  return Boolean(
    part &&
    nodeAt(
      part.node,
      path.map((step) => (step === '*' ? '0' : step)),
    ),
  );
}

describe('the rename map', () => {
  it('names, on each line, a field no part declares any more and one that a part declares', () => {
    for (const [from, to] of renames) {
      expect(() => parseRename(from, to)).not.toThrow();
      expect(declared(from), from).toBe(false);
      if (to !== null) expect(declared(to), to).toBe(true);
    }
  });

  it('drops what was stored under a removed field, wherever it was stored', () => {
    const phone = { label: text('Office', 'Oficina'), display: text('(703)', '(703)') };
    const removed = [['application.form/sendError.phone.display', null]] as const;
    expect(
      renameFields(
        {
          'application.form/sendError.phone.display': text('x', 'y'),
          'application.form/sendError.phone': phone,
          'application.form/sendError.title': text('Not sent', 'No enviada'),
        },
        removed,
      ),
    ).toEqual({
      'application.form/sendError.phone': { label: phone.label },
      'application.form/sendError.title': text('Not sent', 'No enviada'),
    });
    const items = [{ name: 'Ana', rating: 5 }, { name: 'Ben' }];
    expect(
      renameFields({ 'home.references/testimonials.items': items }, [
        ['home.references/testimonials.items.*.rating', null],
      ]),
    ).toEqual({ 'home.references/testimonials.items': [{ name: 'Ana' }, { name: 'Ben' }] });
  });

  it('carries a field stored under its old key to its new one', () => {
    const fields = {
      'home.hero/eyebrow': text('Old key', 'Clave vieja'),
      'business/email': 'hi@example.org',
    };
    expect(renameFields(fields, [['home.hero/eyebrow', 'home.hero/kicker']])).toEqual({
      'business/email': 'hi@example.org',
      'home.hero/kicker': text('Old key', 'Clave vieja'),
    });
  });

  it('carries a list item’s field at any index, and a field below a renamed group', () => {
    const fields = {
      'home.references/testimonials.items.2.text': text('Great', 'Genial'),
      'contact/whatsapp.hint.lead': text('Write to', 'Escriba a'),
    };
    const lines = [
      ['home.references/testimonials.items.*.text', 'home.references/testimonials.items.*.quote'],
      ['contact/whatsapp.hint', 'contact/whatsapp.note'],
    ] as const;
    expect(renameFields(fields, lines)).toEqual({
      'home.references/testimonials.items.2.quote': text('Great', 'Genial'),
      'contact/whatsapp.note.lead': text('Write to', 'Escriba a'),
    });
  });

  it('renames inside a whole list, group or part stored as one value', () => {
    const items = [
      { name: 'Ana', text: text('One', 'Uno') },
      { name: 'Ben', text: text('Two', 'Dos') },
    ];
    const lines = [
      ['home.references/testimonials.items.*.text', 'home.references/testimonials.items.*.quote'],
    ] as const;
    const renamed = [
      { name: 'Ana', quote: text('One', 'Uno') },
      { name: 'Ben', quote: text('Two', 'Dos') },
    ];
    expect(renameFields({ 'home.references/testimonials.items': items }, lines)).toEqual({
      'home.references/testimonials.items': renamed,
    });
    expect(renameFields({ 'home.references/testimonials': { items } }, lines)).toEqual({
      'home.references/testimonials': { items: renamed },
    });
    expect(renameFields({ 'home.references/': { testimonials: { items } } }, lines)).toEqual({
      'home.references/': { testimonials: { items: renamed } },
    });
  });

  it('moves a field out of a group stored whole, and into a new group', () => {
    const hint = { lead: text('Write to', 'Escriba a') };
    expect(
      renameFields({ 'contact/whatsapp.hint': hint }, [
        ['contact/whatsapp.hint.lead', 'contact/note.lead'],
      ]),
    ).toEqual({ 'contact/whatsapp.hint': {}, 'contact/note.lead': hint.lead });
    expect(
      renameFields({ 'contact/whatsapp': { title: text('A', 'B') } }, [
        ['contact/whatsapp.title', 'contact/whatsapp.heading.title'],
      ]),
    ).toEqual({ 'contact/whatsapp': { heading: { title: text('A', 'B') } } });
  });

  it('keeps a value already stored under the new key, and applies lines in order', () => {
    const fields = {
      'home.hero/eyebrow': text('Old', 'Viejo'),
      'home.hero/kicker': text('New', 'Nuevo'),
    };
    expect(renameFields(fields, [['home.hero/eyebrow', 'home.hero/kicker']])).toEqual({
      'home.hero/kicker': text('New', 'Nuevo'),
    });
    const chained = [
      ['home.hero/eyebrow', 'home.hero/kicker'],
      ['home.hero/kicker', 'home.hero/overline'],
    ] as const;
    expect(renameFields({ 'home.hero/eyebrow': text('A', 'B') }, chained)).toEqual({
      'home.hero/overline': text('A', 'B'),
    });
  });

  it('leaves fields alone that no line names, and refuses a line that leaves its list', () => {
    const fields = { 'home.hero/intro': text('A', 'B'), 'home.heroes/eyebrow': text('C', 'D') };
    expect(renameFields(fields, [['home.hero/eyebrow', 'home.hero/kicker']])).toEqual(fields);
    expect(() => parseRename('team/roles.items.*.title', 'team/title')).toThrow(/out of its list/);
    expect(() => parseRename('team/roles.items.0.title', 'team/roles.items.0.name')).toThrow(
      /write \*/,
    );
  });
});
