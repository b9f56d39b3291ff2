import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parsePhone } from '../../src/content/site-fields.ts';
import { buildApp } from '../http/app.ts';
import { liveSite, type LiveSite } from '../site/live-site.ts';
import { siteStore } from '../site/site-store.ts';
import { openStore, type Store } from '../store/store.ts';
import { quoteBody, tempDataDir } from '../testing/fixtures.ts';
import { bodyText, startSmtp, type SmtpServer } from '../testing/smtp.ts';
import type { Outbox } from './outbox.ts';
import { startTestOutbox } from '../testing/outbox.ts';
import { smtpSender } from './transport.ts';

/**
 * The e-mails are written on the server's main thread, which no page's code runs on: they must
 * take the live version from the site (server/site/live-site.ts), not the code's placeholders.
 */

/** A stand-in for the publish's renderer (its pages are not what this test reads): no file. */
const NO_PAGES = `import { parentPort } from 'node:worker_threads'; parentPort.postMessage([]);`;

const directLine = parsePhone('202-555-2368');
const officeLine = parsePhone('301-555-7719');

let data: ReturnType<typeof tempDataDir>;
let store: Store;
let smtp: SmtpServer;
let live: LiveSite;
let outbox: Outbox | undefined;

beforeEach(async () => {
  data = tempDataDir();
  store = await openStore(data.database);
  smtp = await startSmtp();
  const renderer = path.join(data.dir, 'render-site.mjs');
  writeFileSync(renderer, NO_PAGES);
  live = liveSite({ store: siteStore(store.database), renderer });
});

afterEach(async () => {
  await outbox?.stop();
  outbox = undefined;
  await smtp.close();
  await store.close();
  data.remove();
});

/** The owner publishes (as another instance would: in the database), and this one syncs. */
async function publish(fields: Record<string, unknown>) {
  await siteStore(store.database).addVersion({ after: 0, fields, changes: [], by: 'owner' });
  await live.sync();
}

/** A quote sent through the app, and both e-mails as they arrive: [acknowledgement, notification]. */
async function quoteMails() {
  outbox = startTestOutbox(store, smtpSender(`smtp://127.0.0.1:${smtp.port}`), {
    published: () => live.published(),
    from: 'Forms <forms@staffing.example>',
    retryBaseMs: 100,
    pollMs: 50,
  });
  const app = await buildApp({
    store,
    notify: true,
    acknowledge: true,
    onStored: () => outbox?.nudge(),
  });
  try {
    const response = await app.inject({
      method: 'POST',
      url: '/api/forms/quote',
      headers: { 'content-type': 'application/json' },
      payload: quoteBody(1, { email: 'ana@example.com' }),
    });
    expect(response.statusCode).toBe(200);
    while (smtp.received.length < 2) await smtp.next();
  } finally {
    await app.close();
  }
  const to = (address: string) => smtp.received.find((mail) => mail.to.includes(address));
  return { acknowledgement: to('ana@example.com'), notification: to('bookings@staffing.example') };
}

describe('the e-mails in the published version', () => {
  it('after the owner publishes both phones and the name: the new phones, WhatsApp and name', async () => {
    await publish({
      'business/phones.direct': directLine,
      'business/phones.office': officeLine,
      'business/name': 'Capital Shift Events',
    });
    expect(live.published().version).toBe(1);
    const { acknowledgement, notification } = await quoteMails();
    const text = bodyText(acknowledgement?.raw ?? '');
    expect(text).toContain('(202) 555-2368');
    expect(text).toContain('(301) 555-7719 (WhatsApp: https://wa.me/13015557719)');
    expect(text).not.toMatch(/555-01\d\d|wa\.me\/17035550187/);
    expect(text).toMatch(/^Capital Shift Events$/m);
    expect(acknowledgement?.raw).toMatch(
      /^Reply-To: "?Capital Shift Events"? <bookings@staffing\.example>/m,
    );
    // The owner's notification: its deadlines counted on the published facts.
    expect(bodyText(notification?.raw ?? '')).toMatch(/^Respond by .+ \(4 business hours\)$/m);
  });

  it("with nothing published: the code's placeholder phones and WhatsApp", async () => {
    await live.sync();
    const { acknowledgement } = await quoteMails();
    const text = bodyText(acknowledgement?.raw ?? '');
    expect(text).toContain('(703) 555-0142');
    expect(text).toContain('WhatsApp: https://wa.me/17035550187');
  });
});
