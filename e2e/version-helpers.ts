import { expect, type Page } from '@playwright/test';
import type { siteApi } from './site-helpers';

/** What the tests of site versions share (site-versions.spec.ts, site-versions-postgres.spec.ts). */

let run = 0;
/** A new office phone each time: `(202) 555-24NN`. */
export function nextPhone() {
  run += 1;
  const last = String(10 + run).padStart(2, '0');
  return { display: `(202) 555-24${last}`, e164: `+120255524${last}` };
}

/** Console errors and uncaught errors: a hydration mismatch is reported as either. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The office phones linked on the page now (tel: addresses, each once). */
export async function phonesOnPage(page: Page): Promise<string[]> {
  const links = await page
    .locator('a[href^="tel:+1202555"]')
    .evaluateAll((found) => found.map((link) => link.getAttribute('href') ?? ''));
  return [...new Set(links)];
}

/**
 * Holds back React's files (every script but the page's first, enhance.js) until the returned
 * function is called: the moved-to page's HTML is then shown before React hydrates it, which is
 * when a piece of another version would be hydrated with this document's words.
 */
export async function holdBackApp(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/(?!enhance-)[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Clicks the header's "Our Team": its HTML is shown first (React held back by `holdBackApp`), then
 * React takes the page over; waits until the app has settled.
 */
export async function moveToTeam(page: Page, releaseApp: () => void = () => {}) {
  await page.getByRole('banner').getByRole('link', { name: 'Our Team' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/team/i);
  releaseApp();
  await page.waitForLoadState('networkidle');
  // React's hydration, and its error if the words disagree, come within a few frames.
  await page.waitForTimeout(500);
}

export async function publishPhone(api: ReturnType<typeof siteApi>, phone: { e164: string }) {
  const published = await api.publishFields({ 'business/phones.office': phone });
  expect(published.status(), await published.text()).toBe(200);
}
