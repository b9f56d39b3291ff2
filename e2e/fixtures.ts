import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { pathsOf, routes } from '../src/content/routes';

/**
 * Fails with the list of violations when axe finds any WCAG 2.x A/AA problem on the page (`exclude`:
 * a part scanned on its own, e.g. a frame holding another document whose landmarks axe would
 * otherwise count as this page's).
 */
export async function expectNoAxeViolations(page: Page, include?: string, exclude?: string) {
  await renderDeferred(page);
  await transitionsDone(page);
  let builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    // Every rule still runs and every violating node is reported; only the passes (which nobody
    // reads here) are not itemised: about a quarter of a scan's time, and a tenth of its result.
    .options({ resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  if (exclude) builder = builder.exclude(exclude);
  const { violations } = await builder.analyze();
  const summary = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes
        .map((node) => node.target.join(' '))
        .join('\n  ')}`,
  );
  expect(summary, summary.join('\n')).toEqual([]);
}

/**
 * Lays out the parts the page defers until they come near the window (`defer-render`:
 * content-visibility: auto), as a visitor scrolling to them sees them: axe cannot read the colours
 * of a part the browser skipped, and took the home page's venue buttons, still skipped at the top
 * of a 1280 px page, for white on white.
 */
async function renderDeferred(page: Page) {
  // Through the element's style (the site's CSP refuses an added <style>).
  await page.evaluate(() => {
    for (const part of document.querySelectorAll<HTMLElement>('.defer-render')) {
      part.style.contentVisibility = 'visible';
    }
  });
}

/**
 * Waits (at most 2 s) for the page's finite animations and transitions to end: axe reads colours
 * as they are at that instant, and a carousel's slide fading in mid-scan has its text at part
 * opacity, which it would report as too little contrast. Endless ones (a spinner) are not waited for.
 */
async function transitionsDone(page: Page) {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) =>
            Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)),
          )
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
}

/** Waits until the app runs in the page (on the home page it starts after the first paint). */
export async function expectAppReady(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
}

/**
 * A form works in the HTML; the app takes it over on the visitor's first use of it (src/enhance.ts).
 * A pointer over it starts the app; this waits until the app runs the form.
 */
export async function takeOverForm(page: Page) {
  const form = page.locator('form[data-draft-key]');
  await form.dispatchEvent('pointerover');
  await expect(form).toHaveAttribute('data-app', 'ready');
}

/** Opens a hash route and waits for its h1 and for the app (on a form page, until it runs the form). */
export async function openRoute(page: Page, path: string) {
  await page.goto(`/#${path}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAppReady(page);
  // Known by its path, not by a form on screen: a move within the document (`#/contact` from a form
  // page) may still show the page before it for a moment.
  if (FORM_PATHS.has(path)) await takeOverForm(page);
}

/** The form pages' paths, aliases included. */
const FORM_PATHS = new Set([...pathsOf(routes.quote), ...pathsOf(routes.application)]);

/** The page is no wider than the window (nothing to scroll sideways to on a phone). */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'no horizontal scrolling').toBe(0);
}
