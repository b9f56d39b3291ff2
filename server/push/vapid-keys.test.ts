import { openStore, type Store } from '../store/store.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { addressOf, vapidKeys } from './vapid-keys.ts';

const BUSINESS = () => 'bookings@staffing.example';

let data: Awaited<ReturnType<TestEngine['create']>>;
let store: Store;

describe.each(engines)('the VAPID keys on $name', (engine) => {
  beforeEach(async () => {
    data = await engine.create();
    store = await openStore(data.database);
  });
  afterEach(async () => {
    await store.close();
    data.remove();
  });

  it('makes one pair at the first load, keeps it, and every later reader gets the same', async () => {
    const first = await vapidKeys(store.database.engine, { businessEmail: BUSINESS }).load();
    expect(first.publicKey).toMatch(/^[\w-]{87}$/);
    expect(first.privateKey).toMatch(/^[\w-]{43}$/);
    const again = await vapidKeys(store.database.engine, { businessEmail: BUSINESS }).load();
    expect(again).toEqual(first);
    const rows = await store.database.db.selectFrom('settings').selectAll().execute();
    expect(rows.filter((row) => row.name === 'push_vapid_keys')).toHaveLength(1);
  });

  it("uses the settings' pair as given, and keeps none in the database", async () => {
    const given = { publicKey: 'P'.repeat(87), privateKey: 'p'.repeat(43) };
    const keys = await vapidKeys(store.database.engine, { given, businessEmail: BUSINESS }).load();
    expect(keys).toMatchObject(given);
    const kept = await store.database.db
      .selectFrom('settings')
      .select('name')
      .where('name', '=', 'push_vapid_keys')
      .execute();
    expect(kept).toEqual([]);
  });

  it('names VAPID_SUBJECT, else NOTIFY_FROM, else the business e-mail as the subject', async () => {
    const { engine: db } = store.database;
    const subject = async (source: { subject?: string; notifyFrom?: string }) =>
      (await vapidKeys(db, { ...source, businessEmail: BUSINESS }).load()).subject;
    expect(await subject({ subject: 'https://staffing.example/contact' })).toBe(
      'https://staffing.example/contact',
    );
    expect(await subject({ notifyFrom: 'Potomac Staffing <forms@staffing.example>' })).toBe(
      'mailto:forms@staffing.example',
    );
    expect(await subject({})).toBe('mailto:bookings@staffing.example');
  });
});

it("reads the address out of NOTIFY_FROM's forms", () => {
  expect(addressOf('forms@staffing.example')).toBe('forms@staffing.example');
  expect(addressOf('Potomac <forms@staffing.example>')).toBe('forms@staffing.example');
});
