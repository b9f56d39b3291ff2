import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { engines } from '../testing/engines.ts';
import { DraftConflict, siteStore, type SiteStore } from './site-store.ts';

const phone = { display: '(202) 555-2368', e164: '+12025552368' };

describe.each(engines)('the site store on $name', (engine) => {
  let database: Database;
  let store: SiteStore;
  let remove: () => void;
  let clock = 1_000;

  beforeEach(async () => {
    clock = 1_000;
    const created = await engine.create();
    remove = created.remove;
    database = await openDatabase(created.database);
    store = siteStore(database, () => clock);
  });

  afterEach(async () => {
    await database.close();
    remove();
  });

  it('starts with nothing published and an empty draft', async () => {
    expect(await store.latestVersion()).toBe(0);
    expect(await store.versions()).toEqual([]);
    expect(await store.draft()).toEqual({
      revision: 0,
      fields: {},
      updatedAt: null,
      updatedBy: null,
    });
  });

  it('keeps the draft across saves, and refuses a save made from an older revision', async () => {
    const first = await store.saveDraft({ 'business/phones.office': phone }, 0, 'ana@example.com');
    expect(first.revision).toBe(1);
    clock = 2_000;
    await store.saveDraft({ 'business/email': 'hi@example.org' }, 1, 'ben@example.com');
    // A second editor, who loaded revision 1, does not overwrite the first's save.
    const late = store.saveDraft({ 'business/name': 'Late' }, 1, 'ana@example.com');
    await expect(late).rejects.toBeInstanceOf(DraftConflict);
    const conflict = (await late.catch((error: unknown) => error)) as DraftConflict;
    expect(conflict.current).toMatchObject({
      revision: 2,
      updatedBy: 'ben@example.com',
      updatedAt: 2_000,
    });
    expect((await store.draft()).fields).toEqual({ 'business/email': 'hi@example.org' });
  });

  it('applies a patch over the revision it was made from only', async () => {
    await store.saveDraft(
      { 'business/phones.office': phone, 'business/name': 'A' },
      0,
      'ana@x.org',
    );
    const patched = await store.patchDraft(
      { set: { 'business/email': 'hi@example.org' }, drop: ['business/name'] },
      1,
      'ben@example.com',
    );
    expect(patched.revision).toBe(2);
    expect((await store.draft()).fields).toEqual({
      'business/phones.office': phone,
      'business/email': 'hi@example.org',
    });
    const stale = store.patchDraft({ set: { 'business/name': 'B' }, drop: [] }, 1, 'ana@x.org');
    await expect(stale).rejects.toBeInstanceOf(DraftConflict);
    expect((await store.draft()).revision).toBe(2);
  });

  it('records every version with who, when and the changes, newest first, and never two at one number', async () => {
    await store.addVersion({ after: 0, fields: { a: 1 }, changes: ['one'], by: 'ana@example.com' });
    clock = 5_000;
    await store.addVersion({
      after: 1,
      fields: {},
      changes: ['two'],
      by: 'ben@example.com',
      restoredFrom: 1,
    });
    await expect(
      store.addVersion({ after: 1, fields: { b: 2 }, changes: ['raced'], by: 'eve@example.com' }),
    ).rejects.toThrow();
    expect(await store.latestVersion()).toBe(2);
    expect(await store.versions()).toEqual([
      {
        version: 2,
        publishedAt: 5_000,
        publishedBy: 'ben@example.com',
        changes: ['two'],
        restoredFrom: 1,
      },
      {
        version: 1,
        publishedAt: 1_000,
        publishedBy: 'ana@example.com',
        changes: ['one'],
        restoredFrom: null,
      },
    ]);
    expect((await store.version(1))?.fields).toEqual({ a: 1 });
  });

  it('removes the uploads no draft and no version names, once they are older than the grace', async () => {
    const [inVersion, inDraft, unused, recent, reuploaded] = ['a', 'b', 'c', 'd', 'e'].map(
      (letter) => letter.repeat(16),
    ) as [string, string, string, string, string];
    const files = (id: string) =>
      [640, 1280].map((width) => ({
        name: `${id}-${width}.avif`,
        type: 'image/avif',
        content: new Uint8Array([width % 256]),
      }));
    const photoOf = (id: string) => ({
      mediaId: id,
      image: { sources: {}, img: { src: `/media/${id}-640.webp`, w: 640, h: 400 } },
      focus: { x: 50, y: 50 },
    });
    clock = 1_000;
    for (const id of [inVersion, inDraft, unused, reuploaded]) await store.saveMedia(id, files(id));
    // A version in the history, no longer live nor in the draft, keeps its photo for ever.
    await store.addVersion({
      after: 0,
      fields: { 'home-images/heroImages.0': photoOf(inVersion) },
      changes: [],
      by: 'ana@example.com',
    });
    await store.addVersion({ after: 1, fields: {}, changes: [], by: 'ana@example.com' });
    await store.saveDraft({ 'home-images/founderPortrait': photoOf(inDraft) }, 0, 'ana@x.org');
    clock = 50_000;
    await store.saveMedia(recent, files(recent));
    await store.saveMedia(reuploaded, files(reuploaded));

    const removed = await store.removeUnusedMedia(10_000);

    expect(removed).toEqual([unused]);
    expect(await store.hasMedia(unused)).toBe(false);
    for (const kept of [inVersion, inDraft, recent, reuploaded]) {
      expect(await store.hasMedia(kept), kept).toBe(true);
    }
    expect(await store.mediaFile(`${inVersion}-1280.avif`)).toBeDefined();
    expect(await store.removeUnusedMedia(10_000)).toEqual([]);
  });

  it('keeps photos by name, each file once', async () => {
    const content = new Uint8Array([1, 2, 3]);
    const file = { name: '0123456789abcdef-640.avif', type: 'image/avif', content };
    await store.saveMedia('0123456789abcdef', [file]);
    await store.saveMedia('0123456789abcdef', [file]);
    const read = await store.mediaFile(file.name);
    expect(read?.type).toBe('image/avif');
    expect([...(read?.content ?? [])]).toEqual([1, 2, 3]);
    expect(await store.hasMedia('0123456789abcdef')).toBe(true);
    expect(await store.mediaFile('nope')).toBeUndefined();
  });
});
