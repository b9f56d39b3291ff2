import { expect, type Page } from '@playwright/test';
import { adminText } from '../src/content/admin';
import { applicationBody } from '../server/testing/fixtures';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './fixtures';
import { receiverTest } from './receiver-fixture';
import { signInToInbox } from './receiver-helpers';

/**
 * Retention and erasure against `npm start`'s server, with its own database and applications kept
 * 730 days (RETAIN_APPLICATIONS_DAYS): the policy under the inbox, and one person erased by keyboard.
 */

const password = 'a long e2e test password';
const owner = 'retention.owner@example.com';
const { retention, person } = adminText;

const test = receiverTest({
  folder: 'e2e-erasure-',
  env: { RETAIN_APPLICATIONS_DAYS: '730' },
  owner: { email: owner, password },
});

async function postApplication(page: Page, fields: Record<string, unknown>) {
  const answer = await page.request.post('/api/forms/application', { data: fields });
  expect(answer.status()).toBe(200);
}

test('the inbox shows the retention policy, and erases one person by keyboard', async ({
  page,
}) => {
  const run = Date.now();
  const email = `erin.erase.${run}@example.org`;
  await page.goto('/admin/');
  await postApplication(page, applicationBody(1, { fullName: `Erin Erase ${run}`, email }));
  await postApplication(
    page,
    applicationBody(2, {
      fullName: `Erin E. ${run}`,
      email: email.toUpperCase(),
      phone: '571-555-0111',
    }),
  );
  await postApplication(
    page,
    applicationBody(3, {
      fullName: `Kept Person ${run}`,
      email: `kept.${run}@example.org`,
      phone: '202-555-0177',
    }),
  );

  await signInToInbox(page, owner, password);
  const policy = page.getByRole('region', { name: retention.heading });
  await expect(policy).toContainText(retention.policy(retention.forms.application, 730));
  await expect(policy).toContainText(retention.policy(retention.forms.quote, null));
  await expect(policy).toContainText(retention.untouched);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 800 });
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
  }

  // From the inbox to the person's page, then the erasure, all from the keyboard.
  const link = page.getByRole('link', { name: `Erin Erase ${run}` });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `Erin Erase ${run}` })).toBeVisible();
  await page.getByRole('button', { name: person.erase }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: person.dialogTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveCount(2);
  await expect(dialog.getByRole('button', { name: person.cancel })).toBeFocused();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 800 });
    await expectNoAxeViolations(page);
  }
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: person.confirm(2) })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: person.erased(2, 0) })).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto('/admin/');
  await page.getByRole('searchbox', { name: adminText.inbox.search }).fill(String(run));
  await expect(page.getByRole('link', { name: `Kept Person ${run}` })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`Erin E`) })).toHaveCount(0);
  await page.getByText(retention.recent).click();
  await expect(policy).toContainText(
    `${retention.reasons.person}: 2 submissions, 0 files (${owner})`,
  );
});
