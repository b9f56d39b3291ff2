import { createServer as createNetServer } from 'node:net';
import { createClient } from '@libsql/client';
import { buildApp } from '../http/app.ts';
import type { Outbox } from './outbox.ts';
import { startTestOutbox } from '../testing/outbox.ts';
import { smtpSender, type MailSender } from './transport.ts';
import { createStore, openStore, type Store } from '../store/store.ts';
import {
  applicationBody,
  multipartBody,
  quoteBody,
  samplePdf,
  tempDataDir,
} from '../testing/fixtures.ts';
import { bodyText, startSmtp } from '../testing/smtp.ts';

/** A loopback port with nothing listening on it (yet). */
async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

async function until(check: () => Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The one outbox row, read with SQL beside the store (attempts and error are not in its API). */
async function outboxRow(): Promise<{ attempts: number; lastError: unknown }> {
  const client = createClient({ url: data.database.url });
  try {
    const { rows } = await client.execute('SELECT attempts, last_error FROM outbox');
    expect(rows).toHaveLength(1);
    return { attempts: Number(rows[0]?.attempts), lastError: rows[0]?.last_error };
  } finally {
    client.close();
  }
}

/** Waits until a send has been tried and has failed (the SMTP server is down). */
async function firstSendFailed() {
  await until(async () => {
    const { lastError } = await outboxRow();
    return typeof lastError === 'string';
  });
}

/**
 * Waits for the send that goes through. The tries against the server while it was down gave their
 * count back (the relay was not reached, the message not tried): only the one that sent counts.
 */
async function sentAfterFailure() {
  await until(async () => (await store.outboxSummary()).sent === 1, 10_000);
  const { attempts, lastError } = await outboxRow();
  expect(lastError).toBeNull();
  expect(attempts).toBe(1);
}

let data: ReturnType<typeof tempDataDir>;
let store: Store;
let outbox: Outbox | undefined;
const closers: (() => Promise<void>)[] = [];

beforeEach(async () => {
  data = tempDataDir();
  store = await openStore(data.database);
});

afterEach(async () => {
  await outbox?.stop();
  outbox = undefined;
  for (const close of closers.splice(0)) await close();
  store.close();
  data.remove();
});

function outboxFor(port: number, overrides: { sender?: MailSender; maxAttempts?: number } = {}) {
  return startTestOutbox(store, overrides.sender ?? smtpSender(`smtp://127.0.0.1:${port}`), {
    from: 'Potomac Staffing forms <forms@staffing.example>',
    retryBaseMs: 100,
    retryMaxMs: 400,
    pollMs: 1000,
    maxAttempts: overrides.maxAttempts,
  });
}

describe('e-mail notification through a real SMTP server', () => {
  it('sends each stored submission, readable, with Reply-To the visitor', async () => {
    const smtp = await startSmtp();
    closers.push(smtp.close);
    outbox = outboxFor(smtp.port);
    const app = await buildApp({ store, notify: true, onStored: () => outbox?.nudge() });
    closers.push(() => app.close());

    const arrived = smtp.next();
    const response = await app.inject({
      method: 'POST',
      url: '/api/forms/quote',
      headers: { 'content-type': 'application/json' },
      payload: quoteBody(1, { additionalInfo: 'Line one\nLine two' }),
    });
    expect(response.statusCode).toBe(200);
    await arrived;

    const [mail] = smtp.received;
    expect(mail?.to).toEqual(['bookings@staffing.example']);
    expect(mail?.from).toBe('forms@staffing.example');
    expect(mail?.raw).toMatch(/^Reply-To: "?Jordan Rivera 1"? <jordan\.rivera\+1@example\.com>/m);
    expect(mail?.raw).toMatch(/^Subject: Quote request from Jordan Rivera 1/m);
    expect(mail?.raw).toMatch(new RegExp(`^X-Submission-Id: ${response.json().id}$`, 'im'));
    const text = bodyText(mail?.raw ?? '');
    expect(text).toContain('New quote request from the website.');
    expect(text).toMatch(/^Name {2,}Jordan Rivera 1$/m);
    expect(text).toMatch(/^Services {2,}Servers & Waitstaff, Bartenders & Mixologists$/m);
    expect(text).toMatch(/^Additional information {2}Line one\n {24}Line two$/m);
    await until(async () => (await store.outboxSummary()).sent === 1);
  });

  it('carries the résumé as an attachment, byte for byte, under a safe name', async () => {
    const smtp = await startSmtp();
    closers.push(smtp.close);
    outbox = outboxFor(smtp.port);
    const app = await buildApp({ store, notify: true, onStored: () => outbox?.nudge() });
    closers.push(() => app.close());
    const pdf = samplePdf(5000);
    const { payload, contentType } = multipartBody(applicationBody(), [
      { name: 'Camila résumé.exe', content: pdf },
    ]);

    const arrived = smtp.next();
    const response = await app.inject({
      method: 'POST',
      url: '/api/forms/application',
      // As the page's script posts it (without, a page's form post: answered with a page).
      headers: { 'content-type': contentType, accept: 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(200);
    await arrived;

    const raw = smtp.received[0]?.raw ?? '';
    expect(bodyText(raw)).toContain('Attached: Camila résumé.exe (5 KB)');
    const part = /Content-Type: application\/pdf;[^]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+)/.exec(raw);
    const disposition = /Content-Disposition: attachment;\s+(.*)/.exec(raw)?.[1];
    expect(disposition).toBe("filename*0*=utf-8''Camila%20r%C3%A9sum%C3%A9.pdf");
    expect(Buffer.from(part?.[1] ?? '', 'base64').equals(pdf)).toBe(true);
  });

  it('retries with back-off after the SMTP server was down, and the visitor still gets 200', async () => {
    const port = await freePort();
    outbox = outboxFor(port);
    const app = await buildApp({ store, notify: true, onStored: () => outbox?.nudge() });
    closers.push(() => app.close());

    const response = await app.inject({
      method: 'POST',
      url: '/api/forms/quote',
      headers: { 'content-type': 'application/json' },
      payload: quoteBody(2),
    });
    expect(response.statusCode).toBe(200);
    expect(await store.list()).toHaveLength(1);
    await firstSendFailed();
    expect(await store.outboxSummary()).toMatchObject({ pending: 1, sent: 0 });

    const smtp = await startSmtp(port);
    closers.push(smtp.close);
    await sentAfterFailure();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.raw).toContain(response.json().id);
  });

  it('sends what was queued before a restart', async () => {
    const port = await freePort();
    await store.save({ form: 'application', fields: { fullName: 'Ana' }, notify: true });
    outbox = outboxFor(port);
    // The mail server is down: the first send fails before the restart.
    await firstSendFailed();
    await outbox.stop();
    expect(await store.outboxSummary()).toMatchObject({ pending: 1, sent: 0 });
    store.close();

    // "Restart": a new store and outbox on the same file, with the mail server back.
    store = await openStore(data.database);
    const smtp = await startSmtp(port);
    closers.push(smtp.close);
    const arrived = smtp.next();
    outbox = outboxFor(port);
    await arrived;
    expect(smtp.received[0]?.raw).toMatch(/^Subject: Job application from Ana/m);
    await sentAfterFailure();
    expect(smtp.received).toHaveLength(1);
  });
});

describe('outbox policy', () => {
  it('gives up after the last attempt and keeps the row', async () => {
    const sender = {
      sendMail: vi.fn(async () => {
        throw Object.assign(new Error('421 try again later'), {
          code: 'EENVELOPE',
          responseCode: 421,
        });
      }),
    };
    await store.save({ form: 'quote', fields: quoteBody(3), notify: true });
    outbox = outboxFor(0, { sender, maxAttempts: 3 });
    await until(async () => (await store.outboxSummary()).failed === 1);
    expect(sender.sendMail).toHaveBeenCalledTimes(3);
    expect(await store.list()).toHaveLength(1);
  });

  it('logs codes and ids, never the visitor', async () => {
    const lines: string[] = [];
    const record = (details: object, message: string) => {
      lines.push(JSON.stringify(details) + message);
    };
    const log = { info: record, warn: record, error: record };
    let fail = true;
    const sender = {
      sendMail: async () => {
        if (fail) throw Object.assign(new Error('jordan.rivera+4@example.com'), { code: 'EX' });
        return {};
      },
    };
    await store.save({ form: 'quote', fields: quoteBody(4), notify: true });
    outbox = startTestOutbox(store, sender, { log, retryMaxMs: undefined, pollMs: undefined });
    await until(async () => lines.length > 0);
    fail = false;
    await until(async () => (await store.outboxSummary()).sent === 1);
    expect(lines.join('\n')).not.toMatch(/jordan|example\.com|555/i);
  });
});

describe("the visitor's acknowledgement", () => {
  async function post(
    app: Awaited<ReturnType<typeof buildApp>>,
    body: object,
    language = 'en',
    form: 'quote' | 'application' = 'quote',
  ) {
    const response = await app.inject({
      method: 'POST',
      url: `/api/forms/${form}`,
      headers: { 'content-type': 'application/json', 'content-language': language },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ id: string }>().id;
  }

  async function outboxKinds(): Promise<string[]> {
    const client = createClient({ url: data.database.url });
    try {
      const { rows } = await client.execute('SELECT kind FROM outbox ORDER BY id');
      return rows.map((row) => String(row.kind));
    } finally {
      client.close();
    }
  }

  /** A receiver that notifies and acknowledges, its outbox sending to a real SMTP server. */
  async function acknowledgingApp() {
    const smtp = await startSmtp();
    closers.push(smtp.close);
    outbox = outboxFor(smtp.port);
    const app = await buildApp({
      store,
      notify: true,
      acknowledge: true,
      onStored: () => outbox?.nudge(),
    });
    closers.push(() => app.close());
    return { smtp, app };
  }

  it('goes to the visitor in the language of the site, once a day per address', async () => {
    const { smtp, app } = await acknowledgingApp();

    const id = await post(app, quoteBody(1, { additionalInfo: 'See https://spam.example' }), 'es');
    await until(async () => smtp.received.length === 2);
    const toVisitor = smtp.received.find((mail) => mail.to[0] === 'jordan.rivera+1@example.com');
    expect(toVisitor?.from).toBe('forms@staffing.example');
    expect(toVisitor?.raw).toMatch(/^Auto-Submitted: auto-replied$/m);
    expect(toVisitor?.raw).toMatch(/^Reply-To: "?Potomac Staffing"? <bookings@staffing\.example>/m);
    expect(toVisitor?.raw).toMatch(new RegExp(`^Message-ID:\\s+<${id}\\.acknowledgement@`, 'im'));
    const text = bodyText(toVisitor?.raw ?? '');
    expect(text).toContain('Le responderemos antes del');
    expect(text).not.toMatch(/spam\.example|Jordan|Rivera/);

    // The same address again (another request, other capitals): the owner hears, the visitor not.
    await post(app, quoteBody(2, { email: 'Jordan.Rivera+1@Example.com' }));
    await until(async () => (await store.outboxSummary()).sent === 3);
    expect(await outboxKinds()).toEqual(['notify', 'acknowledge', 'notify']);
    expect(smtp.received.filter((mail) => mail.to[0] !== 'bookings@staffing.example')).toHaveLength(
      1,
    );
  });

  it('bounces to MAIL_ENVELOPE_FROM: the envelope sender of every e-mail; From stays', async () => {
    const smtp = await startSmtp();
    closers.push(smtp.close);
    const sender = smtpSender({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      envelopeFrom: 'bounces@staffing.example',
    });
    outbox = outboxFor(smtp.port, { sender });
    const app = await buildApp({
      store,
      notify: true,
      acknowledge: true,
      onStored: () => outbox?.nudge(),
    });
    closers.push(() => app.close());
    await post(app, quoteBody(1));
    await until(async () => smtp.received.length === 2);
    expect(smtp.received.map((mail) => mail.to).sort()).toEqual([
      ['bookings@staffing.example'],
      ['jordan.rivera+1@example.com'],
    ]);
    for (const mail of smtp.received) {
      expect(mail.from).toBe('bounces@staffing.example');
      expect(mail.raw).toMatch(/^From: Potomac Staffing forms <forms@staffing\.example>$/m);
      expect(mail.raw).not.toContain('bounces@');
    }
  });

  it("acknowledges an application to the applicant's address", async () => {
    const { smtp, app } = await acknowledgingApp();
    await post(app, applicationBody(7), 'en', 'application');
    await until(async () => smtp.received.length === 2);
    const toApplicant = smtp.received.find((mail) => mail.to[0] === 'camila.torres+7@example.com');
    // The subject holds a dash, so it travels encoded: "We received your application – …".
    expect(toApplicant?.raw).toMatch(/^Subject: =\?UTF-8\?Q\?We_received_your_application/m);
    expect(bodyText(toApplicant?.raw ?? '')).toMatch(/^1\. Application review/m);
  });

  it('queues none when the server does not acknowledge (ACKNOWLEDGE=false)', async () => {
    const app = await buildApp({ store, notify: true, acknowledge: false });
    closers.push(() => app.close());
    await post(app, quoteBody(1));
    expect(await outboxKinds()).toEqual(['notify']);
  });

  it('is queued again for the same address a day later, and never without an address', async () => {
    let clock = Date.parse('2030-05-01T12:00:00Z');
    const clocked = createStore(store.database, { now: () => clock });
    const save = (n: number, acknowledgeTo?: string) =>
      clocked.save({ form: 'quote', fields: quoteBody(n), notify: true, acknowledgeTo });
    await save(1, 'a@example.com');
    clock += 23 * 60 * 60_000;
    await save(2, 'A@example.com');
    await save(3, 'b@example.com');
    clock += 61 * 60_000;
    await save(4, 'a@example.com');
    await save(5);
    expect(await outboxKinds()).toEqual([
      'notify',
      'acknowledge',
      'notify',
      'notify',
      'acknowledge',
      'notify',
      'acknowledge',
      'notify',
    ]);
  });
});
