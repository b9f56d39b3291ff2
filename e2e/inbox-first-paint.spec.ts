import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, type Page, type Route } from '@playwright/test';
import { adminText } from '../src/content/admin';
import { expectNoAxeViolations } from './fixtures';
import { receiverTest } from './receiver-fixture';

/**
 * The inbox fast on a phone (docs/inbox.md, "How /admin/ is served and painted"): the document
 * paints the sign-in from its HTML before any script, keeps what was typed when the script takes
 * over, and its first script holds the list's code, not the editor's, the charts' or the composer's.
 */

const owner = 'first.paint@example.com';
const password = 'a long e2e test password';
const text = adminText.signIn;
const test = receiverTest({ folder: 'e2e-first-paint-', owner: { email: owner, password } });

const appDir = path.join(process.env.BUILD_DIR ?? 'build', 'admin');
/** The inbox's first script (its entry and every chunk it imports), gzip: measured 117 kB (before: 138). */
const FIRST_SCRIPT_BUDGET_KB = 120;

/** Holds the inbox's entry script until `release()`: a phone on a slow network. */
async function holdMainScript(page: Page) {
  const entry = /src="\/admin\/(assets\/index-[^"]+\.js)"/.exec(
    readFileSync(path.join(appDir, 'index.html'), 'utf8'),
  )?.[1];
  if (!entry) throw new Error('no entry script in the built index.html');
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = () => {};
  const requested = new Promise<void>((resolve) => (asked = resolve));
  await page.route(`**/admin/${entry}`, async (route: Route) => {
    asked();
    await released;
    await route.continue();
  });
  return { release, requested };
}

const painted = (page: Page) => page.locator('[data-first-paint]');

test('with JavaScript off, the owner signs in by the HTML form and lands on the frame', async ({
  browser,
  receiver,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${receiver.url}/admin/`);
  await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible();
  await expect(page.getByRole('button', { name: text.submit })).toBeVisible();

  // A wrong password: the form again, saying why, the e-mail kept, the password not.
  await page.getByLabel(text.email).fill(owner);
  await page.getByLabel(text.password).fill('not the password at all');
  await page.getByRole('button', { name: text.submit }).click();
  await expect(page.getByRole('alert')).toHaveText(text.incorrect);
  await expect(page.getByLabel(text.email)).toHaveValue(owner);
  await expect(page.getByLabel(text.password)).toHaveValue('');
  expect(await page.content()).not.toContain('not the password at all');

  await page.getByLabel(text.password).fill(password);
  await page.getByRole('button', { name: text.submit }).click();
  await expect(page).toHaveURL(`${receiver.url}/admin/`);
  await expect(painted(page)).toHaveAttribute('data-first-paint', 'loading');
  await expect(page.getByText(adminText.firstPaint.loading)).toBeVisible();
  // Script execution turned off is not a browser without scripting: <noscript> stays hidden here.
  expect(await page.content()).toContain(adminText.firstPaint.listNeedsScript);
  expect(await page.content()).not.toContain(owner);
  await context.close();
});

test('pressed before the script arrives, Sign in signs in by the HTML form', async ({ page }) => {
  const script = await holdMainScript(page);
  await page.goto('/admin/', { waitUntil: 'commit' });
  await script.requested;
  await expect(painted(page)).toHaveAttribute('data-first-paint', 'sign-in');
  await page.getByLabel(text.email).fill(owner);
  await page.getByLabel(text.password).fill(password);
  await page.getByRole('button', { name: text.submit }).click();
  // The post's answer, a 303, and the next document: the frame, its script still held.
  await expect(painted(page)).toHaveAttribute('data-first-paint', 'loading');
  script.release();
  await expect(
    page.getByRole('heading', { level: 1, name: adminText.inbox.heading }),
  ).toBeVisible();
});

test('the sign-in form answered after a wrong password has no axe violations', async ({ page }) => {
  const script = await holdMainScript(page);
  await page.goto('/admin/', { waitUntil: 'commit' });
  await script.requested;
  await page.getByLabel(text.email).fill(owner);
  await page.getByRole('button', { name: text.submit }).click();
  // The post's answer, the script still held: the field in error, described by its words.
  await expect(page.getByLabel(text.password)).toHaveAccessibleDescription(
    new RegExp(text.passwordMissing),
  );
  await expect(page.getByLabel(text.password)).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel(text.password).fill('not the password at all');
  await page.getByRole('button', { name: text.submit }).click();
  await expect(page.getByRole('alert')).toHaveText(text.incorrect);
  await expectNoAxeViolations(page);
  script.release();
});

test('before the script arrives the form is there; what was typed is kept when React takes over', async ({
  page,
}) => {
  const script = await holdMainScript(page);
  // Not to 'load': the held module script holds the load event too.
  await page.goto('/admin/', { waitUntil: 'commit' });
  await script.requested;
  await expect(painted(page)).toHaveAttribute('data-first-paint', 'sign-in');
  await page.getByLabel(text.email).fill(owner);
  await page.getByLabel(text.password).fill(password);
  await expect(page.getByLabel(text.password)).toBeFocused();

  script.release();
  // React's screen replaced the painted one (no more marker) with the same values and focus.
  await expect(painted(page)).toHaveCount(0);
  await expect(page.getByLabel(text.email)).toHaveValue(owner);
  await expect(page.getByLabel(text.password)).toHaveValue(password);
  await expect(page.getByLabel(text.password)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { level: 1, name: adminText.inbox.heading }),
  ).toBeVisible();

  // Signed in, the next document paints the quiet frame: nothing of the owner's.
  const document = await (await page.request.get('/admin/')).text();
  expect(document).toContain('data-first-paint="loading"');
  expect(document).not.toContain(owner);
});

for (const width of [390, 1280]) {
  test(`the HTML-painted sign-in has no axe violations at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const script = await holdMainScript(page);
    await page.goto('/admin/', { waitUntil: 'commit' });
    await script.requested;
    await expect(painted(page)).toBeVisible();
    await expectNoAxeViolations(page);
    script.release();
  });
}

/** The built files of the inbox's first script: its entry and what it imports, transitively. */
function firstScriptFiles(): string[] {
  const html = readFileSync(path.join(appDir, 'index.html'), 'utf8');
  const entry = /src="\/admin\/assets\/(index-[^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('no entry script in the built index.html');
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const code = readFileSync(path.join(appDir, 'assets', file), 'utf8');
    // Static imports only (`import … from "./x.js"`, `import "./x.js"`); import("./x.js") is on demand.
    for (const [, imported] of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) {
      if (imported) visit(imported);
    }
  };
  visit(entry);
  return [...files];
}

test('the first script holds the list, not the submission page, the charts, the editor or the composer', () => {
  const files = firstScriptFiles();
  const onDemand = [
    'submission-page',
    'weekly-page',
    'site-page',
    'part-page',
    'composer-page',
    'templates-page',
  ];
  for (const name of onDemand) {
    expect(files.some((file) => file.startsWith(`${name}-`))).toBe(false);
  }
  const code = files.map((file) => readFileSync(path.join(appDir, 'assets', file), 'utf8'));
  // The weekly chart's own stroke is in a chunk of its own, loaded on demand.
  expect(code.some((source) => source.includes('stroke-gold-700'))).toBe(false);
  // React and the router in their own chunk, named for them.
  expect(files.some((file) => file.startsWith('react-'))).toBe(true);
  const gzipKb = code.reduce((sum, source) => sum + gzipSync(source).length, 0) / 1024;
  expect(gzipKb).toBeLessThan(FIRST_SCRIPT_BUDGET_KB);
});
