import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { adminText } from '../src/content/admin';
import { expectNoAxeViolations } from './fixtures';
import { receiverTest, type Receiver } from './receiver-fixture';

/**
 * Taking over a new site without a terminal: `npm start`'s server on an empty database of its own
 * prints a one-time setup code; the owner enters it at /admin/ with an e-mail and a password, and
 * lands in the inbox. The tests of this file run in order on one server (a site is claimed once).
 */

const buildDir = process.env.BUILD_DIR ?? 'build';
const owner = 'first.owner@example.com';
const password = 'a long e2e test password';
const CODE = /enter the setup code: ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/;
const { setup: text, inbox: inboxText, signIn: signInText } = adminText;

const test = receiverTest({ folder: 'e2e-setup-' });

test.describe.configure({ mode: 'serial' });

/** `npm run admin -- setup-code` (the built CLI) against the site's database. */
function setupCodeCommand(receiver: Receiver): string {
  return execFileSync(
    process.execPath,
    [path.join(buildDir, 'server', 'admin-cli.js'), 'setup-code'],
    {
      env: { ...process.env, DATA_DIR: receiver.dataDir },
      encoding: 'utf8',
      stdio: 'pipe',
    },
  );
}

/** The code the server printed once it listened, as the owner reads it in its output. */
async function printedCode(receiver: Receiver): Promise<string> {
  await expect.poll(() => CODE.exec(receiver.server.output())?.[1]).toBeTruthy();
  return CODE.exec(receiver.server.output())?.[1] ?? '';
}

/** Matches text that holds `words` as they are. */
const containing = (words: string) => new RegExp(words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** Presses Tab until `target` has focus (a keyboard user's way to a field). */
async function tabTo(page: Page, name: string) {
  const target = page.getByLabel(name, { exact: true });
  for (let step = 0; step < 20; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${name}`);
}

test('the server prints a setup code, and the admin command shows the same one', async ({
  receiver,
}) => {
  const code = await printedCode(receiver);
  expect(receiver.server.output()).toContain('No inbox account yet. To claim the site, open http');
  expect(CODE.exec(setupCodeCommand(receiver))?.[1]).toBe(code);
});

for (const width of [390, 1280]) {
  test(`the setup page has no axe violations at ${width} px, with and without errors`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 800 });
    await page.goto('/admin/');
    await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: text.submit }).click();
    await expect(page.getByLabel(text.code)).toBeFocused();
    await expect(page.getByLabel(text.code)).toHaveAccessibleDescription(
      containing(text.codeMissing),
    );
    await expectNoAxeViolations(page);
  });
}

test('with the keyboard alone: a wrong code keeps what was typed, the right one opens the inbox', async ({
  page,
  receiver,
}) => {
  const code = await printedCode(receiver);
  const wrong = code.startsWith('0') ? `1${code.slice(1)}` : `0${code.slice(1)}`;
  await page.goto('/admin/');
  await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible();

  await tabTo(page, text.code);
  await page.keyboard.type(wrong.toLowerCase());
  await page.keyboard.press('Tab');
  await page.keyboard.type(owner);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('alert')).toHaveText(text.refused);
  await expect(page.getByLabel(text.code)).toBeFocused();
  await expect(page.getByLabel(text.code)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel(text.code)).toHaveAccessibleDescription(containing(text.codeWrong));
  await expect(page.getByLabel(text.code)).toHaveValue(wrong.toLowerCase());
  await expect(page.getByLabel(text.email)).toHaveValue(owner);
  await expect(page.getByLabel(text.password)).toHaveValue(password);
  await expectNoAxeViolations(page);

  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: inboxText.heading })).toBeVisible();
  await expect(page.getByText(owner)).toBeVisible();
  await expect(page.getByText(inboxText.emptyInbox)).toBeVisible();

  // Signed in for good: a reload stays in the inbox.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: inboxText.heading })).toBeVisible();
});

test('once used, the code claims nothing: 409, no code to show, a sign-in page for others', async ({
  page,
  receiver,
  request,
}) => {
  const code = await printedCode(receiver);
  const again = await request.post('/admin/api/setup', {
    headers: { origin: receiver.url },
    data: { code, email: 'intruder@example.com', password },
  });
  expect(again.status()).toBe(409);
  expect(await again.json()).toMatchObject({ ok: false, setupNeeded: false });
  expect(again.headers()['set-cookie']).toBeUndefined();
  expect(setupCodeCommand(receiver)).toContain('no setup code is needed');

  await page.goto('/admin/');
  await expect(page.getByRole('heading', { level: 1, name: signInText.heading })).toBeVisible();
  await page.getByLabel(signInText.email).fill(owner);
  await page.getByLabel(signInText.password).fill(password);
  await page.getByRole('button', { name: signInText.submit }).click();
  await expect(page.getByRole('heading', { level: 1, name: inboxText.heading })).toBeVisible();
});
