// Two instances on one Postgres: each stores leads, both scan, both send, at once. Every event
// reaches each device once, never twice, and both sign with the one key pair they agreed on.
import { respondBy } from '../../src/business-time/promises.ts';
import { businessContent } from '../../src/content/business.ts';
import { NOTHING_PUBLISHED } from '../../src/content/published.ts';
import { users } from '../admin/users.ts';
import { openStore, type Store } from '../store/store.ts';
import { engines } from '../testing/engines.ts';
import { quoteBody } from '../testing/fixtures.ts';
import { silentLog } from '../testing/outbox.ts';
import { startPushService, type LocalPushService } from '../testing/push-service.ts';
import { saveDevice } from './push-devices.ts';
import { scanDue } from './push-events.ts';
import { startPushSender, type PushSender } from './push-sender.ts';
import { vapidKeys } from './vapid-keys.ts';

const BUSINESS = businessContent(NOTHING_PUBLISHED).business;
const LEADS = 12;
const DEVICES = 3;

const postgres = engines.filter((engine) => engine.name === 'postgres');

let service: LocalPushService;
let stores: Store[] = [];
let senders: PushSender[] = [];

beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => {
  await service.close();
});

describe.each(postgres)('two instances on one $name', (engine) => {
  afterEach(async () => {
    await Promise.all(senders.map((sender) => sender.stop()));
    await Promise.all(stores.map((store) => store.close()));
    senders = [];
    stores = [];
  });

  it('send one push per event per device, never two, signed with one key pair', async () => {
    const data = await engine.create();
    stores = [await openStore(data.database), await openStore(data.database)];
    const [first, second] = stores as [Store, Store];
    const keys = stores.map((store) =>
      vapidKeys(store.database.engine, { businessEmail: () => BUSINESS.email }),
    );
    // Both make a pair at once: one is kept, and both read it back.
    const pairs = await Promise.all(keys.map((pair) => pair.load()));
    expect(pairs[0]?.publicKey).toBe(pairs[1]?.publicKey);

    const owner = await users(first.database, { cost: { log2N: 10, r: 8, p: 1 } }).add(
      'owner@example.com',
      'a long enough password',
    );
    for (let n = 0; n < DEVICES; n += 1) {
      await saveDevice(first.database.engine, Number(owner.id), {
        ...service.subscriber(`device-${n}`),
        label: `Phone ${n}`,
      });
    }
    // Leads stored through either instance, side by side.
    const saved = await Promise.all(
      Array.from({ length: LEADS }, (_, n) =>
        stores[n % 2]?.save({ form: 'quote', fields: quoteBody(n + 1), notify: false }),
      ),
    );
    const ids = saved.map((result) => (result?.status === 'created' ? result.id : ''));
    // Both scan for replies due, at the same moment of each lead's last half hour.
    const received = Number((await first.get(ids[0] ?? ''))?.receivedAt);
    const now = respondBy(received, BUSINESS) - 20 * 60_000;
    await Promise.all(
      stores.flatMap((store) =>
        [0, 1].map(() => scanDue(store.database.engine, { now, published: NOTHING_PUBLISHED })),
      ),
    );
    senders = stores.map((store, index) =>
      startPushSender({
        engine: store.database.engine,
        submission: (id) => store.get(id),
        keys: keys[index] ?? vapidKeys(store.database.engine, { businessEmail: () => '' }),
        timeZone: () => BUSINESS.timeZone,
        log: silentLog,
        agent: service.agent,
        extraEndpointOrigins: [service.origin],
        now: () => now,
        atOnce: 3,
      }),
    );
    senders.forEach((sender) => sender.nudge());
    // A lead and its 'due' (every lead's deadline is within the same half hour: stored together).
    const expected = LEADS * 2 * DEVICES;
    await service.waitFor(expected, 30_000);
    await Promise.all(senders.map((sender) => sender.idle()));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(service.rejected).toEqual([]);
    expect(service.requests).toBe(expected);
    const seen = service.received.map(
      (push) => `${push.path} ${(push.message as { tag: string }).tag}`,
    );
    expect(new Set(seen).size).toBe(expected);
    expect(new Set(service.received.map((push) => push.publicKey))).toEqual(
      new Set([pairs[0]?.publicKey]),
    );
    const [sent] = await second.database.db
      .selectFrom('push_queue')
      .select((eb) => eb.fn.count<number>('sent_at').as('sent'))
      .execute();
    expect(Number(sent?.sent)).toBe(expected);
    data.remove();
  });
});
