import path from 'node:path';
import { createClient } from '@libsql/client';
import { expect } from '@playwright/test';
import { OWNER_MAILBOX, receiverTest, type Receiver } from './receiver-fixture';
import { sendQuote, signInToInbox } from './receiver-helpers';
import { adminText } from '../src/content/admin';

/**
 * Spam kept aside, against `npm start`'s server with e-mail on (a local SMTP server) and its own
 * database: a quote sent through the page carries a solved proof of work and arrives in New with
 * its acknowledgement; a robot’s post with twelve links lands in Spam, and nobody is e-mailed;
 * 'Not spam' on its page sends the acknowledgement the sender missed.
 */

const OWNER = 'spam.owner@example.com';
const PASSWORD = 'a long enough password for e2e';

const VISITOR = 'e2e.quote@example.org';

const test = receiverTest({
  folder: 'e2e-spam-',
  mail: true,
  // The page's own limit: a browser test is one visitor.
  env: { RATE_LIMIT_MAX: '100' },
  owner: { email: OWNER, password: PASSWORD },
});

/** The stored row of the submission whose name field is `name`. */
async function stored(receiver: Receiver, name: string) {
  const client = createClient({ url: `file:${path.join(receiver.dataDir, 'submissions.db')}` });
  try {
    const result = await client.execute({
      sql: `SELECT id, status, spam_reasons FROM submissions
        WHERE json_extract(fields, '$.clientName') = ?`,
      args: [name],
    });
    const row = result.rows[0];
    return row
      ? {
          id: String(row.id),
          status: String(row.status),
          reasons: JSON.parse(String(row.spam_reasons)) as string[],
        }
      : undefined;
  } finally {
    client.close();
  }
}

const mailTo = (receiver: Receiver, address: string) =>
  receiver.mail.filter((mail) => mail.to.includes(address));

test('a quote sent through the page proves its work and lands in New with its acknowledgement', async ({
  page,
  receiver,
}) => {
  const challenges: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/challenge')) challenges.push(response.status());
  });
  const name = `Spam E2E ${Date.now()}`;
  await sendQuote(page, name);
  expect(challenges).toEqual([200]);

  await expect.poll(() => stored(receiver, name)).toMatchObject({ status: 'new' });
  const row = await stored(receiver, name);
  // The proof of work was solved in the page's worker and verified by the receiver.
  expect(row?.reasons).not.toContain('pow-missing');
  expect(row?.reasons).not.toContain('pow-invalid');
  await expect.poll(() => mailTo(receiver, VISITOR).length, { timeout: 10_000 }).toBe(1);
  await expect.poll(() => mailTo(receiver, OWNER_MAILBOX).length).toBeGreaterThan(0);
});

test('a post without proof of work that carries twelve links lands in Spam with no e-mail', async ({
  page,
  receiver,
}) => {
  const name = `Robot E2E ${Date.now()}`;
  // Nothing of an earlier test still on its way: what arrives from here on is this post's.
  await receiver.outboxSettled();
  const ownerMail = mailTo(receiver, OWNER_MAILBOX).length;
  const links = Array.from({ length: 12 }, (_, n) => `https://deals-${n}.example/`).join(' ');
  const answer = await page.request.post('/api/forms/quote', {
    data: {
      clientName: name,
      phone: '(202) 555-0134',
      email: 'robot.e2e@example.org',
      eventDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      guestCount: '120',
      address: '1300 Pennsylvania Ave NW, Washington, DC',
      services: 'Servers & Waitstaff',
      additionalInfo: `Best prices: ${links}`,
    },
  });
  // Answered as any post is: the robot is never told.
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({ ok: true });
  expect(await stored(receiver, name)).toMatchObject({
    status: 'spam',
    reasons: ['pow-missing', 'link-farm'],
  });
  // Whatever the outbox was to send for it is sent (or given up) now, however slow it was.
  await receiver.outboxSettled();
  expect(mailTo(receiver, 'robot.e2e@example.org')).toEqual([]);
  expect(mailTo(receiver, OWNER_MAILBOX)).toHaveLength(ownerMail);
});

test("'Not spam' on the page takes it to New and queues the acknowledgement the sender missed", async ({
  page,
  receiver,
}) => {
  const name = `Released E2E ${Date.now()}`;
  const address = 'released.e2e@example.org';
  await receiver.outboxSettled();
  const links = Array.from({ length: 12 }, (_, n) => `https://pins-${n}.example/`).join(' ');
  const answer = await page.request.post('/api/forms/quote', {
    data: {
      clientName: name,
      phone: '(202) 555-0177',
      email: address,
      eventDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      guestCount: '80',
      address: '1300 Pennsylvania Ave NW, Washington, DC',
      services: 'Servers & Waitstaff',
      additionalInfo: `Ideas: ${links}`,
    },
  });
  expect(answer.status()).toBe(200);
  const row = await stored(receiver, name);
  expect(row).toMatchObject({ status: 'spam' });
  await signInToInbox(page, OWNER, PASSWORD);
  await expect(page.getByRole('button', { name: adminText.signIn.submit })).toBeHidden();
  await page.goto(`/admin/#/submissions/${row?.id ?? ''}`);
  const text = adminText.submission.spam;
  const notice = page.getByRole('region', { name: text.heading });
  await expect(notice.getByText(text.intro)).toBeVisible();
  await notice.getByRole('button', { name: text.notSpam }).click();
  await expect(
    page.getByText(`${text.movedToNew} ${text.acknowledgementSent(address)}`),
  ).toBeVisible();
  await expect.poll(() => stored(receiver, name)).toMatchObject({ status: 'new' });
  await expect.poll(() => mailTo(receiver, address).length, { timeout: 10_000 }).toBe(1);
});
