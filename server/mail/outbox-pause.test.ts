// The outbox's pause, on both engines, against a real SMTP server: a relay that refuses our
// sign-in pauses every instance (no e-mail is tried, none given up; a probe asks the relay again),
// the inbox says so with the pause's start, and the mail leaves by itself once the relay accepts.
// A refusal of one message (550) still gives up that one alone.
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../admin/admin-context.ts';
import { users } from '../admin/users.ts';
import { buildApp } from '../http/app.ts';
import { openStore, type Store } from '../store/store.ts';
import { injectSignIn } from '../testing/admin-session.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { quoteBody } from '../testing/fixtures.ts';
import { startSmtp } from '../testing/smtp.ts';
import { type Outbox, type OutboxOptions } from './outbox.ts';
import { SENDS_AT_ONCE, smtpSender, type MailSender } from './transport.ts';
import type { SessionInfo } from '../../src/admin/contract.ts';
import { pausedText } from '../../src/admin/inbox/notices/mail-notice.tsx';
import { startTestOutbox } from '../testing/outbox.ts';

const cost = { log2N: 10, r: 8, p: 1 };
const OWNER = 'owner@example.com';
const PASSWORD = 'a long enough password';
const PROBE_MS = 300;

async function until(check: () => Promise<boolean>, timeoutMs = 8000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(engines)('the outbox paused by a refused sign-in, on $name', (engine: TestEngine) => {
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

  function start(relayUrl: string, options: Partial<OutboxOptions> = {}, on = store) {
    const outbox = startTestOutbox(on, smtpSender(relayUrl), {
      probeEveryMs: PROBE_MS,
      ...options,
    });
    outboxes.push(outbox);
    return outbox;
  }

  async function rows() {
    const found = await store.database.db
      .selectFrom('outbox')
      .select(['attempts', 'sent_at', 'gave_up_at', 'last_error'])
      .orderBy('id')
      .execute();
    return found.map((row) => ({
      attempts: Number(row.attempts),
      sent: row.sent_at !== null,
      gaveUp: row.gave_up_at !== null,
      error: row.last_error,
    }));
  }

  /**
   * Until the one e-mail waits with its try given back, neither sent nor given up. Looked at
   * between sends: a claim counts its try until the refusal is recorded, so a look at that moment
   * sees 1; without the refund it never comes back to 0.
   */
  async function untilTryGivenBack() {
    await until(async () => {
      const found = await rows();
      return found.length === 1 && found[0]?.attempts === 0 && !found[0].sent && !found[0].gaveUp;
    });
  }

  /** The inbox's session, from another instance on the same database. */
  async function inboxSession() {
    const other = await openStore(data.database);
    const app: FastifyInstance = await buildApp({ store: other, notify: true, admin: { cost } });
    closers.push(async () => {
      await app.close();
      await other.close();
    });
    await users(other.database, { cost }).add(OWNER, PASSWORD);
    const token = await injectSignIn(app, OWNER, PASSWORD);
    return async () => {
      const response = await app.inject({
        url: '/admin/api/session',
        cookies: { [SESSION_COOKIE]: token },
      });
      return (response.json() as SessionInfo).mail;
    };
  }

  it('tries no e-mail while paused, probes, tells the inbox, and sends all once the relay accepts', async () => {
    const relay = await startSmtp(0, { refuseSignIn: true });
    closers.push(relay.close);
    const session = await inboxSession();
    const before = Date.now();
    const count = 20;
    for (let n = 1; n <= count; n += 1) {
      await store.save({ form: 'quote', fields: quoteBody(n), notify: true });
    }
    start(`smtp://forms:old-password@127.0.0.1:${relay.port}`);
    await until(async () => (await store.mailState()).paused !== null);
    // The sends under way when the first refusal came have ended by now.
    await sleep(PROBE_MS);
    const settled = relay.signIns();
    await sleep(4 * PROBE_MS);
    // Meanwhile only the probes sign in, one per PROBE_MS, whatever the number of e-mails waiting;
    // in all, the e-mails claimed at once before the pause, and the probes: not one per e-mail.
    const probes = relay.signIns() - settled;
    expect(probes).toBeGreaterThanOrEqual(2);
    expect(probes).toBeLessThanOrEqual(5);
    expect(relay.signIns()).toBeLessThanOrEqual(SENDS_AT_ONCE + 5 + 1);
    expect(relay.signIns()).toBeLessThan(count);
    const waiting = await rows();
    expect(waiting).toHaveLength(count);
    for (const row of waiting)
      expect(row).toMatchObject({ attempts: 0, sent: false, gaveUp: false });

    const mail = await session();
    expect(mail?.waiting).toBe(count);
    expect(mail?.paused?.code).toBe('EAUTH 535');
    expect(mail?.paused?.since).toBeGreaterThanOrEqual(before - 1000);
    expect(mail?.paused?.since).toBeLessThanOrEqual(Date.now() + 1000);
    if (!mail?.paused) throw new Error('not paused');
    expect(pausedText(mail.paused, mail.waiting)).toMatch(
      /^E-mail cannot be sent: the mail server refused our sign-in, since .+ \(EAUTH 535\)\. 20 e-mails wait/,
    );

    // The password put right at the relay: the next probe resumes, and everything leaves.
    relay.acceptSignIn();
    await until(async () => relay.received.length === count);
    // Each is marked sent once the relay's answer is back, a moment after the relay has it.
    await until(async () => (await store.outboxSummary()).pending === 0);
    expect((await session())?.paused).toBeNull();
    expect(await store.outboxSummary()).toEqual({ pending: 0, sent: count, failed: 0 });
  });

  it('stays paused while the relay cannot be reached, and gives nothing up however long', async () => {
    const refusing = await startSmtp(0, { refuseSignIn: true });
    const { port } = refusing;
    await store.save({ form: 'quote', fields: quoteBody(1), notify: true });
    start(`smtp://forms:password@127.0.0.1:${port}`);
    await until(async () => (await store.mailState()).paused !== null);
    // The relay goes away (its probe: ECONNREFUSED), and the e-mail was queued 8 days ago.
    await refusing.close();
    const days8 = 8 * 24 * 60 * 60_000;
    await store.database.db
      .updateTable('outbox')
      .set((eb) => ({ created_at: eb('created_at', '-', days8) }))
      .execute();
    await sleep(4 * PROBE_MS);
    expect((await store.mailState()).paused?.code).toBe('EAUTH 535');
    expect(await rows()).toMatchObject([{ attempts: 0, sent: false, gaveUp: false }]);

    // Back, accepting: the probe ends the pause, and the e-mail leaves.
    const relay = await startSmtp(port);
    closers.push(relay.close);
    await until(async () => relay.received.length === 1);
    await until(async () => (await store.outboxSummary()).pending === 0);
    expect(await store.outboxSummary()).toEqual({ pending: 0, sent: 1, failed: 0 });
  });

  it('counts the 7 days from the end of a pause: an old e-mail waits through a blip just after it', async () => {
    // The relay refuses our sign-in, then accepts the probe, then cannot be reached at all.
    let state: 'refusing' | 'accepting' | 'unreachable' = 'refusing';
    const refused = () => Object.assign(new Error('x'), { code: 'EAUTH', responseCode: 535 });
    const unreachable = () =>
      Object.assign(new Error('x'), {
        code: 'ESOCKET',
        originalCode: 'ECONNREFUSED',
        command: 'CONN',
      });
    let tries = 0;
    const sender: MailSender = {
      verify: () => (state === 'refusing' ? Promise.reject(refused()) : Promise.resolve(true)),
      sendMail: () => {
        tries += 1;
        return Promise.reject(state === 'refusing' ? refused() : unreachable());
      },
    };
    await store.save({ form: 'quote', fields: quoteBody(1), notify: true });
    start('smtp://unused', { sender });
    await until(async () => (await store.mailState()).paused !== null);
    // Paused for 8 days: the e-mail was queued before them.
    const days8 = 8 * 24 * 60 * 60_000;
    await store.database.db
      .updateTable('outbox')
      .set((eb) => ({ created_at: eb('created_at', '-', days8) }))
      .execute();
    state = 'accepting';
    await until(async () => (await store.mailState()).paused === null);
    state = 'unreachable';
    const before = tries;
    // Tried again after a short wait (a relay failure uses no try), or given up.
    await until(async () => tries >= before + 2 || (await store.outboxSummary()).failed > 0);
    await untilTryGivenBack();
    expect((await store.outboxSummary()).failed).toBe(0);
  });

  it('keeps the start of a pause whose probe passes while the sends are still refused, and logs it once', async () => {
    const logged: string[] = [];
    const log = {
      info: (_: object, message: string) => logged.push(message),
      warn: (_: object, message: string) => logged.push(message),
      error: (_: object, message: string) => logged.push(message),
    };
    // A relay that asks for a sign-in the URL does not make: verify() passes, MAIL FROM gets 530.
    let refusing = true;
    let sent = 0;
    const sender: MailSender = {
      verify: () => Promise.resolve(true),
      sendMail: () => {
        if (refusing) {
          return Promise.reject(
            Object.assign(new Error('x'), { code: 'EENVELOPE', responseCode: 530 }),
          );
        }
        sent += 1;
        return Promise.resolve({});
      },
    };
    await store.save({ form: 'quote', fields: quoteBody(1), notify: true });
    start('smtp://unused', { sender, log });
    // The start read in the same look that saw the pause: a probe may end it just after.
    let since: number | undefined;
    await until(async () => {
      since = (await store.mailState()).paused?.since;
      return since !== undefined;
    });
    // At least one probe that passed and a send refused again, however slow the machine.
    const again = 'the mail relay let the probe in but refuses the sends: paused';
    await until(() => Promise.resolve(logged.includes(again)));
    const seen = new Set<number | undefined>();
    for (let n = 0; n < 10; n += 1) {
      await sleep(PROBE_MS / 2);
      const paused = (await store.mailState()).paused;
      if (paused) seen.add(paused.since);
    }
    expect([...seen]).toEqual([since]);
    expect(logged.filter((message) => message.includes('paused'))).toHaveLength(2);
    expect(logged.filter((message) => message.includes('resumed'))).toHaveLength(1);
    await untilTryGivenBack();

    // The sends accepted: the e-mail leaves, and the pause is over for good.
    refusing = false;
    await until(async () => sent === 1);
    await until(async () => logged.includes('e-mail delivered: outbox resumed'));
    expect((await store.mailState()).paused).toBeNull();
    expect(
      await store.database.db
        .selectFrom('settings')
        .select('name')
        .where('name', 'like', 'mail_relay%')
        .execute(),
    ).toEqual([{ name: 'mail_relay_resumed_at' }]);
  });

  it('shares one pause between two instances: one probe per interval, no send, both send once it ends', async () => {
    const relay = await startSmtp(0, { refuseSignIn: true });
    closers.push(relay.close);
    const url = `smtp://forms:password@127.0.0.1:${relay.port}`;
    const other = await openStore(data.database);
    closers.push(() => other.close());
    const sends = [0, 0];
    /** An instance's own SMTP pool, its sends counted. */
    const counted = (index: number): MailSender => {
      const real = smtpSender(url);
      return {
        sendMail: (message) => {
          sends[index] = (sends[index] ?? 0) + 1;
          return real.sendMail(message);
        },
        verify: () => real.verify?.() ?? Promise.resolve(true),
        close: () => real.close?.(),
      };
    };
    const count = 10;
    for (let n = 1; n <= count; n += 1) {
      await store.save({ form: 'quote', fields: quoteBody(n), notify: true });
    }
    const outboxA = start(url, { sender: counted(0), pollMs: 60_000 });
    const outboxB = start(url, { sender: counted(1), pollMs: 60_000 }, other);
    await until(async () => (await store.mailState()).paused !== null);
    await sleep(PROBE_MS);
    const [signIns, sendsA = 0, sendsB = 0] = [relay.signIns(), ...sends];
    await sleep(4 * PROBE_MS);
    // Two instances, one probe per PROBE_MS among them (not one each), and no e-mail tried.
    const probes = relay.signIns() - signIns;
    expect(probes).toBeGreaterThanOrEqual(2);
    expect(probes).toBeLessThanOrEqual(5);
    expect(sends).toEqual([sendsA, sendsB]);
    expect(relay.received).toHaveLength(0);

    relay.acceptSignIn();
    await until(async () => relay.received.length === count, 15_000);
    await sleep(PROBE_MS);
    // Each instance sends again: an e-mail nudged to each one leaves through it.
    for (const [index, outbox] of [outboxA, outboxB].entries()) {
      const before = sends[index] ?? 0;
      await store.save({ form: 'quote', fields: quoteBody(20 + index), notify: true });
      outbox.nudge();
      await until(async () => (sends[index] ?? 0) > before, 15_000);
    }
    await until(async () => relay.received.length === count + 2);
    expect(await store.outboxSummary()).toEqual({ pending: 0, sent: count + 2, failed: 0 });
  });

  it('resumes at a restart with new settings, without waiting for the probe', async () => {
    const refusing = await startSmtp(0, { refuseSignIn: true });
    closers.push(refusing.close);
    await store.save({ form: 'quote', fields: quoteBody(1), notify: true });
    const first = start(`smtp://forms:old-password@127.0.0.1:${refusing.port}`, {
      probeEveryMs: 60 * 60_000,
    });
    await until(async () => (await store.mailState()).paused !== null);
    await first.stop();

    const relay = await startSmtp();
    closers.push(relay.close);
    start(`smtp://127.0.0.1:${relay.port}`, { probeEveryMs: 60 * 60_000 });
    await until(async () => relay.received.length === 1);
    expect((await store.mailState()).paused).toBeNull();
  });

  it('gives up only the e-mail whose mailbox the relay refuses (550), and does not pause', async () => {
    const relay = await startSmtp(0, { refuseRecipient: 'nobody@example.com' });
    closers.push(relay.close);
    const emails = ['first@example.com', 'nobody@example.com', 'third@example.com'];
    for (const [n, email] of emails.entries()) {
      await store.save({
        form: 'quote',
        fields: quoteBody(n + 1, { email }),
        notify: false,
        acknowledgeTo: email,
      });
    }
    start(`smtp://127.0.0.1:${relay.port}`);
    await until(async () => (await store.outboxSummary()).pending === 0);
    expect(await rows()).toMatchObject([
      { sent: true, gaveUp: false },
      { attempts: 1, sent: false, gaveUp: true, error: 'EENVELOPE 550' },
      { sent: true, gaveUp: false },
    ]);
    expect(relay.received.map((mail) => mail.to)).toEqual([
      ['first@example.com'],
      ['third@example.com'],
    ]);
    expect((await store.mailState()).paused).toBeNull();
  });
});
