import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { MissedAcknowledgement, SubmissionDetail } from '../../src/admin/contract.ts';
import { NOTHING_PUBLISHED } from '../../src/content/published.ts';
import { buildApp } from '../http/app.ts';
import { type Outbox } from '../mail/outbox.ts';
import { smtpSender } from '../mail/transport.ts';
import { openStore, type Store } from '../store/store.ts';
import { injectSignIn, SAME_ORIGIN } from '../testing/admin-session.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { quoteBody } from '../testing/fixtures.ts';
import { bodyText, startSmtp } from '../testing/smtp.ts';
import { MISSED_ACKNOWLEDGEMENT_DAYS } from './missed-acknowledgement.ts';
import { acknowledgementMail, promisedReply } from '../mail/mail-text.ts';
import type { StoredSubmission } from '../store/submission-row.ts';
import { respondBy } from '../../src/business-time/promises.ts';
import { siteContent } from '../../src/content/site-content.ts';
import { users } from './users.ts';
import { startTestOutbox } from '../testing/outbox.ts';

const cost = { log2N: 10, r: 8, p: 1 };
const OWNER = 'owner@example.com';
const PASSWORD = 'a long enough password';
const VISITOR = 'maria.delacruz@example.com';
const DAY = 24 * 60 * 60 * 1000;
const farm = Array.from({ length: 12 }, (_, n) => `https://deals-${n}.example/`).join(' ');

let data: Awaited<ReturnType<TestEngine['create']>>;
let store: Store;
let app: FastifyInstance;
let token: string;

async function start(options: { acknowledge: boolean; onStored?: () => void; now?: () => number }) {
  const { now, ...rest } = options;
  app = await buildApp({
    store,
    notify: true,
    logLevel: false,
    ...rest,
    admin: { cost, ...(now ? { now } : {}) },
  });
  await users(store.database, { cost }).add(OWNER, PASSWORD);
  token = await injectSignIn(app, OWNER, PASSWORD);
}

/** A Spanish quote that lands in Spam (a farm of links, no proof of work); its id. */
async function spamPost(email = VISITOR): Promise<string> {
  const answer = await app.inject({
    method: 'POST',
    url: '/api/forms/quote',
    headers: { 'content-type': 'application/json', 'content-language': 'es' },
    payload: quoteBody(1, { email, additionalInfo: `Ofertas: ${farm}` }),
  });
  const { id } = answer.json<{ id: string }>();
  const row = await store.get(id);
  expect(row?.status).toBe('spam');
  return id;
}

async function notSpam(id: string, status = 'new'): Promise<SubmissionDetail> {
  const answer = await app.inject({
    method: 'PATCH',
    url: `/admin/api/submissions/${id}`,
    headers: { ...SAME_ORIGIN, cookie: `admin_session=${token}` },
    payload: { status },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json<SubmissionDetail>();
}

async function emails(id: string) {
  const rows = await store.database.db
    .selectFrom('outbox')
    .select('kind')
    .where('submission_id', '=', id)
    .execute();
  return rows.map((row) => row.kind);
}

describe.each(engines)("'Not spam' on $name", (engine) => {
  beforeEach(async () => {
    data = await engine.create();
    store = await openStore(data.database);
  });

  afterEach(async () => {
    await app.close();
    await store.close();
    data.remove();
  });

  it('queues the missed acknowledgement once, however often and however fast it is pressed', async () => {
    await start({ acknowledge: true });
    const id = await spamPost();
    expect(await emails(id)).toEqual([]);
    const answers = await Promise.all([notSpam(id), notSpam(id)]);
    const outcomes = answers.map((answer) => answer.missedAcknowledgement);
    expect(outcomes).toContainEqual({ sent: true, to: VISITOR });
    // Back to Spam and out again: still the one.
    await app.inject({
      method: 'PATCH',
      url: `/admin/api/submissions/${id}`,
      headers: { ...SAME_ORIGIN, cookie: `admin_session=${token}` },
      payload: { status: 'spam' },
    });
    const again = await notSpam(id);
    expect(again.missedAcknowledgement).toEqual({ sent: false, why: 'already-sent' });
    expect(again.status).toBe('new');
    // The acknowledgement only: the owner is reading it already.
    expect(await emails(id)).toEqual(['acknowledge']);
  });

  it('changes the status of a post older than 7 days but sends nothing, and says why', async () => {
    await start({ acknowledge: true });
    const id = await spamPost();
    // Received just over 7 days ago.
    await store.database.db
      .updateTable('submissions')
      .set({ received_at: Date.now() - MISSED_ACKNOWLEDGEMENT_DAYS * DAY - 60_000 })
      .where('id', '=', id)
      .execute();
    const answer = await notSpam(id);
    expect(answer.status).toBe('new');
    const outcome: MissedAcknowledgement | undefined = answer.missedAcknowledgement;
    expect(outcome).toEqual({ sent: false, why: 'too-old' });
    expect(await emails(id)).toEqual([]);
  });

  it('claims the address for the day, as the form route does: a later post that day gets none', async () => {
    await start({ acknowledge: true });
    const id = await spamPost();
    expect((await notSpam(id)).missedAcknowledgement).toEqual({ sent: true, to: VISITOR });
    const claims = await store.database.db
      .selectFrom('acknowledged_addresses')
      .select(['submission_id', 'until'])
      .execute();
    expect(claims).toHaveLength(1);
    expect(claims[0]?.submission_id).toBe(id);
    expect(Number(claims[0]?.until)).toBeGreaterThan(Date.now() + DAY - 60_000);
    const later = await app.inject({
      method: 'POST',
      url: '/api/forms/quote',
      headers: { 'content-type': 'application/json' },
      payload: quoteBody(2, { email: VISITOR }),
    });
    const { id: second } = later.json<{ id: string }>();
    expect(await emails(second)).toEqual(['notify']);
  });

  it('claims the address as the form route normalises it: a plus-tag or dots make no second one', async () => {
    await start({ acknowledge: true });
    const id = await spamPost('Maria.DelaCruz+events@gmail.com');
    expect((await notSpam(id)).missedAcknowledgement).toMatchObject({ sent: true });
    const later = await app.inject({
      method: 'POST',
      url: '/api/forms/quote',
      headers: { 'content-type': 'application/json' },
      payload: quoteBody(2, { email: 'mariadelacruz@gmail.com' }),
    });
    const { id: second } = later.json<{ id: string }>();
    expect(await emails(second)).toEqual(['notify']);
  });

  it('queues it by the database clock, as the outbox reads it', async () => {
    // The server's clock 10 minutes ahead of the database's: the e-mail is still due at once.
    await start({ acknowledge: true, now: () => Date.now() + 10 * 60_000 });
    const id = await spamPost();
    await notSpam(id);
    const row = await store.database.db
      .selectFrom('outbox')
      .select(['created_at', 'next_attempt_at'])
      .where('submission_id', '=', id)
      .executeTakeFirstOrThrow();
    const clock = await store.database.engine.db
      .selectNoFrom(sql<number>`${sql.raw(store.database.engine.nowMs)}`.as('now'))
      .executeTakeFirstOrThrow();
    expect(Number(row.next_attempt_at)).toBeLessThanOrEqual(Number(clock.now));
    expect(Number(row.created_at)).toBeLessThanOrEqual(Number(clock.now));
  });

  it('sends no acknowledgement when a spam post is marked Handled, and says why', async () => {
    await start({ acknowledge: true });
    const id = await spamPost();
    const answer = await notSpam(id, 'handled');
    expect(answer.status).toBe('handled');
    expect(answer.missedAcknowledgement).toEqual({ sent: false, why: 'handled' });
    expect(await emails(id)).toEqual([]);
  });

  it('sends nothing when acknowledgements are off, and says so', async () => {
    await start({ acknowledge: false });
    const id = await spamPost();
    expect((await notSpam(id)).missedAcknowledgement).toEqual({ sent: false, why: 'off' });
    expect(await emails(id)).toEqual([]);
  });
});

describe('the promise of a late acknowledgement', () => {
  it('counts from when it leaves when the deadline from arrival is past, never a time gone', () => {
    const { business } = siteContent(NOTHING_PUBLISHED);
    const sent = Date.parse('2026-11-27T15:00:00Z');
    const received = sent - 5 * DAY;
    expect(respondBy(received, business)).toBeLessThan(sent);
    expect(promisedReply(received, sent, business)).toBe(respondBy(sent, business));
    expect(promisedReply(received, sent, business)).toBeGreaterThan(sent);
    // On time, the promise is the one counted from arrival (as the owner's notification says).
    expect(promisedReply(sent, sent + 60_000, business)).toBe(respondBy(sent, business));
  });
});

describe("'Not spam' and the mail relay", () => {
  let outbox: Outbox | undefined;
  const smtpServer = startSmtp();

  beforeEach(async () => {
    const [sqlite] = engines;
    if (!sqlite) throw new Error('no SQLite engine');
    data = await sqlite.create();
    store = await openStore(data.database);
    // One SMTP server for the file: each test reads only the mail it sends (the one before it
    // would otherwise be read as this one's: its promise counted from another time).
    (await smtpServer).received.length = 0;
  });

  afterEach(async () => {
    await outbox?.stop();
    await app.close();
    await store.close();
    data.remove();
  });

  afterAll(async () => (await smtpServer).close());

  it('delivers the acknowledgement the visitor missed, in the language of their page', async () => {
    const smtp = await smtpServer;
    outbox = startTestOutbox(store, smtpSender(`smtp://127.0.0.1:${smtp.port}`), {
      from: 'Forms <forms@staffing.example>',
      pollMs: 50,
    });
    await start({ acknowledge: true, onStored: () => outbox?.nudge() });
    const id = await spamPost();
    expect((await notSpam(id)).missedAcknowledgement).toEqual({ sent: true, to: VISITOR });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 5_000 });
    const [mail] = smtp.received;
    expect(mail?.to).toEqual([VISITOR]);
    expect(bodyText(mail?.raw ?? '')).toContain(
      'Gracias por su solicitud de cotización. Ya llegó a nuestro equipo.',
    );
  });

  it('promises a reply counted from when it leaves for a post released days later, not a past time', async () => {
    const smtp = await smtpServer;
    const leaves = Date.now() + 60_000;
    outbox = startTestOutbox(store, smtpSender(`smtp://127.0.0.1:${smtp.port}`), {
      from: 'Forms <forms@staffing.example>',
      pollMs: 50,
      now: () => leaves,
    });
    await start({ acknowledge: true, onStored: () => outbox?.nudge() });
    const id = await spamPost();
    const receivedAt = Date.now() - 5 * DAY;
    await store.database.db
      .updateTable('submissions')
      .set({ received_at: receivedAt })
      .where('id', '=', id)
      .execute();
    expect((await notSpam(id)).missedAcknowledgement).toEqual({ sent: true, to: VISITOR });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 5_000 });
    const [mail] = smtp.received;
    expect(mail?.to).toEqual([VISITOR]);
    const submission = { ...(await store.get(id)), siteLanguage: 'es' } as StoredSubmission;
    const promise = (sentAt?: number) =>
      acknowledgementMail(submission, NOTHING_PUBLISHED, sentAt).text.split('\n')[2] ?? '';
    const text = bodyText(mail?.raw ?? '').replace(/\s+/gu, ' ');
    expect(promise()).not.toBe(promise(leaves));
    expect(text).not.toContain(promise().replace(/\s+/gu, ' '));
    expect(text).toContain(promise(leaves).replace(/\s+/gu, ' '));
  });
});
