/**
 * Visits counted without cookies (issue 48, docs/visits.md), end to end in real Chromium against the
 * built server: documents counted by the server, the app's moves by the beacon, one visitor a day
 * per browser, a new one the next day, nothing for bots, prefetches, link previews or /healthz, and
 * a flyer's visit followed to its quote at every step of the week's way to a lead.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { FunnelRow, SubmissionDetail, VisitPage, WeeklyPicture } from '../src/admin/contract';
import { NOTHING_PUBLISHED } from '../src/content/published';
import { quoteFormContent } from '../src/content/quote-form';
import { isoDateFromToday } from './form-helpers';
import { signIn } from '../server/testing/receiver-harness';
import { receiverTest, type Receiver } from './receiver-fixture';

const { quoteForm } = quoteFormContent(NOTHING_PUBLISHED);
const owner = { email: 'owner@staffing.example', password: 'a long enough password' };
const clockAck = path.join(mkdtempSync(path.join(os.tmpdir(), 'visits-clock-')), 'offset');
const test = receiverTest({
  folder: 'e2e-visits-',
  owner,
  signedIn: true,
  env: {
    NODE_OPTIONS: `--import=${path.resolve('server/testing/fake-clock.mjs')}`,
    FAKE_CLOCK_ACK: clockAck,
  },
});

/** A phone's Chrome, one build per test: each test is its own browser (its own visitor). */
let build = 100;
const phoneChrome = () =>
  `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.${(build += 1)}.0 Mobile Safari/537.36`;

/** The owner's session: signed in again after the clock moved a day on (sessions end when idle). */
let session = '';
const cookieOf = (receiver: Receiver) => session || receiver.cookie;

async function picture(request: APIRequestContext, receiver: Receiver): Promise<WeeklyPicture> {
  const answer = await request.get(`${receiver.url}/admin/api/weekly`, {
    headers: { cookie: cookieOf(receiver) },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as WeeklyPicture;
}

interface Totals {
  visitors: number;
  views: Partial<Record<`${VisitPage}/${'en' | 'es'}`, number>>;
}

/** The twelve weeks' visitors and page views, summed. */
async function totals(request: APIRequestContext, receiver: Receiver): Promise<Totals> {
  const { funnel, pages } = await picture(request, receiver);
  const views: Totals['views'] = {};
  for (const row of pages) {
    const key = `${row.page}/${row.language}` as const;
    views[key] = (views[key] ?? 0) + row.views;
  }
  return { visitors: funnel.reduce((sum, row) => sum + row.visitors, 0), views };
}

/** What changed between two readings: visitors, and views per page and language. */
function change(before: Totals, after: Totals): Totals {
  const views: Totals['views'] = {};
  for (const key of Object.keys(after.views) as (keyof Totals['views'])[]) {
    const delta = (after.views[key] ?? 0) - (before.views[key] ?? 0);
    if (delta !== 0) views[key] = delta;
  }
  return { visitors: after.visitors - before.visitors, views };
}

/** A browser of its own (a phone's Chrome), with or without JavaScript. */
async function visitor(browser: Browser, receiver: Receiver, javaScriptEnabled = true) {
  const context = await browser.newContext({
    baseURL: receiver.url,
    userAgent: phoneChrome(),
    javaScriptEnabled,
    viewport: { width: 390, height: 844 },
  });
  return { context, page: await context.newPage() };
}

/** Waits for a beacon the page sends (the app's moves, a form started). */
const beacon = (page: Page) =>
  page.waitForRequest((request) => request.url().endsWith('/api/visit'));

test.describe.configure({ mode: 'serial' });

test('counts each page view once, with and without script, in both languages, one visitor a day', async ({
  browser,
  request,
  receiver,
}) => {
  const before = await totals(request, receiver);
  const { context, page } = await visitor(browser, receiver);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-app', /./);
  // A move within the document (its hash route changes): the team page, counted by the beacon.
  const moved = beacon(page);
  await page.goto('/#/team');
  await moved;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/es/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect
    .poll(async () => change(before, await totals(request, receiver)), { timeout: 15_000 })
    .toEqual({ visitors: 1, views: { 'home/en': 1, 'team/en': 1, 'home/es': 1 } });
  await context.close();

  // Without script: the server counts the documents it serves.
  const quiet = await visitor(browser, receiver, false);
  const middle = await totals(request, receiver);
  await quiet.page.goto('/team/');
  await quiet.page.goto('/es/contact/');
  await expect
    .poll(async () => change(middle, await totals(request, receiver)), { timeout: 15_000 })
    .toEqual({ visitors: 1, views: { 'team/en': 1, 'contact/es': 1 } });

  // The same browser the next day is a new visitor: the day's salt changed.
  const today = await totals(request, receiver);
  await quiet.page.goto('/team/');
  await expect
    .poll(async () => change(today, await totals(request, receiver)), { timeout: 15_000 })
    .toEqual({ visitors: 0, views: { 'team/en': 1 } });
  const tomorrow = await totals(request, receiver);
  process.kill(receiver.server.child.pid ?? 0, 'SIGUSR2');
  await expect.poll(() => existsSync(clockAck) && readFileSync(clockAck, 'utf8')).toBe('86400000');
  session = await signIn(receiver.server.port, owner);
  await quiet.page.goto('/team/');
  await expect
    .poll(async () => change(tomorrow, await totals(request, receiver)), { timeout: 15_000 })
    .toEqual({ visitors: 1, views: { 'team/en': 1 } });
  await quiet.context.close();
});

test('counts no bot, link preview, prefetch or health check', async ({
  browser,
  playwright,
  request,
  receiver,
}) => {
  const before = await totals(request, receiver);
  // A crawler's browser, with its script running: neither the document nor a beacon counts.
  const crawler = await browser.newContext({
    baseURL: receiver.url,
    userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  });
  const crawled = await crawler.newPage();
  const sent = beacon(crawled);
  await crawled.goto('/#/team');
  await sent;
  await crawler.close();
  const fetcher = await playwright.request.newContext({ baseURL: receiver.url });
  const chrome = phoneChrome();
  const probes: Record<string, string>[] = [
    { 'user-agent': 'WhatsApp/2.23.20.0 A' },
    { 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' },
    { 'user-agent': chrome, 'sec-purpose': 'prefetch', 'sec-fetch-dest': 'document' },
    { 'user-agent': chrome, 'sec-purpose': 'prefetch;prerender', 'sec-fetch-dest': 'document' },
    { 'user-agent': chrome, 'sec-gpc': '1', 'sec-fetch-dest': 'document' },
  ];
  for (const headers of probes) {
    expect((await fetcher.get('/', { headers })).status()).toBe(200);
  }
  expect((await fetcher.get('/healthz', { headers: { 'user-agent': chrome } })).status()).toBe(200);
  // One counted view after them all, so that "nothing" is read after their writes would be.
  const { context, page } = await visitor(browser, receiver, false);
  await page.goto('/contact/');
  await expect
    .poll(async () => change(before, await totals(request, receiver)), { timeout: 15_000 })
    .toEqual({ visitors: 1, views: { 'contact/en': 1 } });
  await context.close();
  await fetcher.dispose();
});

/** The rows of the week's funnel for one source name, summed. */
function stepsOf(rows: readonly FunnelRow[], name: string) {
  const mine = rows.filter((row) => row.name === name);
  const sum = (
    step: keyof Pick<FunnelRow, 'visitors' | 'sawForm' | 'started' | 'sent' | 'replied'>,
  ) => mine.reduce((total, row) => total + row[step], 0);
  return {
    visitors: sum('visitors'),
    sawForm: sum('sawForm'),
    started: sum('started'),
    sent: sum('sent'),
    replied: sum('replied'),
  };
}

test('a flyer visit that sends a quote: the submission says flyer, the funnel counts each step', async ({
  browser,
  request,
  receiver,
}) => {
  const { context, page } = await visitor(browser, receiver);
  await page.goto('/?utm_source=flyer');
  await page.getByRole('link', { name: 'Request Service' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const form = page.locator('form[data-draft-key]');
  await form.dispatchEvent('pointerover');
  await expect(form).toHaveAttribute('data-app', 'ready');
  await page.getByLabel('Full name').fill('Flyer Visitor');
  await page.getByLabel('Phone number').fill('(202) 555-2368');
  await page.getByLabel('Email address').fill('flyer.visitor@example.com');
  await page.getByLabel('Event date').fill(isoDateFromToday(30));
  await page.getByLabel('Number of guests').fill('80');
  await page.getByLabel('Event address').fill('1300 Pennsylvania Ave NW, Washington, DC');
  await page.getByRole('checkbox', { name: 'Servers & Waitstaff' }).check();
  // The receiver's own answer, read on its way to the page (which moves on to the confirmation).
  let id = '';
  await page.route('**/api/forms/quote', async (route) => {
    const response = await route.fetch();
    ({ id } = (await response.json()) as { id: string });
    await route.fulfill({ response });
  });
  await page.getByRole('button', { name: quoteForm.submit }).click();
  await expect(page.getByRole('heading', { name: quoteForm.confirmation.heading })).toBeVisible();
  await context.close();
  expect(id).not.toBe('');

  const detail = await request.get(`${receiver.url}/admin/api/submissions/${id}`, {
    headers: { cookie: cookieOf(receiver) },
  });
  const submission = (await detail.json()) as SubmissionDetail;
  expect(submission.visit).toMatchObject({ kind: 'campaign', name: 'flyer', firstPage: '/' });

  const steps = async () => stepsOf((await picture(request, receiver)).funnel, 'flyer');
  await expect
    .poll(steps, { timeout: 15_000 })
    .toEqual({ visitors: 1, sawForm: 1, started: 1, sent: 1, replied: 0 });
  // Replied to by hand: the owner marks it.
  const marked = await request.patch(`${receiver.url}/admin/api/submissions/${id}`, {
    headers: { cookie: cookieOf(receiver), origin: receiver.url },
    data: { status: 'in_progress' },
  });
  expect(marked.status()).toBe(200);
  await expect.poll(steps).toEqual({ visitors: 1, sawForm: 1, started: 1, sent: 1, replied: 1 });
});
