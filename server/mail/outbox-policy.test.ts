// The outbox's rules on both engines: what a refusal, a slow relay and a stuck one do to an e-mail,
// and that two instances sending from one database send each e-mail once.
import { forms } from '../intake/forms.ts';
import { openStore, type Store } from '../store/store.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { quoteBody } from '../testing/fixtures.ts';
import { startDroppingSmtp, startSmtp } from '../testing/smtp.ts';
import { inbox } from '../admin/inbox.ts';
import { type Outbox, type OutboxOptions } from './outbox.ts';
import { SENDS_AT_ONCE, smtpSender, type MailSender } from './transport.ts';
import { MAIL_MAX_WAIT_DAYS } from '../../src/admin/contract.ts';
import { NOTHING_PUBLISHED } from '../../src/content/published.ts';
import { adminText } from '../../src/content/admin.ts';
import { startTestOutbox } from '../testing/outbox.ts';

async function until(check: () => Promise<boolean>, timeoutMs = 8000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** An SMTP refusal as nodemailer reports it: a code and the relay's response code. */
function refusal(responseCode: number) {
  return Object.assign(new Error(`${responseCode} <bookings@staffing.example> refused`), {
    code: 'EENVELOPE',
    responseCode,
  });
}

describe.each(engines)('outbox policy on $name', (engine: TestEngine) => {
  let data: Awaited<ReturnType<TestEngine['create']>>;
  let store: Store;
  const outboxes: Outbox[] = [];
  const closers: (() => Promise<void>)[] = [];

  beforeEach(async () => {
    data = await engine.create();
    store = await openStore(data.database);
  });

  afterEach(async () => {
    for (const outbox of outboxes.splice(0)) await outbox.stop();
    for (const close of closers.splice(0)) await close();
    await store.close();
    data.remove();
  });

  function start(sender: MailSender, options: Partial<OutboxOptions> = {}, on = store) {
    const outbox = startTestOutbox(on, sender, {
      from: 'Potomac Staffing forms <forms@staffing.example>',
      ...options,
    });
    outboxes.push(outbox);
    return outbox;
  }

  /** The outbox rows, oldest first: tries, last error, and whether each was sent or given up. */
  async function rows() {
    const found = await store.database.db
      .selectFrom('outbox')
      .select(['attempts', 'last_error', 'sent_at', 'gave_up_at'])
      .orderBy('id')
      .execute();
    return found.map((row) => ({
      attempts: Number(row.attempts),
      error: row.last_error,
      sent: row.sent_at !== null,
      gaveUp: row.gave_up_at !== null,
    }));
  }

  /**
   * Until the one e-mail waits with no try used, its last error `code`. Looked at between tries: a
   * claim counts its try until the relay's failure is recorded and the try given back.
   */
  async function untilWaitingNoTry(code: string) {
    await until(async () => {
      const [row, ...more] = await rows();
      return (
        more.length === 0 && row?.attempts === 0 && row.error === code && !row.sent && !row.gaveUp
      );
    });
  }

  it('gives up at once on a permanent refusal (5xx), with its code', async () => {
    const sendMail = vi.fn(async () => {
      throw refusal(550);
    });
    await store.save({ form: 'quote', fields: quoteBody(1), notify: true });
    start({ sendMail });
    await until(async () => (await store.outboxSummary()).failed === 1);
    expect(sendMail).toHaveBeenCalledTimes(1);
    expect(await rows()).toEqual([
      { attempts: 1, error: 'EENVELOPE 550', sent: false, gaveUp: true },
    ]);
  });

  it('tries again after a temporary refusal (4xx), and sends', async () => {
    let calls = 0;
    const sendMail = vi.fn(async () => {
      calls += 1;
      if (calls <= 2) throw refusal(451);
      return {};
    });
    await store.save({ form: 'quote', fields: quoteBody(2), notify: true });
    start({ sendMail });
    await until(async () => (await store.outboxSummary()).sent === 1);
    expect(sendMail).toHaveBeenCalledTimes(3);
    expect(await rows()).toEqual([{ attempts: 3, error: null, sent: true, gaveUp: false }]);
  });

  it('gives up a temporary refusal after the last try', async () => {
    const sendMail = vi.fn(async () => {
      throw refusal(421);
    });
    await store.save({ form: 'quote', fields: quoteBody(3), notify: true });
    start({ sendMail }, { maxAttempts: 3 });
    await until(async () => (await store.outboxSummary()).failed === 1);
    expect(sendMail).toHaveBeenCalledTimes(3);
    expect(await rows()).toEqual([
      { attempts: 3, error: 'EENVELOPE 421', sent: false, gaveUp: true },
    ]);
  });

  // A relay down for longer than 30 tries last (about a day): the e-mails keep waiting, and the
  // inbox keeps saying so, until the relay answers; only after MAIL_MAX_WAIT_DAYS (by the
  // database's clock: the row's queuing moved back a week) is one given up (its page has Send
  // again). A refused sign-in pauses the outbox instead (outbox-pause.test.ts).
  it('waits for a relay that cannot be reached without using up the tries, and gives up only after a week', async () => {
    const code = 'ECONNREFUSED';
    const relay = await startSmtp(0);
    const url = `smtp://relay-user:relay-secret@127.0.0.1:${relay.port}`;
    await relay.close();
    const retries = vi.fn();
    const givenUp = vi.fn();
    const log = { info: () => {}, warn: retries, error: givenUp };
    await store.save({ form: 'quote', fields: quoteBody(7), notify: true });
    start(smtpSender(url), { maxAttempts: 3, log });

    await until(async () => retries.mock.calls.length >= 6);
    await untilWaitingNoTry(code);
    expect((await store.mailState()).waiting).toBe(1);
    expect(givenUp).not.toHaveBeenCalled();

    // A week later, still refused: given up, and said so.
    const week = MAIL_MAX_WAIT_DAYS * 24 * 60 * 60_000;
    await store.database.db
      .updateTable('outbox')
      .set((eb) => ({ created_at: eb('created_at', '-', week) }))
      .execute();
    await until(async () => (await store.outboxSummary()).failed === 1);
    expect(await rows()).toMatchObject([{ error: code, sent: false, gaveUp: true }]);
    expect(givenUp).toHaveBeenCalledWith(
      expect.objectContaining({ code }),
      'notification given up',
    );
    // Its page says it waited for the relay, not that one try failed.
    const [submission] = await store.list();
    const detail = await inbox(store.database, {
      forms,
      published: () => NOTHING_PUBLISHED,
    }).detail(submission?.id ?? '');
    const notification = detail?.notification;
    expect(notification).toMatchObject({ state: 'failed', attempts: 0, error: code });
    if (notification?.state !== 'failed') throw new Error('not given up');
    expect(
      adminText.submission.notificationStates.failed(notification.attempts, notification.error),
    ).toBe(`Given up after days of waiting for the mail relay (${code}).`);
  });

  it('pauses for a relay whose TLS fails on connect (smtps to a plain port), using no try', async () => {
    const relay = await startSmtp();
    closers.push(relay.close);
    const retries = vi.fn();
    const givenUp = vi.fn();
    await store.save({ form: 'quote', fields: quoteBody(8), notify: true });
    start(smtpSender(`smtps://127.0.0.1:${relay.port}`), {
      maxAttempts: 2,
      probeEveryMs: 50,
      log: { info: () => {}, warn: retries, error: givenUp },
    });
    await until(async () => retries.mock.calls.length >= 4);
    const [row] = await rows();
    expect(row).toMatchObject({ attempts: 0, sent: false, gaveUp: false });
    // What is shown is the system's code of the handshake, not nodemailer's ESOCKET.
    expect(row?.error).toMatch(/^(ERR_SSL_|EPROTO)/);
    expect((await store.mailState()).paused?.code).toMatch(/^(ERR_SSL_|EPROTO)/);
    expect(givenUp).not.toHaveBeenCalled();
  });

  it('uses a try when the relay drops the connection after DATA, and gives up after the last', async () => {
    const relay = await startDroppingSmtp();
    closers.push(relay.close);
    await store.save({ form: 'quote', fields: quoteBody(9), notify: true });
    start(smtpSender(`smtp://127.0.0.1:${relay.port}`), { maxAttempts: 3 });
    await until(async () => (await store.outboxSummary()).failed === 1);
    expect(relay.dropped()).toBe(3);
    const [row] = await rows();
    expect(row).toMatchObject({ attempts: 3, sent: false, gaveUp: true });
    expect(row?.error).toMatch(/^E[A-Z]+ SENDING$/);
  });

  it('counts the week of waiting for the relay again from Send again', async () => {
    const relay = await startSmtp();
    await relay.close();
    const givenUp = vi.fn();
    const retries = vi.fn();
    const saved = await store.save({ form: 'quote', fields: quoteBody(10), notify: true });
    if (saved.status !== 'created') throw new Error('not saved');
    // Queued eight days ago: the first failure gives it up.
    const eightDays = (MAIL_MAX_WAIT_DAYS + 1) * 24 * 60 * 60_000;
    await store.database.db
      .updateTable('outbox')
      .set({ created_at: Date.now() - eightDays })
      .execute();
    start(smtpSender(`smtp://127.0.0.1:${relay.port}`), {
      log: { info: () => {}, warn: retries, error: givenUp },
    });
    await until(async () => (await store.outboxSummary()).failed === 1);

    // Sent again from its page: it waits a week from now, not from when it was queued.
    expect(await store.requeueNotification(saved.id, 'notify')).toBe(true);
    retries.mockClear();
    givenUp.mockClear();
    outboxes[0]?.nudge();
    await until(async () => retries.mock.calls.length >= 3);
    await untilWaitingNoTry('ECONNREFUSED');
    expect(givenUp).not.toHaveBeenCalled();
    expect((await store.mailState()).oldestWaitingSince).toBeGreaterThan(Date.now() - 60_000);
  });

  it('abandons a send past its deadline as a temporary failure, and tries again', async () => {
    let calls = 0;
    let triedAgain: { at: number; error: string | null } | undefined;
    const sendMail = vi.fn(async () => {
      calls += 1;
      // The first relay never answers.
      if (calls === 1) return new Promise<never>(() => {});
      // The second try comes once the first is recorded as abandoned: read as it starts (the
      // retry follows within a moment, too soon for a poll of the rows to see it on a busy machine).
      triedAgain ??= { at: Date.now(), error: (await rows())[0]?.error ?? null };
      return {};
    });
    await store.save({ form: 'quote', fields: quoteBody(4), notify: true });
    const started = Date.now();
    start({ sendMail }, { sendDeadlineMs: 300 });
    await until(async () => (await store.outboxSummary()).sent === 1);
    expect(triedAgain?.error).toBe('ETIMEDOUT SENDING');
    expect((triedAgain?.at ?? Infinity) - started).toBeLessThan(3000);
    // The message may have gone out before the relay stopped answering: the abandoned try counts.
    expect(await rows()).toEqual([{ attempts: 2, error: null, sent: true, gaveUp: false }]);
  });

  it('claims no more than the pool sends at once', async () => {
    for (let n = 0; n < 12; n += 1) {
      await store.save({ form: 'quote', fields: quoteBody(n), notify: true });
    }
    const claimedWhileSending: number[] = [];
    const sendMail = async () => {
      const held = await store.database.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('claim_token', 'is not', null)
        .executeTakeFirst();
      claimedWhileSending.push(Number(held?.n));
      await new Promise((resolve) => setTimeout(resolve, 50));
      return {};
    };
    start({ sendMail });
    await until(async () => (await store.outboxSummary()).sent === 12);
    expect(Math.max(...claimedWhileSending)).toBeLessThanOrEqual(SENDS_AT_ONCE);
  });

  it('sends each e-mail once from two instances, though the relay holds each past the lease', async () => {
    const smtp = await startSmtp(0, { holdMs: 3000 });
    closers.push(smtp.close);
    const other = await openStore(data.database);
    closers.push(() => other.close());
    for (let n = 0; n < 4; n += 1) {
      await store.save({ form: 'quote', fields: quoteBody(n), notify: true });
    }
    const url = `smtp://127.0.0.1:${smtp.port}`;
    // A lease of 1.5 s, renewed every 0.5 s while the 3 s send runs: the other instance never
    // takes it. (Shorter, a runner busy with other suites can stall a renewal past the lease.)
    start(smtpSender(url), { leaseMs: 1500, pollMs: 100 });
    start(smtpSender(url), { leaseMs: 1500, pollMs: 100 }, other);
    await until(async () => (await store.outboxSummary()).sent === 4, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const ids = smtp.received.map((mail) => /^Message-ID:\s*(<[^>]+>)/im.exec(mail.raw)?.[1]);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
    expect((await rows()).map((row) => row.attempts)).toEqual([1, 1, 1, 1]);
  });
});
