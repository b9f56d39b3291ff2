// `npm run bench:admin`: the owner's inbox (/admin/) on a phone, on the built server (BUILD_DIR).
// - Lighthouse 12, mobile preset, median of RUNS first visits (a new Chrome profile each): /admin/
//   signed out, the sign-in page: performance, FCP, LCP, TBT, CLS;
// - a throttled phone in Chromium through the DevTools protocol (RTT 150 ms, 1.6 Mbps down, 750 kbps
//   up, CPU slowed 4×; 390 px): from pressing Sign in to the first row of the list, and the script
//   (gzip bytes, as the build's files compress) fetched from the first visit's start until the list
//   shows; then a repeat visit in the same profile (its HTTP cache and its session): from the
//   navigation's start to the list. Each the median of RUNS.
// Keeps its tables as the "inbox-phone" section of docs/figures.md. A benchmark, not a test.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { databaseConfig } from '../../server/config.ts';
import { users } from '../../server/admin/users.ts';
import { openStore } from '../../server/store/store.ts';
import { quoteBody } from '../../server/testing/fixtures.ts';
import { startReceiver, stopReceiver } from '../../server/testing/receiver-harness.ts';
import { chromiumArgs, chromiumPath } from '../run/local-server.mjs';
import { commandLine, recordFigures } from './figures.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const owner = { email: 'owner@example.com', password: 'a long enough password for the bench' };
const LIST_ROW = 'ol[aria-labelledby="inbox-heading"] > li';
/**
 * A slow 4G phone: Lighthouse's mobile profile's round trip (150 ms) as each request's latency. Not
 * Lighthouse's own DevTools equivalent of it (core/config/constants.js, mobileSlow4G: 562.5 ms a
 * request, 1.47 Mbps down), which is slower: these figures are a lighter network than Lighthouse's.
 */
const PHONE = { latency: 150, download: 1.6e6 / 8, upload: 750e3 / 8, cpu: 4 };

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** An account and 40 quotes in a new data folder. */
async function seed(dataDir: string) {
  const store = await openStore(databaseConfig({ DATA_DIR: dataDir }));
  try {
    await users(store.database).add(owner.email, owner.password);
    for (let n = 1; n <= 40; n += 1) {
      await store.save({ form: 'quote', fields: { ...quoteBody(n) }, notify: false });
    }
  } finally {
    await store.close();
  }
}

async function lighthouseRun(url: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumArgs],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      formFactor: 'mobile',
    });
    const lhr = result?.lhr;
    const value = (id: string) => Number(lhr?.audits[id]?.numericValue);
    return {
      performance: Math.round((lhr?.categories.performance?.score ?? NaN) * 100),
      fcp: Math.round(value('first-contentful-paint')),
      lcp: Math.round(value('largest-contentful-paint')),
      tbt: Math.round(value('total-blocking-time')),
      cls: Number(value('cumulative-layout-shift').toFixed(3)),
    };
  } finally {
    chrome.kill();
  }
}

/** Notes in the page when a form is sent and when the list's first row appears. */
const MARKS = `(() => {
  document.addEventListener('submit', () => { window.__submitAt ??= performance.now(); }, true);
  new MutationObserver((_records, observer) => {
    if (!document.querySelector('${LIST_ROW}')) return;
    window.__listAt = performance.now();
    observer.disconnect();
  }).observe(document, { subtree: true, childList: true });
})();`;

async function phonePage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.latency,
    downloadThroughput: PHONE.download,
    uploadThroughput: PHONE.upload,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpu });
  return page;
}

const mark = (page: Page, name: '__submitAt' | '__listAt') =>
  page.evaluate((key) => (window as unknown as Record<string, number>)[key] ?? NaN, name);

/** One phone: the first visit and its sign-in, then a repeat visit. */
async function phoneRun(origin: string) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });
    await context.addInitScript(MARKS);
    const page = await phonePage(context);
    let scriptBytes = 0;
    let listShown = false;
    page.on('response', async (response) => {
      if (listShown || response.request().resourceType() !== 'script') return;
      scriptBytes += gzipSync(await response.body().catch(() => Buffer.alloc(0))).length;
    });
    await page.goto(`${origin}/admin/`, { waitUntil: 'load' });
    // The form React drew (the painted one carries data-first-paint until React replaces it).
    await page.locator('#sign-in-email:not([data-first-paint] *)').waitFor();
    await page.fill('#sign-in-email', owner.email);
    await page.fill('#sign-in-password', owner.password);
    await page.click('button[type=submit]');
    await page.locator(LIST_ROW).first().waitFor({ timeout: 60_000 });
    listShown = true;
    const signIn = (await mark(page, '__listAt')) - (await mark(page, '__submitAt'));
    await page.close();

    const again = await phonePage(context);
    await again.goto(`${origin}/admin/`);
    await again.locator(LIST_ROW).first().waitFor({ timeout: 60_000 });
    const repeat = await mark(again, '__listAt');
    return { signIn, scriptBytes, repeat };
  } finally {
    await browser.close();
  }
}

async function measure(origin: string) {
  const lighthouseRuns: Awaited<ReturnType<typeof lighthouseRun>>[] = [];
  const phoneRuns: Awaited<ReturnType<typeof phoneRun>>[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    lighthouseRuns.push(await lighthouseRun(`${origin}/admin/?run=${run}`));
    phoneRuns.push(await phoneRun(origin));
  }
  const lh = (key: keyof (typeof lighthouseRuns)[number]) =>
    median(lighthouseRuns.map((r) => r[key]));
  const ph = (key: keyof (typeof phoneRuns)[number]) => median(phoneRuns.map((r) => r[key]));
  console.log(`/admin/ signed out, Lighthouse 12 mobile, median of ${RUNS} first visits`);
  console.log('perf   FCP ms   LCP ms   TBT ms   CLS');
  console.log(
    [lh('performance'), lh('fcp'), lh('lcp'), lh('tbt'), lh('cls')]
      .map((cell, i) => String(cell).padEnd([7, 9, 9, 9, 5][i] ?? 0))
      .join('')
      .trimEnd(),
  );
  console.log(
    `\nA throttled phone (RTT ${PHONE.latency} ms, 1.6 Mbps down, CPU ×${PHONE.cpu}, 390 px), median of ${RUNS}; the first visit without the service worker, the repeat visit with it`,
  );
  console.log(`Sign in pressed → the list's first row:          ${Math.round(ph('signIn'))} ms`);
  console.log(
    `script (gzip) fetched before the list shows:     ${(ph('scriptBytes') / 1024).toFixed(1)} kB`,
  );
  console.log(`repeat visit (same profile): navigation → list:  ${Math.round(ph('repeat'))} ms`);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-admin-'));
try {
  await seed(dataDir);
  const receiver = await startReceiver(dataDir);
  try {
    await recordFigures(
      'inbox-phone',
      { title: 'The inbox on a phone', command: commandLine('npm run bench:admin') },
      () => measure(`http://127.0.0.1:${receiver.port}`),
    );
  } finally {
    await stopReceiver(receiver);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
