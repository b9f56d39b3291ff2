// The outbox schedules by the database's clock alone, on both engines: an instance whose own clock
// is a day off (its store's injected `now`) neither sends an e-mail before its retry time, which
// another instance set, nor sleeps through one that is due.
import { createStore, openStore, type Store } from '../store/store.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { quoteBody } from '../testing/fixtures.ts';
import { type Outbox } from './outbox.ts';
import type { MailSender } from './transport.ts';
import { startTestOutbox } from '../testing/outbox.ts';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

async function until(check: () => Promise<boolean>, timeoutMs = 8000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A relay that asks to try again later (451) every time, or accepts every message. */
function relay(answer: 'later' | 'accept') {
  const sendMail = vi.fn(async () => {
    if (answer === 'later') {
      throw Object.assign(new Error('451 try again later'), {
        code: 'EENVELOPE',
        responseCode: 451,
      });
    }
    return {};
  });
  return { sendMail } satisfies MailSender;
}

describe.each(engines)('the outbox on a skewed server clock, on $name', (engine: TestEngine) => {
  let data: Awaited<ReturnType<TestEngine['create']>>;
  let store: Store;
  const outboxes: Outbox[] = [];

  beforeEach(async () => {
    data = await engine.create();
    store = await openStore(data.database);
  });

  afterEach(async () => {
    for (const outbox of outboxes.splice(0)) await outbox.stop();
    await store.close();
    data.remove();
  });

  function start(sender: MailSender, on: Store) {
    const outbox = startTestOutbox(on, sender, {
      // A failed try is tried again in about an hour.
      retryBaseMs: HOUR,
      retryMaxMs: 2 * HOUR,
      pollMs: 100,
    });
    outboxes.push(outbox);
    return outbox;
  }

  it('does not send early on a clock a day ahead', async () => {
    await store.save({ form: 'quote', fields: quoteBody(1), notify: true });
    const first = relay('later');
    const right = start(first, store);
    await until(async () => first.sendMail.mock.calls.length === 1);
    await right.idle();
    await right.stop();

    const ahead = createStore(store.database, { now: () => Date.now() + DAY });
    const second = relay('accept');
    const skewed = start(second, ahead);
    await skewed.idle();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(second.sendMail).not.toHaveBeenCalled();
    expect(await store.outboxSummary()).toEqual({ pending: 1, sent: 0, failed: 0 });

    // Its hour passed by the database's clock: the skewed instance sends it.
    await store.database.db
      .updateTable('outbox')
      .set((eb) => ({ next_attempt_at: eb('next_attempt_at', '-', 2 * HOUR) }))
      .execute();
    skewed.nudge();
    await until(async () => (await store.outboxSummary()).sent === 1);
  });

  it('does not stall on a clock a day behind', async () => {
    await store.save({ form: 'quote', fields: quoteBody(2), notify: true });
    const behind = createStore(store.database, { now: () => Date.now() - DAY });
    const sender = relay('accept');
    start(sender, behind);
    await until(async () => (await store.outboxSummary()).sent === 1, 3000);
    expect(sender.sendMail).toHaveBeenCalledTimes(1);
  });
});
