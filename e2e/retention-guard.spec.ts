import { createClient } from '@libsql/client';
import path from 'node:path';
import { expect } from '@playwright/test';
import { adminText } from '../src/content/admin';
import { expectNoAxeViolations } from './fixtures';
import { receiverTest } from './receiver-fixture';
import { signInToInbox } from './receiver-helpers';

/**
 * A retention pass the guard stopped (docs/retention.md, "The guard"), against `npm start`'s
 * server: the notice above the inbox's list, and the owner letting the pass go on. No retention is
 * set, so that no pass of the server's own replaces the hold the test writes.
 */

const password = 'a long e2e test password';
const owner = 'retention.guard@example.com';
const text = adminText.retentionHold;

const test = receiverTest({ folder: 'e2e-retention-guard-', owner: { email: owner, password } });

/** A pass held because the database's clock read three days earlier than the last one's. */
async function writeHold(dataDir: string, at: number) {
  const lastAt = at + 3 * 86_400_000;
  const hold = { reason: 'clock-back', at, lastAt, count: 0, largest: 0 };
  const client = createClient({
    url: `file:${path.join(dataDir, 'submissions.db')}`,
    timeout: 5000,
  });
  try {
    await client.execute({
      sql: 'INSERT OR REPLACE INTO settings (name, value) VALUES (?, ?)',
      args: ['retention_guard', JSON.stringify({ lastAt, recent: [0], hold })],
    });
  } finally {
    client.close();
  }
}

test('the inbox says a retention pass was stopped, and the owner lets it go on', async ({
  page,
  receiver,
}) => {
  await writeHold(receiver.dataDir, Date.now());
  await signInToInbox(page, owner, password);
  const notice = page.getByRole('region', { name: text.heading });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(text.clockBackWhatToDo);
  await expectNoAxeViolations(page);

  await notice.getByRole('button', { name: text.goOn(0) }).click();
  await expect(page.getByText(text.started(0))).toBeVisible();
  await expect(notice).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: text.heading })).toHaveCount(0);
});
