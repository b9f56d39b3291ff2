import { createClient } from '@libsql/client';
import path from 'node:path';
import { expect } from '@playwright/test';
import { adminText } from '../src/content/admin';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './fixtures';
import { receiverTest } from './receiver-fixture';
import { postQuote, signInToInbox } from './receiver-helpers';

/**
 * The inbox's banner on mail that fails (docs/mail-delivery.md, "When mail fails: the inbox's
 * banner"): an e-mail the outbox gave up is said on a phone, in words, with where to send it again.
 */

const OWNER = 'mail.banner@example.com';
const PASSWORD = 'a long e2e test password';
const test = receiverTest({
  folder: 'e2e-mail-banner-',
  mail: true,
  owner: { email: OWNER, password: PASSWORD },
});

/** Marks every e-mail of the outbox given up an hour ago, refused by the relay (550). */
async function giveUpAll(dataDir: string): Promise<number> {
  const client = createClient({
    url: `file:${path.join(dataDir, 'submissions.db')}`,
    timeout: 5000,
  });
  try {
    const result = await client.execute({
      sql: `UPDATE outbox SET sent_at = NULL, gave_up_at = ?, last_error = 'EENVELOPE 550',
              last_error_at = ?`,
      args: [Date.now() - 60 * 60_000, Date.now() - 60 * 60_000],
    });
    return result.rowsAffected;
  } finally {
    client.close();
  }
}

test('an e-mail given up is said in the banner at 390 px, in words, with no sideways scroll', async ({
  page,
  receiver,
}) => {
  await postQuote(page.request, 'Banner E2E Visitor');
  await receiver.outboxSettled();
  const given = await giveUpAll(receiver.dataDir);
  expect(given).toBeGreaterThan(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await signInToInbox(page, OWNER, PASSWORD);
  await expect(
    page.getByRole('heading', { level: 1, name: adminText.inbox.heading }),
  ).toBeVisible();
  const banner = page.getByRole('status').filter({ hasText: 'could not be delivered' });
  await expect(banner).toContainText(
    `${given === 1 ? '1 e-mail' : `${given} e-mails`} could not be delivered in the last 7 days`,
  );
  await expect(banner).toContainText('the mail server refused it, EENVELOPE 550');
  await expect(banner).toContainText('‘Send again’');
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
});
