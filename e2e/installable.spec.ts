import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { adminText } from '../src/content/admin';
import { quoteBody } from '../server/testing/fixtures';
import { expectNoAxeViolations } from './fixtures';
import { receiverTest } from './receiver-fixture';
import { signInToInbox } from './receiver-helpers';

/**
 * The installable inbox (docs/push.md, "The installable inbox"), in the whole browser: Chromium
 * finds it installable, its shell opens offline and says so, no personal data is in the service
 * worker's caches, and a new build reaches the app once. The receiver serves a copy of the inbox's
 * build, so that a test can put a new sw.js in it.
 */

const owner = 'installable.owner@example.com';
const password = 'a long e2e test password';
const build = path.resolve(process.env.BUILD_DIR ?? 'build');
const buildCopy = mkdtempSync(path.join(os.tmpdir(), 'e2e-installable-build-'));
cpSync(path.join(build, 'admin'), path.join(buildCopy, 'admin'), { recursive: true });
// The rest of the build as it is: the server and its command line, the site's renderer.
for (const part of ['server', 'prerender-en', 'prerender-es']) {
  symlinkSync(path.join(build, part), path.join(buildCopy, part));
}
const swFile = path.join(buildCopy, 'admin', 'sw.js');

const test = receiverTest({
  folder: 'e2e-installable-',
  owner: { email: owner, password },
  env: { BUILD_DIR: buildCopy },
});
test.describe.configure({ mode: 'serial' });
test.afterAll(() => rmSync(buildCopy, { recursive: true, force: true }));

const text = adminText.shell;

/** Waits until the inbox's service worker runs the page. */
async function controlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

/** Every entry of every cache the page's origin holds: its address and its body's text. */
function cacheEntries(page: Page) {
  return page.evaluate(async () => {
    const entries: { cache: string; url: string; body: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        entries.push({
          cache: name,
          url: request.url,
          body: response ? await response.text() : '',
        });
      }
    }
    return entries;
  });
}

test('Chromium finds the inbox installable, and its icons load', async ({
  playwright,
  receiver,
}, testInfo) => {
  // A profile of its own: Chromium installs nothing from an incognito context (Playwright's).
  const profile = mkdtempSync(path.join(os.tmpdir(), 'e2e-installable-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL: receiver.url,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/admin/');
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    expect(manifest.url).toMatch(/\/admin\/manifest\.webmanifest$/);
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors)
      .toEqual([]);
    const parsed = JSON.parse(manifest.data ?? '{}') as { icons: { src: string }[] };
    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    for (const src of [...parsed.icons.map((icon) => icon.src), appleIcon ?? 'none']) {
      const icon = await page.request.get(src);
      expect(icon.status(), src).toBe(200);
      expect(icon.headers()['content-type']).toBe('image/png');
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the shell opens offline and says so, and comes back with the connection', async ({
  page,
  context,
}) => {
  await signInToInbox(page, owner, password);
  await expect(
    page.getByRole('heading', { level: 1, name: adminText.inbox.heading }),
  ).toBeVisible();
  await controlled(page);
  await expect(page.getByText(text.offline)).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('banner')).toContainText(adminText.appName);
  const notice = page.getByRole('status').filter({ hasText: text.offline });
  await expect(notice).toBeVisible();
  await expectNoAxeViolations(page);

  await context.setOffline(false);
  await expect(page.getByText(text.offline)).toHaveCount(0);
  // The session asked again once online: the list is back without a reload.
  await expect(
    page.getByRole('heading', { level: 1, name: adminText.inbox.heading }),
  ).toBeVisible();
});

test('no personal data is in the service worker’s caches', async ({ page }) => {
  const quote = quoteBody(Date.now(), { clientName: 'Cassia Cachewell' });
  const posted = await page.request.post('/api/forms/quote', { data: quote });
  expect(posted.status()).toBe(200);

  await signInToInbox(page, owner, password);
  await expect(
    page.getByRole('heading', { level: 1, name: adminText.inbox.heading }),
  ).toBeVisible();
  await controlled(page);
  // Opened through the service worker: the list, the submission, its e-mail address shown.
  await page.reload();
  await page.getByRole('link', { name: quote.clientName }).click();
  await expect(page.getByRole('heading', { level: 1, name: quote.clientName })).toBeVisible();
  await expect(page.getByText(quote.email).first()).toBeVisible();

  const entries = await cacheEntries(page);
  expect(entries.length).toBeGreaterThan(5);
  expect(entries.map((entry) => entry.url)).toContainEqual(expect.stringMatching(/\/admin\/$/));
  for (const entry of entries) {
    expect(new URL(entry.url).pathname).not.toMatch(/^\/admin\/api\//);
    expect(entry.body, entry.url).not.toContain(quote.clientName);
    expect(entry.body, entry.url).not.toContain(quote.email);
    expect(entry.body, entry.url).not.toContain(owner);
  }
});

test('a new build reaches the app once, with no reload loop', async ({ page }) => {
  const original = readFileSync(swFile, 'utf8');
  try {
    await page.goto('/admin/');
    await controlled(page);
    const [first] = await page.evaluate(() => caches.keys());
    const version = first?.replace('inbox-shell-', '') ?? '';
    expect(version).toMatch(/^[0-9a-f]{12}$/);
    let loads = 0;
    page.on('load', () => (loads += 1));

    // A new build while the owner works: offered, and one reload on 'Update now'.
    writeFileSync(swFile, original.replaceAll(version, 'e2e000000002'));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const update = page.getByRole('button', { name: text.update });
    await expect(page.getByRole('status').filter({ hasText: text.updateReady })).toBeVisible();
    await update.click();
    await expect.poll(() => cacheNames(page)).toEqual(['inbox-shell-e2e000000002']);
    await settled(page);
    expect(loads).toBe(1);
    await expect(update).toHaveCount(0);

    // Another build, found while the app is open and left waiting; the app closed and opened
    // again: the new version runs from the start, with no reload and nothing offered.
    writeFileSync(swFile, original.replaceAll(version, 'e2e000000003'));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect.poll(() => page.evaluate(waitingWorker)).toBe(true);
    await expect(update).toBeVisible();
    await page.goto('about:blank');
    loads = 0;
    await page.goto('/admin/');
    await expect.poll(() => cacheNames(page)).toEqual(['inbox-shell-e2e000000003']);
    await settled(page);
    expect(loads).toBe(1);
    await expect(update).toHaveCount(0);
  } finally {
    writeFileSync(swFile, original);
  }
});

/** The origin's caches' names; none while the page reloads. */
function cacheNames(page: Page): Promise<string[]> {
  return page.evaluate(() => caches.keys()).catch(() => []);
}

/** Whether a new version of the service worker waits. */
async function waitingWorker() {
  return (await navigator.serviceWorker.getRegistration())?.waiting != null;
}

/** The page loaded, run by the active worker, with none installing or waiting. */
async function settled(page: Page) {
  await page.waitForLoadState('load');
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return (
          registration?.waiting === null &&
          registration.installing === null &&
          navigator.serviceWorker.controller?.scriptURL === registration.active?.scriptURL
        );
      }),
    )
    .toBe(true);
}

test('opened offline after signing out: the kept document paints no sign-in form', async ({
  page,
  context,
}) => {
  await signInToInbox(page, owner, password);
  await expect(
    page.getByRole('heading', { level: 1, name: adminText.inbox.heading }),
  ).toBeVisible();
  await controlled(page);
  await page.reload();
  await page.getByRole('button', { name: adminText.header.signOut }).click();
  await expect(page.getByLabel(adminText.signIn.email)).toBeVisible();
  // A visit signed out: its document (the sign-in form) is fresh, and not kept for offline.
  await page.reload();
  await expect(page.getByLabel(adminText.signIn.email)).toBeVisible();
  const kept = (await cacheEntries(page)).filter((entry) => entry.url.endsWith('/admin/'));
  expect(kept).toHaveLength(1);
  expect(kept[0]?.body).toContain('data-first-paint="loading"');

  await context.setOffline(true);
  await page.goto('/admin/');
  await expect(page.getByRole('heading', { level: 1, name: text.offlineHeading })).toBeVisible();
  await expect(page.getByLabel(adminText.signIn.email)).toHaveCount(0);
  await context.setOffline(false);
});
