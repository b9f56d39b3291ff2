// The e-mails given up lately (mailState's `gaveUp`, the inbox's banner), on both engines: those
// given up in the last GAVE_UP_SHOWN_DAYS count, with the latest's time and code; older ones, sent
// ones and waiting ones do not.
import { GAVE_UP_SHOWN_DAYS } from '../../src/admin/mail-check/contract.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { quoteBody } from '../testing/fixtures.ts';
import { openStore, type Store } from './store.ts';

const DAY = 24 * 60 * 60_000;

describe.each(engines)('the e-mails given up lately, on $name', (engine: TestEngine) => {
  let data: Awaited<ReturnType<TestEngine['create']>>;
  let store: Store;

  beforeEach(async () => {
    data = await engine.create();
    store = await openStore(data.database);
  });

  afterEach(async () => {
    await store.close();
    data.remove();
  });

  /** Five submissions, each with its owner's notification queued: their outbox rows' ids. */
  async function queued(): Promise<[number, number, number, number, number]> {
    for (let n = 1; n <= 5; n += 1) {
      await store.save({ form: 'quote', fields: quoteBody(n), notify: true });
    }
    const rows = await store.database.db.selectFrom('outbox').select('id').orderBy('id').execute();
    expect(rows).toHaveLength(5);
    return rows.map((row) => Number(row.id)) as [number, number, number, number, number];
  }

  async function mark(
    id: number,
    values: { gave_up_at?: number; sent_at?: number; last_error?: string },
  ) {
    await store.database.db.updateTable('outbox').set(values).where('id', '=', id).execute();
  }

  it('counts those given up in the last days, with the latest one’s time and code', async () => {
    const [recent, earlier, old, sent] = await queued();
    const now = Date.now();
    await mark(recent, { gave_up_at: now - 2 * DAY, last_error: 'EENVELOPE 550' });
    await mark(earlier, { gave_up_at: now - 3 * DAY, last_error: 'ETIMEDOUT SENDING' });
    await mark(old, { gave_up_at: now - (GAVE_UP_SHOWN_DAYS + 1) * DAY, last_error: 'EAUTH 535' });
    await mark(sent, { sent_at: now - DAY });
    // The fifth waits.

    const { gaveUp, waiting } = await store.mailState();

    expect(waiting).toBe(1);
    expect(gaveUp).toEqual({ count: 2, lastAt: now - 2 * DAY, lastCode: 'EENVELOPE 550' });
  });

  it('is null when none was given up in those days', async () => {
    const [old] = await queued();
    await mark(old, {
      gave_up_at: Date.now() - (GAVE_UP_SHOWN_DAYS + 1) * DAY,
      last_error: 'EENVELOPE 550',
    });

    expect((await store.mailState()).gaveUp).toBeNull();
  });
});
