// `npm run screenshots [-- route…]` ('/team', or '/es/team' for the Spanish page): full-page screenshots of each route at 390 px and 1280 px into
// test-results/screenshots/, to look at the site as a visitor does. Uses the build (`npm run build`
// first) on a server of its own, or a running site at SCREENSHOT_ORIGIN.
import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath, routeUrl, startBuiltServer } from '../run/local-server.mjs';

const routes = process.argv.slice(2).length
  ? process.argv.slice(2)
  : [
      '/',
      '/team',
      '/contact',
      '/request-service',
      '/join-our-team',
      '/privacy',
      '/nowhere',
    ].flatMap((route) => [route, `/es${route}`]);
const out = 'test-results/screenshots';
mkdirSync(out, { recursive: true });

const server = process.env.SCREENSHOT_ORIGIN
  ? { origin: process.env.SCREENSHOT_ORIGIN, stop() {} }
  : await startBuiltServer({
      port: Number(process.env.SCREENSHOT_PORT ?? 4320),
      dataDir: mkdtempSync(path.join(os.tmpdir(), 'screenshots-')),
    });

async function shoot(page, route, width) {
  await page.goto(routeUrl(server.origin, route));
  await page.reload({ waitUntil: 'networkidle' });
  await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
  // Parts laid out only near the window (index.css, defer-render) would be blank below it in a
  // full-page shot; a visitor who scrolls sees them drawn.
  await page.evaluate(() => {
    for (const part of document.querySelectorAll('.defer-render')) {
      part.style.contentVisibility = 'visible';
    }
  });
  // Lazy images load only near the viewport: bring each into view so the full-page shot shows it.
  for (const image of await page.locator('img[loading="lazy"]:visible').all()) {
    await image.scrollIntoViewIfNeeded();
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState('networkidle');
  const name = route.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home';
  const file = `${out}/${name}-${width}.png`;
  await page.screenshot({ path: file, fullPage: true });
  console.log(file);
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  for (const width of [390, 1280]) {
    const page = await browser.newPage({
      viewport: { width, height: width < 800 ? 844 : 800 },
      reducedMotion: 'reduce',
    });
    for (const route of routes) await shoot(page, route, width);
    await page.close();
  }
} finally {
  await browser.close();
  server.stop();
}
