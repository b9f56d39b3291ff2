/**
 * Visits in normal use (issue 48, docs/visits.md "The counter"): a reload (the document revalidated,
 * 304), a move back and forward, a second tab: each document shown is one view, once, never twice
 * (the server's count and the beacon's both).
 */
import { expect, type APIRequestContext, type Browser } from '@playwright/test';
import type { VisitPage, WeeklyPicture } from '../src/admin/contract';
import { receiverTest, type Receiver } from './receiver-fixture';

const owner = { email: 'owner@staffing.example', password: 'a long enough password' };
const test = receiverTest({ folder: 'e2e-visits-reload-', owner, signedIn: true });

let build = 300;
const phoneChrome = () =>
  `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.${(build += 1)}.0 Mobile Safari/537.36`;

type Views = Partial<Record<`${VisitPage}/${'en' | 'es'}`, number>>;

async function totals(request: APIRequestContext, receiver: Receiver) {
  const answer = await request.get(`${receiver.url}/admin/api/weekly`, {
    headers: { cookie: receiver.cookie },
  });
  expect(answer.status()).toBe(200);
  const { funnel, pages } = (await answer.json()) as WeeklyPicture;
  const views: Views = {};
  for (const row of pages) {
    const key = `${row.page}/${row.language}` as const;
    views[key] = (views[key] ?? 0) + row.views;
  }
  return { visitors: funnel.reduce((sum, row) => sum + row.visitors, 0), views };
}

async function visitor(browser: Browser, receiver: Receiver) {
  const context = await browser.newContext({ baseURL: receiver.url, userAgent: phoneChrome() });
  return { context, page: await context.newPage() };
}

test.describe.configure({ mode: 'serial' });

// Chromium gives a document revalidated with a 304 `deliveryType: 'cache'` (with the 304's fresh
// stamp in its serverTiming); the beacon tells such a document from a copy taken from the cache
// unasked by its transferSize (a 304 has its headers' size; the copy, 0), so each counts once.
test('a reload (a 304) and a move back count each document shown once', async ({
  browser,
  request,
  receiver,
}) => {
  const { context, page } = await visitor(browser, receiver);
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/' && response.request().isNavigationRequest()) {
      statuses.push(response.status());
    }
  });
  const beacons: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/visit')) beacons.push(request.postData() ?? '');
  });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-app', /./);
  await expect.poll(() => beacons.length).toBe(1);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-app', /./);
  await expect.poll(() => beacons.length).toBe(2);
  await expect
    .poll(async () => (await totals(request, receiver)).views['home/en'], { timeout: 15_000 })
    .toBe(2);
  // The reload asked the server again (revalidated: a 304, which Chromium reports as its cached 200).
  expect(statuses).toHaveLength(2);
  await page.goto('/es/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect.poll(() => beacons.length).toBe(3);
  await page.goBack();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect.poll(() => beacons.length).toBeGreaterThanOrEqual(3);
  await page.waitForTimeout(500);
  // Back: a document from the back/forward cache is not shown anew (no beacon, no view); one
  // loaded again (revalidated, or from the HTTP cache) is one view more.
  const homeViews = beacons.length === 4 ? 3 : 2;
  await expect
    .poll(async () => await totals(request, receiver), { timeout: 15_000 })
    .toEqual({ visitors: 1, views: { 'home/en': homeViews, 'home/es': 1 } });
  await context.close();
});
