import { expect, test, type Page } from '@playwright/test';
import { businessContent } from '../src/content/business';
import { companyContent } from '../src/content/company';
import { pagesContent as esPagesContent } from '../src/content/es/site';
import { ui, pagesContent } from '../src/content/site';
import { contentGlyphs } from '../scripts/build/site-fonts';
import { expectAppReady, openRoute } from './fixtures';
import { NOTHING_PUBLISHED } from '../src/content/published';

const { business } = businessContent(NOTHING_PUBLISHED);
const { company } = companyContent(NOTHING_PUBLISHED);
const { pages: spanishPages } = esPagesContent(NOTHING_PUBLISHED);
const { pages } = pagesContent(NOTHING_PUBLISHED);

// src/content/home.ts imports images through Vite, so the texts a visitor sees are spelled out here.
/** The headings of the five sections below the hero: with the headline, the home page's six. */
const sectionHeadings = [
  `Hospitality professionals, since ${company.foundedYear}`,
  'The right people for every role',
  'Trusted across the capital region',
  'Venues across the DMV',
  'Trusted by leading caterers and venues',
];
const heroCarousel = 'Our events';
const firstSlide = /gala dinner table/;
const secondSlide = /bartender/;
const whatsappLabel = /WhatsApp/;

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** Collects console errors and uncaught errors (a hydration mismatch is reported as either). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Moves the hero carousel to its second slide with its dot. */
async function expectCarouselStep(page: Page) {
  const carousel = page.getByRole('region', { name: heroCarousel });
  await carousel.getByRole('button', { name: 'Show slide 2' }).click();
  await expect(carousel.getByRole('group')).toHaveAccessibleName('2 of 7');
  await expect(carousel.getByRole('img')).toHaveAccessibleName(secondSlide);
}

/** Holds back the requests that `pattern` matches until the returned function is called. */
async function holdBack(page: Page, pattern: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test.describe('the home page as HTML', () => {
  test('index.html, fetched without running anything, holds the page, its links and JSON-LD', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text();
    for (const heading of [pages.home.heading, ...sectionHeadings]) {
      expect(html).toContain(escapeHtml(heading));
    }
    expect(html).toContain(`href="tel:${company.phones.direct.e164}"`);
    expect(html).toContain(`href="mailto:${company.email}"`);
    // Each page's own document, which a link reaches without JavaScript (src/enhance.ts makes it `#/team`).
    expect(html).toContain('href="/team/"');
    expect(html).toContain('href="#about"');
    expect(html).toMatch(/<script type="application\/ld\+json">\{"@context"/);
    // One piece, in order: no Suspense fallback waiting for an inline script to swap it in.
    expect(html).not.toContain('<template');
  });

  test("each page's own document is indexable: its title, canonical address, alternates, sitemap", async ({
    request,
  }) => {
    const html = await (await request.get('/es/join-our-team/')).text();
    expect(html).toContain(`<title>${spanishPages.application.title} | ${company.name}</title>`);
    expect(html).toContain(`<link rel="canonical" href="${business.siteUrl}/es/join-our-team/" />`);
    expect(html).toContain(
      `<link rel="alternate" hreflang="en" href="${business.siteUrl}/join-our-team/" />`,
    );
    expect(html).toContain('data-page="/join-our-team"');
    expect(html).toContain('<form id="application"');
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const page of [
      '',
      'team/',
      'contact/',
      'request-service/',
      'join-our-team/',
      'privacy/',
    ]) {
      expect(sitemap).toContain(`<loc>${business.siteUrl}/${page}</loc>`);
      expect(sitemap).toContain(`<loc>${business.siteUrl}/es/${page}</loc>`);
    }
  });

  test.describe('with JavaScript turned off', () => {
    test.use({ javaScriptEnabled: false });

    test('shows every section, and its contact and section links work', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.home.heading);
      for (const heading of sectionHeadings) {
        await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      }
      await expect(page.getByRole('img', { name: firstSlide })).toBeVisible();
      const topBar = page.getByRole('region', { name: 'Quick contact' });
      await expect(topBar.getByRole('link', { name: company.email })).toHaveAttribute(
        'href',
        `mailto:${company.email}`,
      );
      await expect(
        page
          .getByRole('link', {
            name: new RegExp(company.phones.office.display.replace(/[()]/g, '\\$&')),
          })
          .first(),
      ).toHaveAttribute('href', `tel:${company.phones.office.e164}`);
      await expect(page.getByRole('link', { name: whatsappLabel }).first()).toHaveAttribute(
        'href',
        company.whatsappUrl,
      );

      for (const [label, id] of [
        ['Services', 'services'],
        ['References', 'references'],
      ] as const) {
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: label })
          .click();
        await expect(page).toHaveURL(new RegExp(`#${id}$`));
        await expect(page.locator(`#${id}`)).toBeInViewport();
      }
    });
  });
});

interface Shift {
  value: number;
  /** What moved (the start of each element's HTML), for the failure message. */
  sources: string[];
}

/** Records every layout shift from the first paint on, into `window.layoutShifts`. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: { node?: Node }[];
        };
        if (shift.hadRecentInput) continue;
        const sources = shift.sources.map((source) =>
          source.node instanceof Element ? source.node.outerHTML.slice(0, 100) : '(text)',
        );
        shifts.push({ value: shift.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    Object.assign(window, { layoutShifts: shifts });
  });
}

/** Waits until the page has loaded everything, fonts included, and laid it out. */
async function settled(page: Page) {
  await expectAppReady(page);
  await page.evaluate(() => document.fonts.ready);
  // Two frames: whatever the last load changed has been laid out and measured.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** Nothing moved: at most a sub-pixel nudge (a font's last hinting), which Lighthouse reports as 0. */
async function expectNoLayoutShift(page: Page) {
  const shifts = await page.evaluate(
    () => (window as unknown as { layoutShifts: Shift[] }).layoutShifts,
  );
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  expect(total, JSON.stringify(shifts, null, 1)).toBeLessThan(0.0005);
}

test.describe('hydration and layout shift', () => {
  const routes = ['/', '/team', '/contact', '/request-service', '/join-our-team', '/privacy'];
  // The Spanish document ('/es/'): its words are longer, its home page is prerendered too.
  for (const [document, route] of [
    ...routes.map((route) => ['/', route] as const),
    ['/es/', '/'] as const,
    ['/es/', '/contact'] as const,
  ]) {
    test(`${document === '/' ? route : `/es/#${route}`}: does not move while it loads, and no console error, also after a carousel step`, async ({
      page,
    }) => {
      const errors = collectErrors(page);
      await recordLayoutShifts(page);
      await page.goto(`${document}#${route}`, { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await settled(page);
      await expectNoLayoutShift(page);
      // The carousel's names are English (the test reads them); its step is the same in Spanish.
      if (document === '/' && route === '/') await expectCarouselStep(page);
      expect(errors).toEqual([]);
    });
  }

  test('on a CPU ten times slower, the first paint is never a half-parsed page that then moves', async ({
    browser,
  }) => {
    // Four loads at a tenth of the machine's speed: a busy two-core runner needs more than 30 s.
    test.slow();
    // A slow CPU makes the browser paint while it parses; the head holds that paint until the
    // first screen is parsed whole. Several loads, since the parser's pauses vary.
    for (let load = 0; load < 4; load += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 10 });
      await recordLayoutShifts(page);
      await page.goto('/', { waitUntil: 'networkidle' });
      await settled(page);
      await expectNoLayoutShift(page);
      await context.close();
    }
  });

  test('/about: no console error, also after a carousel step', async ({ page }) => {
    const errors = collectErrors(page);
    await openRoute(page, '/about');
    await expectCarouselStep(page);
    expect(errors).toEqual([]);
  });

  test('the home page runs without React: only its small first script is fetched until the visitor moves', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() !== 'script') return;
      if (!/\/assets\/enhance-[\w-]+\.js$/.test(request.url())) scripts.push(request.url());
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    const htmlScripts = await page.evaluate(() =>
      [...document.scripts].map((script) => script.src),
    );
    const headline = page.getByRole('heading', { level: 1 });
    await headline.evaluate((element) => element.setAttribute('data-from-html', ''));
    await expectCarouselStep(page);
    // The first script reaches for the app's code only by adding its modulepreload links
    // (src/enhance.ts: prefetchApp, which startApp calls first): none there means none was asked
    // for, however slow the page, and the document's scripts are still its HTML's own.
    await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
    expect(await page.evaluate(() => [...document.scripts].map((script) => script.src))).toEqual(
      htmlScripts,
    );
    expect(scripts).toEqual([]);
    // The same element: nothing rendered the page again.
    await expect(headline).toHaveAttribute('data-from-html', '');

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Our Team' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.team.heading);
    await expect.poll(() => scripts.length).toBeGreaterThan(0);
  });
});

test('a link to another page never shows the home page while that page loads', async ({ page }) => {
  // A page's piece is asked for with its document's version (`pages/team.html?v=0`).
  const releasePage = await holdBack(page, '**/pages/*.html?*');
  await page.goto('/#/team', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('heading', { name: pages.home.heading })).toBeHidden();
  await expect(page.getByRole('heading', { name: sectionHeadings[0] })).toBeHidden();
  // The loading bar says the page is on its way; the footer stays below the fold, so nothing
  // moves when the page comes.
  await expect(page.getByText(ui.pageLoading)).toBeVisible();
  await expect(page.getByRole('contentinfo')).not.toBeInViewport();

  releasePage();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.team.heading);
  await expect(page.getByRole('heading', { name: pages.home.heading })).toHaveCount(0);
  await expect(page.getByText(ui.pageLoading)).toBeHidden();
});

/** When the first paint was, and when each web font was asked for (ms since the page opened). */
async function fontTimings(page: Page) {
  return page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    fonts: performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.woff2'))
      .map((entry) => entry.startTime),
  }));
}

test.describe('fonts', () => {
  test('the cut fonts draw every character visitors type and the content writes, in both languages', async ({
    page,
  }) => {
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.locator('html')).toHaveAttribute('data-fonts', '');
    const printable = Array.from({ length: 94 }, (_, i) => String.fromCharCode(0x21 + i)).join('');
    const text = `${printable}${contentGlyphs()}`;
    const samples = [
      { id: 'inter-400', font: '400 16px "Inter Variable"', family: /^Inter/ },
      { id: 'inter-700', font: '700 16px "Inter Variable"', family: /^Inter/ },
      { id: 'playfair', font: '700 16px "Playfair Display"', family: /^Playfair Display/ },
    ];
    await page.evaluate(
      ({ text, samples: lines }) => {
        for (const { id, font } of lines) {
          const line = document.createElement('p');
          line.id = id;
          line.style.font = font;
          line.textContent = text;
          document.body.append(line);
        }
        return document.fonts.ready;
      },
      { text, samples: samples.map(({ id, font }) => ({ id, font })) },
    );
    // Which fonts Chromium drew each line with: the web font alone, no fallback for any glyph.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    for (const { id, family } of samples) {
      const { nodeId } = await cdp.send('DOM.querySelector', {
        nodeId: root.nodeId,
        selector: `#${id}`,
      });
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      expect(fonts, id).toHaveLength(1);
      expect(fonts[0]?.isCustomFont, id).toBe(true);
      expect(fonts[0]?.familyName, id).toMatch(family);
    }
  });

  test('the first screen never waits for the web fonts: asked for after the first paint on a first visit, used from it on the next', async ({
    page,
  }) => {
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect.poll(async () => (await fontTimings(page)).fonts.length).toBe(2);
    const first = await fontTimings(page);
    for (const start of first.fonts) expect(start).toBeGreaterThan(first.firstPaint);
    await expect(page.locator('html')).toHaveAttribute('data-fonts', '');

    // The browser has them now: the next page uses them from its first paint.
    await page.goto('/?again', { waitUntil: 'networkidle' });
    // The paint's timing entry is queued once the frame is presented, which may follow the load.
    await expect.poll(async () => (await fontTimings(page)).firstPaint).toBeGreaterThan(0);
    const next = await fontTimings(page);
    expect(next.fonts).toHaveLength(2);
    for (const start of next.fonts) expect(start).toBeLessThan(next.firstPaint);
  });

  for (const width of [390, 1280]) {
    test(`at ${width} px, the swap from the fallback to the web fonts moves nothing on screen`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const release = await holdBack(page, '**/*.woff2');
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      // Every block of text on the first screen (further down, a paragraph may wrap differently).
      const onScreen = () =>
        page.locator('header, #main h1, #main h1 ~ *, #main p, #main h2').evaluateAll((elements) =>
          elements
            .map((element) => element.getBoundingClientRect())
            .filter((box) => box.top < window.innerHeight)
            .map((box) => [
              Math.round(box.left),
              Math.round(box.top),
              Math.round(box.width),
              Math.round(box.height),
            ]),
        );
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const before = await onScreen();
      expect(before.length).toBeGreaterThan(4);
      expect(await page.evaluate(() => document.fonts.check('700 16px "Playfair Display"'))).toBe(
        false,
      );
      await page.evaluate(() => {
        const shifts: number[] = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            shifts.push((entry as PerformanceEntry & { value: number }).value);
        }).observe({ type: 'layout-shift' });
        Object.assign(window, { swapShifts: shifts });
      });

      release();
      // The page asks for them once it has loaded and painted (src/web-fonts.ts).
      await expect(page.locator('html')).toHaveAttribute('data-fonts', '');
      await expect
        .poll(() => page.evaluate(() => document.fonts.check('700 16px "Playfair Display"')))
        .toBe(true);
      await page.evaluate(() => document.fonts.ready);
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      expect(await onScreen()).toEqual(before);
      // At most a sub-pixel nudge, which Lighthouse's three decimals report as 0.
      const shifts = await page.evaluate(
        () => (window as unknown as { swapShifts: number[] }).swapShifts,
      );
      expect(shifts.reduce((sum, shift) => sum + shift, 0)).toBeLessThan(0.0005);
    });
  }
});
