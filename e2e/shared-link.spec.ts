import { expect, test, type Page } from '@playwright/test';
import { pagesContent as esPagesContent } from '../src/content/es/site';
import { pagesContent } from '../src/content/site';
import { throttleLikeAPhone } from '../scripts/bench/tap-latency.mjs';
import { NOTHING_PUBLISHED } from '../src/content/published';

const { pages: spanishPages } = esPagesContent(NOTHING_PUBLISHED);
const { pages } = pagesContent(NOTHING_PUBLISHED);

/**
 * A shared link to a page is its hash address (`/#/request-service`): the home document opens it.
 * On a phone's network and CPU it paints that page without ever painting the home page's hero, or
 * fetching its picture (src/route-marker.ts, src/first-screen-image.ts). Its time against the page's
 * own document is a figure of `npm run bench`, not of a test.
 */

const links = [
  { address: '/#/request-service', heading: pages.quote.heading },
  { address: '/#/join-our-team', heading: pages.application.heading },
  { address: '/es/#/solicitar-servicio', heading: spanishPages.quote.heading },
];

/**
 * Before the document: at every frame, whether the hero's headline is on screen, and every LCP
 * candidate's text (the largest things painted, in order).
 */
function watchPaints() {
  const seen = { heroFrames: 0, frames: 0, largest: [] as string[] };
  Object.assign(window, { paintsSeen: seen });
  const frame = () => {
    seen.frames += 1;
    if (document.getElementById('hero-heading')?.checkVisibility()) seen.heroFrames += 1;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element })[]) {
      const inHero = entry.element?.closest('[aria-labelledby="hero-heading"]');
      seen.largest.push(
        inHero ? `hero: ${entry.element?.tagName}` : (entry.element?.tagName ?? ''),
      );
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

async function paintsSeen(page: Page) {
  return page.evaluate(
    () =>
      (
        window as unknown as {
          paintsSeen: { heroFrames: number; frames: number; largest: string[] };
        }
      ).paintsSeen,
  );
}

test.describe('a shared hash link, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  for (const link of links) {
    test(`${link.address} paints its page, never the home page's hero, and never fetches its picture`, async ({
      page,
    }) => {
      await throttleLikeAPhone(page);
      await page.addInitScript(watchPaints);
      const heroPictures: string[] = [];
      page.on('request', (request) => {
        if (/\/assets\/hero-/.test(request.url())) heroPictures.push(request.url());
      });
      await page.goto(link.address);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(link.heading);
      await page.waitForLoadState('networkidle');
      const seen = await paintsSeen(page);
      expect(seen.frames, 'frames were watched').toBeGreaterThan(0);
      expect(seen.heroFrames, 'frames with the hero on screen').toBe(0);
      expect(seen.largest.filter((text) => text.startsWith('hero'))).toEqual([]);
      expect(heroPictures).toEqual([]);
    });
  }

  test("the home page's own link still loads its first picture eagerly", async ({ page }) => {
    const heroPictures: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/hero-/.test(request.url())) heroPictures.push(request.url());
    });
    await page.goto('/');
    const first = page.locator('img[data-first-screen-image]');
    await expect(first).toHaveAttribute('loading', 'eager');
    await expect
      .poll(() => first.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
    expect(heroPictures[0]).toMatch(/hero-gala-dinner/);
  });
});
