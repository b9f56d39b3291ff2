// `npm run bench`: build, then measure the site as a visitor's browser meets it, served two ways
// side by side: by a static host (scripts/bench/static-host.mjs, the reference) and by `npm start`,
// and the home and form pages once more after an owner's whole-site rewrite is published
// (scripts/bench/published-site.mjs).
// - Lighthouse 12 (mobile and desktop, RUNS each, median) on every route in both languages; mobile
//   only after the rewrite (the figure the README promises; desktop would add RUNS runs a page);
// - the JavaScript each route loads (gzip bytes): with no interaction, that is the load window;
// - a tap on the phone menu at moments from its first paint on (scripts/bench/tap-latency.mjs);
// - a page's shared hash link (`/#/team`) against the page's own document (`/team/`): mobile LCP;
// - a Send tapped as soon as a form shows: how long it waits for the app (held-send.mjs).
// Prints tables, keeps them as the "site" section of docs/figures.md (figures.mjs) and writes
// bench/lighthouse-<time>.json. A benchmark, not a test: it never fails on numbers.
// BENCH_ROUTES="/,/es/" and BENCH_SERVERS="static" (or "app", "published") narrow it; a narrowed
// run leaves docs/figures.md as it was, so that its figures stay those of every route.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath, routeUrl, startBuiltServer } from '../run/local-server.mjs';
import { recordFigures } from './figures.mjs';
import { heldSendWaits } from './held-send.mjs';
import { startPublishedSite } from './published-site.mjs';
import { startStaticHost } from './static-host.mjs';
import { menuTapLatencies } from './tap-latency.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 4319);
const routes = process.env.BENCH_ROUTES?.split(',') ?? [
  '/',
  '/es/',
  '/team',
  '/es/team',
  '/contact',
  '/es/contact',
  '/request-service',
  '/es/request-service',
  '/join-our-team',
  '/es/join-our-team',
  '/privacy',
  '/es/privacy',
];
const serverNames = process.env.BENCH_SERVERS?.split(',') ?? ['static', 'app', 'published'];
/** The form documents a Send is tapped on as soon as they show. */
const FORM_DOCUMENTS = [
  '/request-service/',
  '/es/request-service/',
  '/join-our-team/',
  '/es/join-our-team/',
];
const SERVED_BY = { static: 'static host', app: 'npm start', published: 'npm start, published' };
/** The routes measured after an owner's whole-site rewrite, mobile only (documents it makes again). */
const PUBLISHED_ROUTES = new Set(['/', '/es/', ...FORM_DOCUMENTS.map((path) => path.slice(0, -1))]);
const chromeFlags = ['--headless=new', ...chromiumArgs];
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
];

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** The gzip bytes of every script the route loads with no interaction (until the network rests). */
async function jsWeight(browser, url) {
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
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  await page.close();
  return [...scripts.values()].reduce((sum, size) => sum + size, 0);
}

/** One Lighthouse run's figures, or the reason it has none. */
function figuresOf({ audits, categories, runtimeError }) {
  const value = (id) => audits[id]?.numericValue;
  const failed = METRICS.filter((id) => typeof value(id) !== 'number');
  if (runtimeError || failed.length || categories.performance.score === null) {
    const reason = runtimeError
      ? `${runtimeError.code}: ${runtimeError.message}`
      : failed.map((id) => `${id}: ${audits[id]?.errorMessage ?? 'no value'}`).join('; ');
    return { reason };
  }
  return {
    figures: {
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      bestPractices: Math.round(categories['best-practices'].score * 100),
      seo: Math.round(categories.seo.score * 100),
      fcpMs: Math.round(value('first-contentful-paint')),
      lcpMs: Math.round(value('largest-contentful-paint')),
      tbtMs: Math.round(value('total-blocking-time')),
      cls: Number(value('cumulative-layout-shift').toFixed(3)),
      transferKb: Math.round(value('total-byte-weight') / 1024),
    },
  };
}

/**
 * One Lighthouse run in a Chrome of its own: a new profile, so each run is a first visit (one
 * Chrome for all runs would keep the site's localStorage, which says the web fonts are cached,
 * while Lighthouse empties only the HTTP cache: a visit no visitor makes).
 */
async function lighthouseOnce(url, config) {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags });
  try {
    return await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      },
      config,
    );
  } finally {
    await chrome.kill();
  }
}

/** The median of RUNS Lighthouse runs; a run it could not finish is run again. */
async function lighthouseMedian(url, config) {
  const runs = [];
  for (let attempt = 0; runs.length < RUNS && attempt < RUNS * 2; attempt += 1) {
    // A query of its own makes each run a new document: going from one hash URL to another is a
    // same-document navigation, which Lighthouse cannot trace (NO_NAVSTART).
    const [address, hash] = url.split('#');
    const separator = address.includes('?') ? '&' : '?';
    const result = await lighthouseOnce(
      `${address}${separator}run=${attempt}-${runs.length}${hash === undefined ? '' : `#${hash}`}`,
      config,
    );
    const { figures, reason } = figuresOf(result.lhr);
    if (figures) runs.push(figures);
    else console.warn(`  ${url}: run discarded and repeated (${reason})`);
  }
  if (!runs.length) throw new Error(`Lighthouse could not measure ${url}`);
  return Object.fromEntries(
    Object.keys(runs[0]).map((key) => [key, median(runs.map((r) => r[key]))]),
  );
}

async function startServers() {
  const servers = {};
  if (serverNames.includes('static')) {
    servers.static = await startStaticHost({ port: PORT + 1 });
  }
  if (serverNames.includes('app')) {
    servers.app = await startBuiltServer({ port: PORT, dataDir: 'bench/data' });
  }
  if (serverNames.includes('published')) {
    servers.published = await startPublishedSite({
      port: PORT + 2,
      dataDir: 'bench/data-published',
    });
  }
  return servers;
}

function printTable(header, table) {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...table.map((row) => String(row[i]).length)),
  );
  for (const line of [header, ...table]) {
    console.log(
      line
        .map((cell, i) => String(cell).padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    );
  }
}

function printRoutes(rows) {
  console.log(
    `\nLighthouse 12, median of ${RUNS} runs; JS = gzip bytes of the scripts a route loads with no interaction\n`,
  );
  const header = ['route', 'served by', 'JS gz', 'm.perf', 'm.FCP', 'm.LCP', 'm.TBT', 'm.CLS'];
  header.push('m.bytes', 'd.perf', 'd.LCP', 'd.CLS', 'a11y', 'BP', 'SEO');
  printTable(
    header,
    rows.map(({ route, server, jsGzipBytes, mobile, desktop }) => [
      route,
      SERVED_BY[server],
      `${(jsGzipBytes / 1024).toFixed(1)} kB`,
      mobile.performance,
      `${mobile.fcpMs} ms`,
      `${mobile.lcpMs} ms`,
      `${mobile.tbtMs} ms`,
      mobile.cls,
      `${mobile.transferKb} kB`,
      desktop?.performance ?? '–',
      desktop ? `${desktop.lcpMs} ms` : '–',
      desktop?.cls ?? '–',
      mobile.accessibility,
      mobile.bestPractices,
      mobile.seo,
    ]),
  );
}

/** A page's own document (`/team` → `/team/`, `/es/team` → `/es/team/`); none for a home page. */
function ownDocumentOf(route) {
  return route === '/' || route === '/es/' ? undefined : `${route}/`;
}

function printHashLinks(rows) {
  console.log(
    "\nA page's shared hash link against its own document: mobile LCP, median of the runs above",
  );
  console.log('(the hash link must paint its page within 100 ms of the document, and by 1.2 s)\n');
  printTable(
    ['route', 'served by', 'own document', 'its m.perf', 'hash link', 'difference'],
    rows
      .filter((row) => row.ownDocument)
      .map(({ route, server, mobile, ownDocument }) => [
        route,
        SERVED_BY[server],
        `${ownDocument.lcpMs} ms`,
        ownDocument.performance,
        `${mobile.lcpMs} ms`,
        `${mobile.lcpMs - ownDocument.lcpMs > 0 ? '+' : ''}${mobile.lcpMs - ownDocument.lcpMs} ms`,
      ]),
  );
}

function printHeldSends(held) {
  console.log(
    '\nA Send tapped as soon as the form shows: ms it waits for the app to run the form (3 runs)\n',
  );
  printTable(
    ['phone', 'document', 'waits'],
    held.map(({ phone, document, waits }) => [phone, document, waits.join(', ')]),
  );
}

function printFigures(rows, taps, held) {
  printRoutes(rows);
  printHashLinks(rows);
  printHeldSends(held);
  console.log(
    '\nA tap on the phone menu (390 px, slow 4G, CPU 4× slower), ms after its button shows → ms to the next frame',
  );
  for (const { server, document, latencies } of taps) {
    const cells = latencies.map(({ delayMs, latencyMs }) => `${delayMs}: ${latencyMs || '<16'}`);
    console.log(`  ${document} (${SERVED_BY[server]})  ${cells.join('  ')}`);
  }
}

async function measure(browser, servers) {
  const rows = [];
  for (const route of routes) {
    for (const [server, { origin }] of Object.entries(servers)) {
      if (server === 'published' && !PUBLISHED_ROUTES.has(route)) continue;
      const url = routeUrl(origin, route);
      const row = { route, server, jsGzipBytes: await jsWeight(browser, url) };
      row.mobile = await lighthouseMedian(url, undefined);
      if (server !== 'published') row.desktop = await lighthouseMedian(url, desktopConfig);
      const ownDocument = ownDocumentOf(route);
      if (ownDocument)
        row.ownDocument = await lighthouseMedian(`${origin}${ownDocument}`, undefined);
      rows.push(row);
      const own = row.ownDocument ? `, own document ${row.ownDocument.performance}` : '';
      console.log(
        `  ${route} (${server}): mobile ${row.mobile.performance}, desktop ${row.desktop?.performance ?? '–'}${own}`,
      );
    }
  }
  const taps = [];
  for (const [server, { origin }] of Object.entries(servers)) {
    for (const document of ['/', '/es/']) {
      taps.push({
        server,
        document,
        latencies: await menuTapLatencies(browser, `${origin}${document}`),
      });
    }
  }
  const formServer = Object.entries(servers).find(([name]) => name !== 'published')?.[1];
  const held = formServer ? await heldSendWaits(browser, formServer.origin, FORM_DOCUMENTS) : [];
  return { rows, taps, held };
}

console.log('Building…');
if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1);

// DIST_DIR and BUILD_DIR (read by the build and the servers) let a bench run use its own folders.
const servers = await startServers();
try {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const { rows, taps, held } = await measure(browser, servers);
  await browser.close();

  if (process.env.BENCH_ROUTES || process.env.BENCH_SERVERS) {
    printFigures(rows, taps, held);
    console.log('\na narrowed run: docs/figures.md left as it was');
  } else {
    const title = 'The site in a browser: Lighthouse and a tap on the menu';
    await recordFigures('site', { title, command: 'npm run bench' }, async () =>
      printFigures(rows, taps, held),
    );
  }
  mkdirSync('bench', { recursive: true });
  const file = `bench/lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  writeFileSync(file, JSON.stringify({ runs: RUNS, rows, taps, held }, null, 2));
  console.log(`\nwritten to ${file}`);
} finally {
  for (const server of Object.values(servers)) server.stop();
}
