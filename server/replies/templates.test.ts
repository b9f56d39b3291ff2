import type { ReplyTemplateBody } from '../../src/admin/contract.ts';
import { defaultReplyTemplates } from '../../src/content/reply-templates.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { replyTemplates, SEEDED_BY, TEMPLATES_SEEDED_SETTING } from './templates.ts';

let data: Awaited<ReturnType<TestEngine['create']>>;
let opened: Database[];
let clock: number;
const now = () => clock;

async function open(): Promise<Database> {
  const database = await openDatabase(data.database);
  opened.push(database);
  return database;
}

const names = (list: { name: string; form: string }[]) =>
  list.map(({ form, name }) => `${form}: ${name}`);
const DEFAULT_NAMES = [
  ...defaultReplyTemplates.filter(({ form }) => form === 'quote'),
  ...defaultReplyTemplates.filter(({ form }) => form === 'application'),
].map(({ form, name }) => `${form}: ${name}`);

const CHECKLIST: ReplyTemplateBody = {
  form: 'quote',
  name: 'Menu tasting',
  bodyEn: 'Hello {name}, would you like a tasting?',
  bodyEs: '',
};

describe.each(engines)('reply templates on $name', (engine) => {
  beforeEach(async () => {
    clock = Date.parse('2026-11-27T15:00:00Z');
    opened = [];
    data = await engine.create();
  });

  afterEach(async () => {
    for (const database of opened) await database.close();
    data.remove();
  });

  it('a new database starts with the defaults, quotes first, each form in its order', async () => {
    const list = await replyTemplates(await open(), { now }).list();
    expect(names(list)).toEqual(DEFAULT_NAMES);
    expect(list[0]).toMatchObject({ updatedAt: clock, updatedBy: SEEDED_BY });
    const applications = await replyTemplates(await open(), { now }).list('application');
    expect(applications.map(({ name }) => name)).toEqual([
      'Interview invitation',
      'Thank you, not now',
    ]);
  });

  it('seeds once: two instances starting together make one set, and a deleted default stays deleted', async () => {
    const [first, second, third] = [await open(), await open(), await open()];
    const stores = [first, second, third].map((database) => replyTemplates(database, { now }));
    await Promise.all(stores.map((store) => store.seed()));
    const list = await replyTemplates(second, { now }).list();
    expect(names(list)).toEqual(DEFAULT_NAMES);

    const [deleted] = list;
    if (!deleted) throw new Error('no template');
    expect(await replyTemplates(third, { now }).remove(deleted.id)).toBe(true);
    // An instance started later (or after a restart) does not bring it back.
    const later = replyTemplates(await open(), { now });
    expect((await later.list()).map(({ id }) => id)).not.toContain(deleted.id);
    expect(await later.list()).toHaveLength(DEFAULT_NAMES.length - 1);
    const setting = await first.db
      .selectFrom('settings')
      .select('name')
      .where('name', '=', TEMPLATES_SEEDED_SETTING)
      .execute();
    expect(setting).toHaveLength(1);
  });

  it('a new one goes after the others of its form; a change records who and when, and its new form', async () => {
    const store = replyTemplates(await open(), { now });
    clock += 60_000;
    const made = await store.create(CHECKLIST, 'owner@example.com');
    expect(made).toMatchObject({ ...CHECKLIST, updatedAt: clock, updatedBy: 'owner@example.com' });
    expect((await store.list('quote')).at(-1)?.id).toBe(made.id);

    clock += 60_000;
    const changed = await store.update(
      made.id,
      { ...CHECKLIST, form: 'application', bodyEs: 'Hola, {name}.' },
      'manager@example.com',
    );
    expect(changed).toMatchObject({
      form: 'application',
      bodyEs: 'Hola, {name}.',
      updatedAt: clock,
      updatedBy: 'manager@example.com',
    });
    expect((await store.list('application')).at(-1)?.id).toBe(made.id);
    expect(await store.get(made.id)).toEqual(changed);

    expect(await store.update(999_999, CHECKLIST, 'owner@example.com')).toBeUndefined();
    expect(await store.remove(made.id)).toBe(true);
    expect(await store.remove(made.id)).toBe(false);
    expect(await store.get(made.id)).toBeUndefined();
  });
});
