// `npm run bench`: build, serve the build on loopback, run Lighthouse 12 (mobile and desktop,
// RUNS each, median) on every route and measure the gzip size of the JavaScript each route loads.
// Prints a table and writes bench/lighthouse-<time>.json. A benchmark, not a test: it never fails on numbers.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath, routeUrl, startBuiltServer } from './local-server.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 4319);
const origin = `http://127.0.0.1:${PORT}`;
// BENCH_ROUTES="/,/team" measures only those routes; '/es/…' are the Spanish document's.
const routes = process.env.BENCH_ROUTES?.split(',') ?? [
  '/',
  '/es/',
  '/team',
  '/contact',
  '/request-service',
  '/join-our-team',
];
const chromeFlags = ['--headless=new', ...chromiumArgs];

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function jsWeight(browser, route) {
  const page = await browser.newPage();
  const scripts = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    try {
      scripts.set(response.url(), gzipSync(await response.body()).length);
    } catch {
      /* aborted */
    }
  });
  await page.goto(routeUrl(origin, route), { waitUntil: 'networkidle' });
  await page.close();
  return [...scripts.values()].reduce((sum, size) => sum + size, 0);
}

console.log('Building…');
if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1);

// DIST_DIR and BUILD_DIR (read by the build and the server) let a bench run use its own folders.
const server = await startBuiltServer({ port: PORT, dataDir: 'bench/data' });
try {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags });
  const rows = [];
  for (const route of routes) {
    const row = { route, jsGzipBytes: await jsWeight(browser, route) };
    for (const [formFactor, config] of [
      ['mobile', undefined],
      ['desktop', desktopConfig],
    ]) {
      const runs = [];
      // A run Lighthouse could not finish (a runtime error, an audit without a value) is printed and
      // run again, up to RUNS more times, rather than crashing the table or skewing the median.
      for (let attempt = 0; runs.length < RUNS && attempt < RUNS * 2; attempt += 1) {
        // A query of its own makes each run a new document: going from one hash URL to another is a
        // same-document navigation, which Lighthouse cannot trace (NO_NAVSTART).
        const result = await lighthouse(
          routeUrl(origin, route, `?run=${formFactor}-${attempt}`),
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          },
          config,
        );
        const { audits, categories, runtimeError } = result.lhr;
        const value = (id) => audits[id]?.numericValue;
        const metrics = [
          'first-contentful-paint',
          'largest-contentful-paint',
          'total-blocking-time',
          'cumulative-layout-shift',
        ];
        const failed = metrics.filter((id) => typeof value(id) !== 'number');
        if (runtimeError || failed.length || categories.performance.score === null) {
          const reason = runtimeError
            ? `${runtimeError.code}: ${runtimeError.message}`
            : failed.map((id) => `${id}: ${audits[id]?.errorMessage ?? 'no value'}`).join('; ');
          console.warn(`  ${route} ${formFactor}: run discarded and repeated (${reason})`);
          continue;
        }
        runs.push({
          performance: Math.round(categories.performance.score * 100),
          accessibility: Math.round(categories.accessibility.score * 100),
          bestPractices: Math.round(categories['best-practices'].score * 100),
          seo: Math.round(categories.seo.score * 100),
          fcpMs: Math.round(value('first-contentful-paint')),
          lcpMs: Math.round(value('largest-contentful-paint')),
          tbtMs: Math.round(value('total-blocking-time')),
          cls: Number(value('cumulative-layout-shift').toFixed(3)),
          transferKb: Math.round(value('total-byte-weight') / 1024),
        });
      }
      if (!runs.length) throw new Error(`Lighthouse could not measure ${route} (${formFactor})`);
      row[formFactor] = Object.fromEntries(
        Object.keys(runs[0]).map((key) => [key, median(runs.map((run) => run[key]))]),
      );
    }
    rows.push(row);
  }
  await chrome.kill();
  await browser.close();

  console.log(
    `\nLighthouse 12, median of ${RUNS} runs; JS = gzip bytes of scripts the route loads\n`,
  );
  const header = [
    'route',
    'JS gz',
    'm.perf',
    'm.FCP',
    'm.LCP',
    'm.TBT',
    'm.CLS',
    'm.bytes',
    'd.perf',
    'd.LCP',
    'd.CLS',
    'a11y',
    'BP',
    'SEO',
  ];
  const table = rows.map((row) => [
    row.route,
    `${(row.jsGzipBytes / 1024).toFixed(1)} kB`,
    row.mobile.performance,
    `${row.mobile.fcpMs} ms`,
    `${row.mobile.lcpMs} ms`,
    `${row.mobile.tbtMs} ms`,
    row.mobile.cls,
    `${row.mobile.transferKb} kB`,
    row.desktop.performance,
    `${row.desktop.lcpMs} ms`,
    row.desktop.cls,
    row.mobile.accessibility,
    row.mobile.bestPractices,
    row.mobile.seo,
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...table.map((r) => String(r[i]).length)),
  );
  for (const line of [header, ...table]) {
    console.log(line.map((cell, i) => String(cell).padEnd(widths[i])).join('  '));
  }
  mkdirSync('bench', { recursive: true });
  const file = `bench/lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  writeFileSync(file, JSON.stringify({ runs: RUNS, rows }, null, 2));
  console.log(`\nwritten to ${file}`);
} finally {
  server.stop();
}
