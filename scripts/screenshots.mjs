// `node scripts/screenshots.mjs [route…]`: full-page screenshots of routes at 390 px and 1280 px into
// test-results/screenshots/, against a running server (SCREENSHOT_ORIGIN, default http://127.0.0.1:8080).
import { existsSync, mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const origin = process.env.SCREENSHOT_ORIGIN ?? 'http://127.0.0.1:8080';
const routes = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/', '/team', '/contact', '/request-service', '/join-our-team', '/nowhere'];
const out = 'test-results/screenshots';
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath:
    process.env.CHROMIUM_PATH ??
    (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
});
for (const width of [390, 1280]) {
  const page = await browser.newPage({
    viewport: { width, height: width < 800 ? 844 : 800 },
    reducedMotion: 'reduce',
  });
  for (const route of routes) {
    await page.goto(`${origin}/#${route}`);
    await page.reload({ waitUntil: 'networkidle' });
    await page.locator('h1').first().waitFor();
    // Lazy images load only near the viewport: walk down the page so the full-page shot shows them.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState('networkidle');
    const name = route === '/' ? 'home' : route.replace(/\W+/g, '-').replace(/^-/, '');
    const file = `${out}/${name}-${width}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
