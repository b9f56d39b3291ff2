import type { FastifyInstance } from 'fastify';
import type { InboxPage, SubmissionDetail, WeeklyPicture } from '../../src/admin/contract.ts';
import { respondBy } from '../../src/business-time/promises.ts';
import { NOTHING_PUBLISHED } from '../../src/content/published.ts';
import { siteContent } from '../../src/content/site-content.ts';
import { buildApp } from '../http/app.ts';
import type { Outbox } from '../mail/outbox.ts';
import { smtpSender } from '../mail/transport.ts';
import { openStore, type Store } from '../store/store.ts';
import { injectSignIn, SAME_ORIGIN } from '../testing/admin-session.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { quoteBody } from '../testing/fixtures.ts';
import { startTestOutbox } from '../testing/outbox.ts';
import { bodyText, startSmtp, type Received, type SmtpServer } from '../testing/smtp.ts';
import { REFERENCES_MAX, threadOf } from './send-reply.ts';
import { users } from './users.ts';

const cost = { log2N: 10, r: 8, p: 1 };
const OWNER = 'owner@example.com';
const PASSWORD = 'a long enough password';
const VISITOR = 'maria.delacruz@example.com';
const OTHER_VISITOR = 'someone.else@example.com';
const FROM = 'Forms <forms@staffing.example>';
const OWNER_MAILBOX = 'bookings@staffing.example';
const HOUR = 60 * 60_000;
const BUSINESS = siteContent(NOTHING_PUBLISHED).business;

let data: Awaited<ReturnType<TestEngine['create']>>;
let store: Store;
let app: FastifyInstance;
let smtp: SmtpServer;
let outbox: Outbox | undefined;
let token: string;

interface Start {
  /** NOTIFY_FROM; null: e-mail is not set up. */
  replyFrom?: string | null;
  repliesPerHour?: number;
  replyAddress?: string;
  smtpOptions?: Parameters<typeof startSmtp>[1];
}

async function start({ replyFrom = FROM, repliesPerHour, replyAddress, smtpOptions }: Start = {}) {
  smtp = await startSmtp(0, smtpOptions);
  const started = startTestOutbox(store, smtpSender(`smtp://127.0.0.1:${smtp.port}`), {
    from: FROM,
    to: [OWNER_MAILBOX],
    replyAddress,
  });
  outbox = started;
  app = await buildApp({
    store,
    notify: true,
    logLevel: false,
    onStored: () => started.nudge(),
    admin: {
      cost,
      replyFrom: replyFrom ?? undefined,
      ...(repliesPerHour ? { repliesPerHour } : {}),
    },
  });
  const accounts = users(store.database, { cost });
  if (!(await accounts.find(OWNER))) await accounts.add(OWNER, PASSWORD);
  token = await injectSignIn(app, OWNER, PASSWORD);
}

async function saveQuote(email = VISITOR, status?: string): Promise<string> {
  const saved = await store.save({
    form: 'quote',
    fields: { ...quoteBody(1, { email }) },
    notify: false,
  });
  if (saved.status !== 'created') throw new Error('not saved');
  if (status) {
    await store.database.db
      .updateTable('submissions')
      .set({ status })
      .where('id', '=', saved.id)
      .execute();
  }
  return saved.id;
}

const REPLY = {
  language: 'en',
  subject: 'Re: Your request to Potomac Staffing',
  body: 'Hello Maria,\n\nThank you: your quote is on its way.\n\nPotomac Staffing',
  templateId: null,
};

function send(id: string, payload: object = REPLY, cookie = `admin_session=${token}`) {
  return app.inject({
    method: 'POST',
    url: `/admin/api/submissions/${id}/replies`,
    headers: { ...SAME_ORIGIN, cookie },
    payload,
  });
}

async function sent(id: string, payload: object = REPLY): Promise<SubmissionDetail> {
  const answer = await send(id, payload);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<SubmissionDetail>();
}

async function get<T>(url: string): Promise<T> {
  const answer = await app.inject({
    method: 'GET',
    url,
    headers: { cookie: `admin_session=${token}` },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json<T>();
}

const needsReply = async () =>
  (await get<InboxPage>('/admin/api/submissions?view=needs-reply')).needsReply;

/** The next message the SMTP server accepts. */
async function nextMail(): Promise<Received> {
  const seen = smtp.received.length;
  while (smtp.received.length <= seen) await smtp.next();
  const mail = smtp.received[seen];
  if (!mail) throw new Error('no mail');
  return mail;
}

/** A header of a raw message, its folded lines joined. */
function header(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  const line = head
    .split(/\r?\n/)
    .find((text) => text.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

function headerNames(raw: string): string[] {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  return head.split(/\r?\n/).map((line) => line.slice(0, line.indexOf(':')).toLowerCase());
}

describe.each(engines)('sending a reply on $name', (engine) => {
  beforeEach(async () => {
    data = await engine.create();
    store = await openStore(data.database);
    outbox = undefined;
  });

  afterEach(async () => {
    await outbox?.stop();
    await app.close();
    await smtp.close();
    await store.close();
    data.remove();
  });

  it('sends it from the business to the visitor alone, threaded on the acknowledgement, then on itself', async () => {
    await start();
    await saveQuote(OTHER_VISITOR);
    const id = await saveQuote();
    const arriving = nextMail();
    const detail = await sent(id);
    const mail = await arriving;
    const domain = 'staffing.example';
    const acknowledgement = `<${id}.acknowledgement@${domain}>`;
    expect(mail.to).toEqual([VISITOR]);
    expect(header(mail.raw, 'From')).toMatch(
      new RegExp(`^"?${BUSINESS.name}"? <forms@${domain}>$`),
    );
    expect(header(mail.raw, 'To')).toBe(VISITOR);
    expect(header(mail.raw, 'Reply-To')).toMatch(
      new RegExp(`^"?${BUSINESS.name}"? <${OWNER_MAILBOX}>$`),
    );
    expect(header(mail.raw, 'Subject')).toBe(REPLY.subject);
    expect(header(mail.raw, 'In-Reply-To')).toBe(acknowledgement);
    expect(header(mail.raw, 'References')).toBe(acknowledgement);
    expect(header(mail.raw, 'X-Submission-Id')).toBe(id);
    expect(header(mail.raw, 'Content-Type')).toMatch(/^text\/plain/);
    expect(bodyText(mail.raw)).toContain('Thank you: your quote is on its way.');
    expect(mail.raw).not.toContain(OTHER_VISITOR);
    const [first] = detail.replies;
    const messageId = header(mail.raw, 'Message-ID');
    expect(messageId).toMatch(new RegExp(`^<reply\\.[0-9a-f]{32}@${domain}>$`));

    // The second answers the first, and names the whole thread.
    const again = nextMail();
    await sent(id, { ...REPLY, body: 'One more thing.' });
    const second = await again;
    expect(header(second.raw, 'In-Reply-To')).toBe(messageId);
    expect(header(second.raw, 'References')).toBe(`${acknowledgement} ${messageId}`);
    await outbox?.idle();
    const shown = await get<SubmissionDetail>(`/admin/api/submissions/${id}`);
    expect(shown.replies.map((reply) => [reply.direction, reply.body, reply.mail?.state])).toEqual([
      ['out', REPLY.body, 'sent'],
      ['out', 'One more thing.', 'sent'],
    ]);
    expect(first).toMatchObject({ user: OWNER, from: FROM, to: VISITOR, language: 'en' });
  });

  it("answers to the submission's reply address when REPLY_ADDRESS is set", async () => {
    await start({ replyAddress: 'replies@staffing.example' });
    const id = await saveQuote();
    const arriving = nextMail();
    await sent(id);
    const mail = await arriving;
    const row = await store.database.db
      .selectFrom('submissions')
      .select('reply_token')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.reply_token).toMatch(/^[a-z2-7]{26}$/);
    expect(header(mail.raw, 'Reply-To')).toMatch(
      new RegExp(`<replies\\+${row.reply_token}@staffing\\.example>$`),
    );
    // The token is made once: a second reply keeps it.
    await sent(id);
    const after = await store.database.db
      .selectFrom('submissions')
      .select('reply_token')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after.reply_token).toBe(row.reply_token);
  });

  it('meets the promise with the first reply: In progress, first response now, a reply line, one less to answer', async () => {
    await start();
    const id = await saveQuote();
    expect((await needsReply()).open).toBe(1);
    const before = Date.now();
    const detail = await sent(id);
    expect(detail.status).toBe('in_progress');
    expect(detail.firstResponseAt).toBeGreaterThanOrEqual(before);
    expect(detail.events).toEqual([
      { at: detail.firstResponseAt, user: OWNER, kind: 'reply', status: 'in_progress' },
    ]);
    expect((await needsReply()).open).toBe(0);
    const weekly = await get<WeeklyPicture>('/admin/api/weekly');
    expect(weekly.weeks.reduce((sum, week) => sum + week.responded, 0)).toBe(1);

    // A later reply changes no status and keeps the first response's time.
    const later = await sent(id);
    expect(later.firstResponseAt).toBe(detail.firstResponseAt);
    expect(later.events.at(-1)).toMatchObject({ kind: 'reply', status: null });
  });

  it("counts a visitor's answer as needing a reply from when it came, until a reply", async () => {
    await start();
    const id = await saveQuote(VISITOR, 'handled');
    expect(await needsReply()).toEqual({ open: 0, overdue: 0 });
    const since = Date.now() - 3 * 24 * HOUR;
    await store.database.db
      .updateTable('submissions')
      .set({ answer_waiting_since: since })
      .where('id', '=', id)
      .execute();
    expect(await needsReply()).toEqual({ open: 1, overdue: 1 });
    const page = await get<InboxPage>('/admin/api/submissions?view=needs-reply');
    expect(page.items.map((item) => [item.id, item.respondBy])).toEqual([
      [id, respondBy(since, BUSINESS)],
    ]);
    const waiting = await get<SubmissionDetail>(`/admin/api/submissions/${id}`);
    expect(waiting.answerWaitingSince).toBe(since);
    expect(waiting.respondBy).toBe(respondBy(since, BUSINESS));

    // Just now: open, not overdue.
    await store.database.db
      .updateTable('submissions')
      .set({ answer_waiting_since: Date.now() })
      .where('id', '=', id)
      .execute();
    expect(await needsReply()).toEqual({ open: 1, overdue: 0 });

    const answered = await sent(id);
    expect(answered.answerWaitingSince).toBeNull();
    expect(answered.status).toBe('handled');
    expect(await needsReply()).toEqual({ open: 0, overdue: 0 });
  });

  it('lets an answer given by phone end the wait: marked In progress by hand, it leaves Needs a reply', async () => {
    await start();
    const id = await saveQuote(VISITOR, 'handled');
    // The visitor's answer came back: New again, waiting since then.
    await store.database.db
      .updateTable('submissions')
      .set({ status: 'new', answer_waiting_since: Date.now() - 3 * 24 * HOUR })
      .where('id', '=', id)
      .execute();
    expect(await needsReply()).toEqual({ open: 1, overdue: 1 });
    const marked = await app.inject({
      method: 'PATCH',
      url: `/admin/api/submissions/${id}`,
      headers: { ...SAME_ORIGIN, cookie: `admin_session=${token}` },
      payload: { status: 'in_progress' },
    });
    expect(marked.statusCode).toBe(200);
    const detail = marked.json<SubmissionDetail>();
    expect(detail.answerWaitingSince).toBeNull();
    expect(detail.events.at(-1)).toMatchObject({ kind: 'status', status: 'in_progress' });
    expect(await needsReply()).toEqual({ open: 0, overdue: 0 });
    const page = await get<InboxPage>('/admin/api/submissions?view=needs-reply');
    expect(page.items).toEqual([]);
  });

  it('counts a New quote whose answer waits once, by its answer', async () => {
    await start();
    const id = await saveQuote();
    // Received days ago, its answer just now: open once, not overdue.
    await store.database.db
      .updateTable('submissions')
      .set({ received_at: Date.now() - 5 * 24 * HOUR, answer_waiting_since: Date.now() })
      .where('id', '=', id)
      .execute();
    expect(await needsReply()).toEqual({ open: 1, overdue: 0 });
  });

  it("refuses a reply while it is in Spam, and sends it after 'Not spam'", async () => {
    await start();
    const id = await saveQuote(VISITOR, 'spam');
    const refused = await send(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ ok: false, refused: 'spam' });
    const unmarked = await app.inject({
      method: 'PATCH',
      url: `/admin/api/submissions/${id}`,
      headers: { ...SAME_ORIGIN, cookie: `admin_session=${token}` },
      payload: { status: 'new' },
    });
    expect(unmarked.statusCode).toBe(200);
    const arriving = nextMail();
    expect((await sent(id)).replies).toHaveLength(1);
    expect((await arriving).to).toEqual([VISITOR]);
  });

  it('refuses past the per-account limit, 429 with Retry-After', async () => {
    await start({ repliesPerHour: 2 });
    const id = await saveQuote();
    await sent(id);
    await sent(id);
    const third = await send(id);
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(third.json<{ error: string }>().error).toContain('2 replies an hour');
    const count = await store.database.db
      .selectFrom('replies')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it('shows a given-up reply as failed, and Send again sends it', async () => {
    await start({ smtpOptions: { refuseRecipient: VISITOR } });
    const id = await saveQuote();
    const queued = await sent(id);
    const replyId = queued.replies[0]?.id;
    await outbox?.idle();
    const failed = await get<SubmissionDetail>(`/admin/api/submissions/${id}`);
    expect(failed.replies[0]?.mail).toMatchObject({ state: 'failed' });
    // The notification and acknowledgement rows are untouched by it.
    expect(failed.notification).toEqual({ state: 'off' });
    expect(failed.acknowledgement).toEqual({ state: 'off' });
    // The other e-mails' Send again does not take the reply's row.
    const notify = await app.inject({
      method: 'POST',
      url: `/admin/api/submissions/${id}/send-again`,
      headers: { ...SAME_ORIGIN, cookie: `admin_session=${token}` },
      payload: { kind: 'notify' },
    });
    expect(notify.statusCode).toBe(409);
    // From outside the sign-in, and from another site, its Send again is refused and changes nothing.
    const path = `/admin/api/submissions/${id}/replies/${replyId}/send-again`;
    const outside = await app.inject({ method: 'POST', url: path, headers: SAME_ORIGIN });
    expect(outside.statusCode).toBe(401);
    const crossSite = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'sec-fetch-site': 'cross-site', cookie: `admin_session=${token}` },
    });
    expect(crossSite.statusCode).toBe(403);
    const still = await get<SubmissionDetail>(`/admin/api/submissions/${id}`);
    expect(still.replies[0]?.mail).toMatchObject({ state: 'failed' });

    // The relay takes it now: a relay that delivers, and Send again.
    await outbox?.stop();
    const relay = await startSmtp();
    outbox = startTestOutbox(store, smtpSender(`smtp://127.0.0.1:${relay.port}`), { from: FROM });
    const arriving = relay.next();
    const again = await app.inject({
      method: 'POST',
      url: `/admin/api/submissions/${id}/replies/${replyId}/send-again`,
      headers: { ...SAME_ORIGIN, cookie: `admin_session=${token}` },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<SubmissionDetail>().replies[0]?.mail).toEqual({ state: 'pending' });
    outbox.nudge();
    await arriving;
    expect(relay.received[0]?.to).toEqual([VISITOR]);
    await outbox.idle();
    const shown = await get<SubmissionDetail>(`/admin/api/submissions/${id}`);
    expect(shown.replies[0]?.mail).toMatchObject({ state: 'sent' });
    // Not given up any more: a second Send again is refused.
    const twice = await app.inject({
      method: 'POST',
      url: `/admin/api/submissions/${id}/replies/${replyId}/send-again`,
      headers: { ...SAME_ORIGIN, cookie: `admin_session=${token}` },
    });
    expect(twice.statusCode).toBe(409);
    // The pool's connections end with the outbox; only then does the relay close.
    await outbox.stop();
    outbox = undefined;
    await relay.close();
  });

  it('cannot be made to write a header: CR/LF in the subject refused, in the body only text', async () => {
    await start();
    const id = await saveQuote();
    const split = await send(id, { ...REPLY, subject: 'Hello\r\nBcc: thief@example.net' });
    expect(split.statusCode).toBe(400);
    const arriving = nextMail();
    await sent(id, {
      ...REPLY,
      subject: 'Hello\u0085Bcc: thief@example.net\u2028X-Evil: 1',
      body: 'Line one\r\nBcc: thief@example.net\r\n\r\n.\r\nRCPT TO:<thief@example.net>',
    });
    const mail = await arriving;
    expect(mail.to).toEqual([VISITOR]);
    expect(headerNames(mail.raw)).not.toContain('bcc');
    expect(headerNames(mail.raw)).not.toContain('x-evil');
    expect(bodyText(mail.raw)).toContain('Bcc: thief@example.net');
  });

  it('refuses what it cannot send: 400, 404, 409 without an address, 503 without e-mail, 401 signed out', async () => {
    await start();
    const id = await saveQuote();
    expect((await send(id, { ...REPLY, body: '  ' })).statusCode).toBe(400);
    expect((await send(id, { ...REPLY, language: 'fr' })).statusCode).toBe(400);
    expect((await send('no-such-id')).statusCode).toBe(404);
    const outside = await send(id, REPLY, '');
    expect(outside.statusCode).toBe(401);
    const crossSite = await app.inject({
      method: 'POST',
      url: `/admin/api/submissions/${id}/replies`,
      headers: { 'sec-fetch-site': 'cross-site', cookie: `admin_session=${token}` },
      payload: REPLY,
    });
    expect(crossSite.statusCode).toBe(403);
    await store.database.db
      .updateTable('submissions')
      .set({ fields: JSON.stringify({ ...quoteBody(1), email: '' }) })
      .where('id', '=', id)
      .execute();
    const noAddress = await send(id);
    expect(noAddress.statusCode).toBe(409);
    expect(noAddress.json()).toMatchObject({ refused: 'no-address' });
    const rows = await store.database.db.selectFrom('replies').select('id').execute();
    expect(rows).toEqual([]);

    await app.close();
    await outbox?.stop();
    await smtp.close();
    await start({ replyFrom: null });
    const off = await send(await saveQuote(OTHER_VISITOR));
    expect(off.statusCode).toBe(503);
    expect(off.json<{ error: string }>().error).toMatch(/e-mail is not set up/i);
  });
});

describe('a reply’s thread', () => {
  it('names the acknowledgement first, then each message, keeping the first and the latest past the cap', () => {
    const ack = '<s.acknowledgement@x>';
    const messages = Array.from({ length: 30 }, (_, n) => ({ messageId: `<m${n}@x>` }));
    expect(threadOf([], ack)).toEqual({ inReplyTo: ack, references: [ack] });
    const long = threadOf(messages, ack);
    expect(long.inReplyTo).toBe('<m29@x>');
    expect(long.references).toHaveLength(REFERENCES_MAX);
    expect(long.references[0]).toBe(ack);
    expect(long.references.at(-1)).toBe('<m29@x>');
    expect(long.references[1]).toBe(`<m${30 - REFERENCES_MAX + 1}@x>`);
  });
});
