// The relay's state as the owner and a load balancer see it, on both engines and from another
// instance than the one that tried to send: the waiting e-mails and the last error are read from
// the outbox table they share, never from one process's memory.
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../admin/admin-context.ts';
import { users } from '../admin/users.ts';
import { buildApp } from '../http/app.ts';
import { openStore, type Store } from '../store/store.ts';
import { injectSignIn } from '../testing/admin-session.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { quoteBody } from '../testing/fixtures.ts';
import { startSmtp } from '../testing/smtp.ts';
import { type Outbox } from './outbox.ts';
import { smtpSender } from './transport.ts';
import type { MailState, SessionInfo } from '../../src/admin/contract.ts';
import { startTestOutbox } from '../testing/outbox.ts';

const cost = { log2N: 10, r: 8, p: 1 };
const OWNER = 'owner@example.com';
const PASSWORD = 'a long enough password';

async function until(check: () => Promise<boolean>, timeoutMs = 8000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(engines)('the mail relay’s state on $name', (engine: TestEngine) => {
  let data: Awaited<ReturnType<TestEngine['create']>>;
  /** The instance that sends. */
  let sending: Store;
  /** Another instance on the same database, which sends nothing. */
  let other: Store;
  let app: FastifyInstance;
  let token: string;
  const outboxes: Outbox[] = [];
  const closers: (() => Promise<void>)[] = [];

  beforeEach(async () => {
    data = await engine.create();
    sending = await openStore(data.database);
    other = await openStore(data.database);
    app = await buildApp({ store: other, notify: true, admin: { cost } });
    await users(other.database, { cost }).add(OWNER, PASSWORD);
    token = await injectSignIn(app, OWNER, PASSWORD);
  });

  afterEach(async () => {
    for (const outbox of outboxes.splice(0)) await outbox.stop();
    for (const close of closers.splice(0)) await close();
    await app.close();
    await other.close();
    await sending.close();
    data.remove();
  });

  function send(relayUrl: string) {
    const outbox = startTestOutbox(sending, smtpSender(relayUrl));
    outboxes.push(outbox);
    return outbox;
  }

  async function sessionMail(): Promise<MailState | undefined> {
    const response = await app.inject({
      url: '/admin/api/session',
      cookies: { [SESSION_COOKIE]: token },
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as SessionInfo).mail;
  }

  it('tells a refused sign-in from the shared rows: /readyz stays 200, the mail waits, then leaves', async () => {
    expect(await sessionMail()).toEqual({
      waiting: 0,
      oldestWaitingSince: null,
      lastError: null,
      lastSentAt: null,
      paused: null,
      gaveUp: null,
    });
    const refusing = await startSmtp(0, { refuseSignIn: true });
    closers.push(refusing.close);
    const queuedFrom = Date.now();
    await sending.save({ form: 'quote', fields: quoteBody(1), notify: true });
    await sending.save({ form: 'quote', fields: quoteBody(2), notify: true });
    const first = send(`smtp://forms:old-password@127.0.0.1:${refusing.port}`);
    await until(async () => (await other.mailState()).lastError !== null);

    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    const mail = (ready.json() as { mail: MailState }).mail;
    // A refused sign-in is the relay's account, not the e-mail: it waits, never given up.
    expect(mail).toMatchObject({ waiting: 2, lastError: { code: 'EAUTH 535' }, lastSentAt: null });
    expect(mail.oldestWaitingSince).toBeGreaterThanOrEqual(queuedFrom);
    // The outbox is paused for every instance, since the first refusal (the database's clock).
    expect(mail.paused).toMatchObject({ code: 'EAUTH 535' });
    expect(mail.paused?.since).toBeGreaterThanOrEqual(queuedFrom);
    expect(await sessionMail()).toMatchObject({ waiting: 2, lastError: { code: 'EAUTH 535' } });
    expect((await sending.outboxSummary()).failed).toBe(0);

    await first.stop();
    const relay = await startSmtp();
    closers.push(relay.close);
    send(`smtp://127.0.0.1:${relay.port}`);
    await until(async () => (await other.mailState()).waiting === 0);
    const after = await sessionMail();
    expect(after).toMatchObject({
      waiting: 0,
      oldestWaitingSince: null,
      lastError: null,
      paused: null,
    });
    expect(after?.lastSentAt).toBeGreaterThanOrEqual(queuedFrom);
  });

  it('says nothing of mail when e-mail is not set up', async () => {
    const quiet = await buildApp({ store: other, admin: { cost } });
    closers.push(() => quiet.close());
    expect((await quiet.inject('/readyz')).json()).toEqual({ ok: true });
  });
});
