import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { expectAppReady } from './fixtures';

/**
 * The visit beacon in Chromium (src/visit-beacon.ts, docs/visits.md): what the page's first script
 * sends to `/api/visit` on a document's load, the app's moves and a form's first input. Only the
 * requests are read here: the server's counting has its own tests (server/visits/).
 */

/** A browser the counter counts: HeadlessChrome is a bot to `isbot`. */
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/**
 * The page's first script (src/enhance.ts), gzip: 4442 bytes before the beacon; the issue allows
 * 0.5 kB more.
 */
const FIRST_SCRIPT_BUDGET_BYTES = 4442 + 512;

test.use({ userAgent: CHROME });

type Beacon = Record<string, unknown>;

/** Every beacon the page sends from now on, parsed, in order. */
function beaconsOf(page: Page): Beacon[] {
  const beacons: Beacon[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/api/visit') return;
    expect(request.method()).toBe('POST');
    expect(request.headers()['content-type']).toMatch(/^text\/plain/);
    beacons.push(JSON.parse(request.postData() ?? 'null') as Beacon);
  });
  return beacons;
}

/** Waits until `count` beacons have gone, then gives them. */
async function sent(beacons: Beacon[], count: number): Promise<Beacon[]> {
  await expect.poll(() => beacons.length).toBeGreaterThanOrEqual(count);
  return beacons;
}

test.describe('the load beacon', () => {
  test("of / names the page, the language, the document's stamp and only the campaign tags", async ({
    page,
  }) => {
    // The counter stamps the documents it counted (Server-Timing `visit`): here, by hand.
    await page.route(/\/(\?.*)?$/, async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: { ...response.headers(), 'server-timing': 'visit;desc=1764250000000' },
      });
    });
    const beacons = beaconsOf(page);
    await page.goto('/?utm_source=flyer&utm_campaign=spring&email=ana%40example.com');
    const [load] = await sent(beacons, 1);
    expect(load).toEqual({
      k: 'load',
      p: '/',
      l: 'en',
      d: '/',
      s: 1764250000000,
      a: expect.any(Number),
      r: '',
      q: '?utm_source=flyer&utm_campaign=spring',
    });
    expect(load?.a).toBeGreaterThanOrEqual(0);
  });

  test('of /#/team names the page shown, of the home document', async ({ page }) => {
    const beacons = beaconsOf(page);
    await page.goto('/#/team');
    expect(await sent(beacons, 1)).toEqual([
      expect.objectContaining({ k: 'load', p: '/team', l: 'en', d: '/', q: '' }),
    ]);
  });

  test('of /es/ is in Spanish', async ({ page }) => {
    const beacons = beaconsOf(page);
    await page.goto('/es/');
    expect(await sent(beacons, 1)).toEqual([
      expect.objectContaining({ k: 'load', p: '/', l: 'es', d: '/es/' }),
    ]);
  });

  test("of a page's own document (/es/team/?ref=qr), which becomes its hash route", async ({
    page,
  }) => {
    const beacons = beaconsOf(page);
    await page.goto('/es/team/?ref=qr');
    await expect(page).toHaveURL(/\/es\/#\/team\?ref=qr$/);
    expect(await sent(beacons, 1)).toEqual([
      expect.objectContaining({ k: 'load', p: '/team', l: 'es', d: '/es/team/', q: '?ref=qr' }),
    ]);
  });
});

test("a reload's document, answered 304, carries the server's stamp back (it was counted once)", async ({
  page,
}) => {
  const beacons = beaconsOf(page);
  await page.goto('/');
  await sent(beacons, 1);
  await page.reload();
  const [first, reload] = await sent(beacons, 2);
  // Every counted document is stamped: without the stamp the server counts the reload again.
  expect(first).toEqual(expect.objectContaining({ k: 'load', s: expect.any(Number) }));
  expect(reload).toEqual(expect.objectContaining({ k: 'load', p: '/', s: expect.any(Number) }));
});

test("the app's moves: one beacon per other page shown, before React and once it runs", async ({
  page,
}) => {
  const beacons = beaconsOf(page);
  await page.goto('/');
  await expectAppReady(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  // A section of the home page is no other page.
  await nav.getByRole('link', { name: 'Services' }).click();
  // The first move to another page: the first script's (a hashchange), which starts React.
  await nav.getByRole('link', { name: 'Our Team' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/team/i);
  await expect(nav.getByRole('link', { name: 'Our Team' })).toHaveAttribute('aria-current', 'page');
  // React's router moves without a hashchange.
  await nav.getByRole('link', { name: 'Contact' }).click();
  await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('aria-current', 'page');
  // A section link from another page goes home.
  await nav.getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.locator('#about')).toBeInViewport();
  // The load goes two seconds after the document loaded: the moves may go before it.
  const all = await sent(beacons, 4);
  expect(all.filter(({ k }) => k === 'load')).toEqual([
    expect.objectContaining({ k: 'load', p: '/' }),
  ]);
  expect(all.filter(({ k }) => k === 'move')).toEqual([
    { k: 'move', p: '/team', l: 'en' },
    { k: 'move', p: '/contact', l: 'en' },
    { k: 'move', p: '/', l: 'en' },
  ]);
});

test("the quote form's first key: one start beacon", async ({ page }) => {
  const beacons = beaconsOf(page);
  await page.goto('/#/request-service');
  await sent(beacons, 1);
  const name = page.getByLabel('Full name');
  await name.pressSequentially('Ana');
  await page.getByLabel('Email address').pressSequentially('a');
  await expect(name).toHaveValue('Ana');
  await expect(page.locator('form[data-draft-key]')).toHaveAttribute('data-app', 'ready');
  expect(await sent(beacons, 2)).toEqual([
    expect.objectContaining({ k: 'load', p: '/request-service' }),
    { k: 'start', p: '/request-service', l: 'en', f: 'quote' },
  ]);
});

test('no beacon without JavaScript, nor from a visitor sending Global Privacy Control', async ({
  browser,
  page,
}) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false, userAgent: CHROME });
  const plain = await noScript.newPage();
  const plainBeacons = beaconsOf(plain);
  await plain.goto('/', { waitUntil: 'load' });
  await expect(plain.getByRole('heading', { level: 1 })).toBeVisible();
  expect(plainBeacons).toEqual([]);
  await noScript.close();

  // Global Privacy Control: the calls to sendBeacon are counted where they are made.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: true });
    const calls: unknown[] = [];
    Object.assign(window, { beaconCalls: calls });
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (...args) => {
      calls.push(args);
      return send(...args);
    };
  });
  const beacons = beaconsOf(page);
  await page.goto('/');
  await expectAppReady(page);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Our Team' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/team/i);
  expect(await page.evaluate(() => (window as { beaconCalls?: unknown[] }).beaconCalls)).toEqual(
    [],
  );
  expect(beacons).toEqual([]);
});

test("the page's first script stays within its budget: at most 0.5 kB gzip more", () => {
  const assets = path.join(process.env.DIST_DIR ?? 'dist', 'assets');
  const [file] = readdirSync(assets).filter((name) => /^enhance-[\w-]+\.js$/.test(name));
  const bytes = gzipSync(readFileSync(path.join(assets, file ?? ''))).length;
  expect(bytes).toBeLessThanOrEqual(FIRST_SCRIPT_BUDGET_BYTES);
});
