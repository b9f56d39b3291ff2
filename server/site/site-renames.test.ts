import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyFields } from '../../src/content/published.ts';
import { partOf } from '../../src/content/site-parts.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { engines } from '../testing/engines.ts';
import { publishProblems, runtimeContent } from './site-content.ts';
import { siteStore, type SiteStore } from './site-store.ts';

/**
 * A content key renamed after the owner published under it (src/content/fields/renames.ts): the
 * stored draft and versions are read, checked and served under the new key. The map is empty
 * until a key is renamed, so this test gives it a line of its own.
 */
const { lines } = vi.hoisted(() => ({
  lines: [
    ['home.hero/kicker', 'home.hero/eyebrow'],
    ['home.references/testimonials.items.*.quote', 'home.references/testimonials.items.*.text'],
  ] as const,
}));

vi.mock('../../src/content/fields/renames.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/content/fields/renames.ts')>();
  return {
    ...real,
    renames: lines,
    renameFields: (fields: Record<string, unknown>) => real.renameFields(fields, lines),
  };
});

const text = (en: string, es: string) => ({ en, es });
const stored = {
  'home.hero/kicker': text('Since 2014', 'Desde 2014'),
  'home.references/testimonials.items': [
    {
      name: 'Ana Ruiz',
      company: 'Acme',
      rating: 5,
      position: text('Host', 'Anfitriona'),
      quote: text('Flawless.', 'Impecable.'),
    },
  ],
};

describe.each(engines)('a key renamed after a publish, on $name', (engine) => {
  let database: Database;
  let store: SiteStore;
  let remove: () => void;

  beforeEach(async () => {
    const created = await engine.create();
    remove = created.remove;
    database = await openDatabase(created.database);
    store = siteStore(database, () => 1_000);
  });

  afterEach(async () => {
    await database.close();
    remove();
  });

  it('serves a version stored under the old key under the new one', async () => {
    const version = await store.addVersion({ after: 0, fields: stored, changes: [], by: 'a@b.c' });
    const fields = (await store.version(version))?.fields ?? {};
    expect(Object.keys(fields).sort()).toEqual([
      'home.hero/eyebrow',
      'home.references/testimonials.items',
    ]);
    expect(publishProblems(fields)).toEqual([]);
    const content = runtimeContent(fields, version);
    const hero = applyFields('home.hero', partOf('home.hero')?.en, content.en ?? {});
    expect(hero).toMatchObject({ eyebrow: 'Since 2014' });
    const references = applyFields('home.references', partOf('home.references')?.es, {
      ...content.es,
    }) as { testimonials: { items: { text: string; name: string }[] } };
    expect(references.testimonials.items).toEqual([
      expect.objectContaining({ name: 'Ana Ruiz', text: 'Impecable.' }),
    ]);
  });

  it('reads a draft saved under the old key under the new one', async () => {
    await store.saveDraft(stored, 0, 'a@b.c');
    const { fields } = await store.draft();
    expect(fields['home.hero/eyebrow']).toEqual(text('Since 2014', 'Desde 2014'));
    expect(fields).not.toHaveProperty('home.hero/kicker');
  });
});

it('reads fields handed to the renderer under an old key under the new one', () => {
  const hero = applyFields('home.hero', partOf('home.hero')?.en, {
    'home.hero/kicker': 'Old key, new place',
  });
  expect(hero).toMatchObject({ eyebrow: 'Old key, new place' });
});
