import { expect } from '@playwright/test';
import { adminText } from '../src/content/admin';
import { receiverTest } from './receiver-fixture';

/**
 * The first account claimed with JavaScript off (docs/inbox.md, "On a phone"): the document's own
 * setup form, posted to /admin/, answered with the form again or the loading frame.
 */

const owner = 'no.script.owner@example.com';
const password = 'a long e2e test password';
const CODE = /enter the setup code: ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/;
const text = adminText.setup;

const test = receiverTest({ folder: 'e2e-setup-no-script-' });

test('with JavaScript off, the owner claims the site by the HTML form', async ({
  browser,
  receiver,
}) => {
  await expect.poll(() => CODE.exec(receiver.server.output())?.[1]).toBeTruthy();
  const code = CODE.exec(receiver.server.output())?.[1] ?? '';
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${receiver.url}/admin/`);
  await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible();

  const wrong = code.startsWith('A') ? `B${code.slice(1)}` : `A${code.slice(1)}`;
  await page.getByLabel(text.code).fill(wrong);
  await page.getByLabel(text.email, { exact: true }).fill(owner);
  await page.getByLabel(text.password, { exact: true }).fill(password);
  await page.getByLabel(text.repeat, { exact: true }).fill(password);
  await page.getByRole('button', { name: text.submit }).click();
  await expect(page.getByRole('alert')).toHaveText(text.refused);
  await expect(page.getByLabel(text.code)).toHaveValue(wrong);
  await expect(page.getByLabel(text.code)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel(text.email, { exact: true })).toHaveValue(owner);
  await expect(page.getByLabel(text.password, { exact: true })).toHaveValue('');

  await page.getByLabel(text.code).fill(code);
  await page.getByLabel(text.password, { exact: true }).fill(password);
  await page.getByLabel(text.repeat, { exact: true }).fill(password);
  await page.getByRole('button', { name: text.submit }).click();
  await expect(page).toHaveURL(`${receiver.url}/admin/`);
  await expect(page.locator('[data-first-paint]')).toHaveAttribute('data-first-paint', 'loading');
  expect(await page.content()).toContain(adminText.firstPaint.listNeedsScript);
  await context.close();
});
