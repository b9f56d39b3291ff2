import { expect, test, type Locator, type Page } from '@playwright/test';
import { companyContent } from '../src/content/company';
import { pagesContent } from '../src/content/site';
import { baseURL } from '../playwright.config';
import { expectAppReady, expectNoAxeViolations, openRoute } from './fixtures';
import { NOTHING_PUBLISHED } from '../src/content/published';

const { claims, company } = companyContent(NOTHING_PUBLISHED);
const { pages } = pagesContent(NOTHING_PUBLISHED);

// src/content/home.ts imports images through Vite, so the texts a visitor sees are spelled out here.
const text = {
  heroCarousel: 'Our events',
  testimonials: 'Client testimonials',
  pause: 'Pause automatic slide show',
  play: 'Start automatic slide show',
  founderTitle: 'Meet Our Founder',
  founderName: 'Daniela Reyes',
  founderPortrait: /Illustrated portrait of Daniela Reyes/,
  firstSlide: /gala dinner table/,
  secondSlide: /bartender/,
};

const start = new Date('2026-03-02T10:00:00Z').getTime();

/** Fake timers, standing still until the test moves them with `page.clock.runFor`. */
async function openWithFrozenClock(page: Page) {
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1000);
  await page.goto('/#/', { waitUntil: 'load' });
  // The page's first script (inline, src/enhance.ts) starts the carousels as the HTML paints, at
  // the time the clock stands still at.
  await expectAppReady(page);
}

function heroCarousel(page: Page) {
  return page.getByRole('region', { name: text.heroCarousel });
}

function testimonialCarousel(page: Page) {
  return page.getByRole('region', { name: text.testimonials });
}

/** The one slide that is exposed: the others are aria-hidden and inert. */
function shownSlide(carousel: Locator) {
  return carousel.getByRole('group');
}

async function expectSlide(carousel: Locator, position: number, total: number) {
  await expect(shownSlide(carousel)).toHaveCount(1);
  await expect(shownSlide(carousel)).toHaveAccessibleName(`${position} of ${total}`);
}

/** Parks the pointer on the top bar, outside both carousels. */
async function movePointerAway(page: Page) {
  await page.mouse.move(5, 5);
}

test.describe('home page content', () => {
  test('every section is present with its id, heading and content; images are local files, the first hero slide loads first and eagerly', async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await openRoute(page, '/');
    // First, before the hero carousel moves on (every 4 s) and fetches the next image.
    const first = heroCarousel(page).getByRole('img', { name: text.firstSlide });
    await expect(first).toHaveAttribute('loading', 'eager');
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect
      .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.avif$/);

    const portrait = page.getByRole('img', { name: text.founderPortrait });
    await expect(portrait).toHaveAttribute('loading', 'lazy');
    // The other hero images are lazy, and fetched one slide ahead once the page has loaded, not
    // all at once: the first slide's and the second's only.
    const heroImages = heroCarousel(page).locator('img');
    await expect(heroImages).toHaveCount(7);
    await expect(heroImages.nth(1)).toHaveAttribute('loading', 'lazy');
    await expect
      .poll(() => requested.filter((url) => /\/assets\/hero-bartender-/.test(url)).length)
      .toBe(1);
    expect(requested.filter((url) => /\/assets\/hero-/.test(url))).toHaveLength(2);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.home.heading);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);

    const sections = [
      ['about', /since 2014/],
      ['services', /every role/],
      ['references', /Trusted across/],
      ['venues', /Venues across the DMV/],
      ['clients', /caterers and venues/],
    ] as const;
    for (const [id, title] of sections) {
      const section = page.locator(`section#${id}`);
      await expect(section).toHaveCount(1);
      await expect(section.getByRole('heading', { level: 2 })).toHaveText(title);
      await expect(page.getByRole('region', { name: title })).toHaveAttribute('id', id);
    }

    const heroRegion = page.getByRole('region', { name: pages.home.heading });
    for (const stat of [claims.stats.events, claims.stats.staff, claims.stats.years]) {
      await expect(heroRegion.getByText(stat.value, { exact: true })).toBeVisible();
      await expect(heroRegion.getByText(stat.label, { exact: true })).toBeVisible();
    }

    const aboutSection = page.locator('#about');
    await expect(aboutSection.getByRole('heading', { name: 'Our Mission' })).toBeVisible();
    for (const value of ['Professionalism', 'Passion for Service', 'Teamwork']) {
      await expect(aboutSection.getByRole('heading', { name: value })).toBeVisible();
    }
    const founder = aboutSection.getByRole('article', { name: text.founderTitle });
    await expect(founder).toContainText(text.founderName);
    await expect(founder).toContainText('TIPS');
    await expect(founder).toContainText('ServSafe');

    const servicesSection = page.locator('#services');
    await expect(servicesSection.getByRole('heading', { level: 3 })).toHaveText([
      'Servers & Waitstaff',
      'Bartenders & Mixologists',
      'Event Captains & Supervisors',
      'Chefs & Kitchen Staff',
    ]);
    await expect(servicesSection.getByText('TIPS 360 certified')).toBeVisible();

    const referencesSection = page.locator('#references');
    for (const category of [
      'Fortune 500',
      'Government institutions',
      'Non-profits',
      'VIP private clients',
    ]) {
      const list = referencesSection.getByRole('list', { name: category, exact: true });
      await expect(list.getByRole('listitem')).toHaveCount(4);
    }

    const venuesSection = page.locator('#venues');
    for (const [area, highlight] of [
      ['Washington, D.C.', 'Georgetown'],
      ['Northern Virginia', 'Tysons'],
      ['Maryland', 'Bethesda'],
    ]) {
      await expect(venuesSection.getByRole('list', { name: area })).toContainText(
        highlight as string,
      );
    }
    await expect(venuesSection.getByRole('heading', { name: 'Events we staff' })).toBeVisible();
    for (const stat of Object.values(claims.coverage)) {
      await expect(venuesSection.getByText(stat.label, { exact: true })).toBeVisible();
    }
    for (const name of ['Security clearance', 'VIP protocol', 'Exclusive venues']) {
      await expect(venuesSection.getByRole('heading', { name })).toBeVisible();
    }

    await expect(page.locator('#clients').getByRole('listitem')).toHaveCount(6);

    const external = requested.filter(
      (url) => !url.startsWith(baseURL) && !url.startsWith('data:'),
    );
    expect(external).toEqual([]);
  });

  test('the main nav scrolls to About, Services and References, and every link goes where it should', async ({
    page,
  }) => {
    await openRoute(page, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, id] of [
      ['About Us', 'about'],
      ['Services', 'services'],
      ['References', 'references'],
    ]) {
      await nav.getByRole('link', { name: label }).click();
      const section = page.locator(`#${id}`);
      await expect(section).toBeFocused();
      // The smooth scroll ends with the section's top just under the sticky header (the page's
      // scroll padding plus the section's scroll margin).
      await expect
        .poll(() =>
          section.evaluate((element) => {
            const offset =
              (parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0) +
              (parseFloat(getComputedStyle(element).scrollMarginTop) || 0);
            return Math.abs(element.getBoundingClientRect().top - offset);
          }),
        )
        .toBeLessThan(2);
      await expect(page).toHaveURL(/#\/$/);
    }

    const heroRegion = page.getByRole('region', { name: pages.home.heading });
    const whatsapp = heroRegion.getByRole('link', { name: /WhatsApp/ });
    await expect(whatsapp).toHaveAttribute('href', company.whatsappUrl);
    await expect(whatsapp).toHaveAttribute('target', '_blank');

    const quoteLinks = page.locator('#services').getByRole('link', { name: /^Request a Quote/ });
    await expect(quoteLinks).toHaveCount(4);
    for (const link of await quoteLinks.all()) {
      await expect(link).toHaveAttribute('href', '#/request-service');
    }
    const venuesSection = page.locator('#venues');
    await expect(venuesSection.getByRole('link', { name: 'Inquire About Venue' })).toHaveAttribute(
      'href',
      '#/request-service',
    );
    await expect(venuesSection.getByRole('link', { name: /^Call Now/ })).toHaveAttribute(
      'href',
      `tel:${company.phones.direct.e164}`,
    );

    await heroRegion.getByRole('link', { name: 'Request Service' }).click();
    await expect(page).toHaveURL(/#\/request-service$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.quote.heading);

    await page.goBack();
    await page
      .locator('#services')
      .getByRole('link', { name: /^Request a Quote/ })
      .first()
      .click();
    await expect(page).toHaveURL(/#\/request-service$/);
  });
});

test.describe('hero carousel', () => {
  test('advances every 4000 ms through 7 slides and wraps around; pauses while the pointer is over the images', async ({
    page,
  }) => {
    await openWithFrozenClock(page);
    const carousel = heroCarousel(page);
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    await expect(carousel.getByRole('group', { includeHidden: true })).toHaveCount(7);
    await expectSlide(carousel, 1, 7);
    await expect(shownSlide(carousel).getByRole('img')).toHaveAccessibleName(text.firstSlide);

    await page.clock.runFor(3999);
    await expectSlide(carousel, 1, 7);
    await page.clock.runFor(1);
    await expectSlide(carousel, 2, 7);
    await expect(shownSlide(carousel).getByRole('img')).toHaveAccessibleName(text.secondSlide);
    await expect(shownSlide(carousel).getByRole('img')).toBeVisible();

    // React arms the next timer after it renders, so time moves one slide at a time.
    for (const position of [3, 4, 5, 6, 7, 1]) {
      await page.clock.runFor(4000);
      await expectSlide(carousel, position, 7);
    }

    // It stands still while the pointer is over the images.
    const box = await carousel.boundingBox();
    if (!box) throw new Error('the hero carousel has no box');
    await page.mouse.move(box.x + box.width - 60, box.y + box.height / 3);
    await page.clock.runFor(12_000);
    await expectSlide(carousel, 1, 7);
    await movePointerAway(page);
    await page.clock.runFor(4000);
    await expectSlide(carousel, 2, 7);
  });

  test('dots jump to a slide, mark it current and restart the interval', async ({ page }) => {
    await openWithFrozenClock(page);
    const carousel = heroCarousel(page);
    const dots = carousel.getByRole('button', { name: /^Show slide \d$/ });
    await expect(dots).toHaveCount(7);
    for (const dot of await dots.all()) {
      const box = await dot.boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(24);
      expect(box?.height).toBeGreaterThanOrEqual(24);
    }
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');

    await page.clock.runFor(3000);
    await carousel.getByRole('button', { name: 'Show slide 5' }).click();
    await movePointerAway(page);
    await expectSlide(carousel, 5, 7);
    await expect(dots.nth(4)).toHaveAttribute('aria-current', 'true');
    await expect(dots.nth(0)).not.toHaveAttribute('aria-current', 'true');

    await page.clock.runFor(3999);
    await expectSlide(carousel, 5, 7);
    await page.clock.runFor(1);
    await expectSlide(carousel, 6, 7);
  });

  test('the pause button stops the rotation and makes the slides a polite live region', async ({
    page,
  }) => {
    await openWithFrozenClock(page);
    const carousel = heroCarousel(page);
    const live = carousel.locator('[aria-live]');
    await expect(live).toHaveAttribute('aria-live', 'off');

    await carousel.getByRole('button', { name: text.pause }).click();
    await movePointerAway(page);
    await expect(live).toHaveAttribute('aria-live', 'polite');
    await page.clock.runFor(20_000);
    await expectSlide(carousel, 1, 7);

    await carousel.getByRole('button', { name: text.play }).click();
    await movePointerAway(page);
    await expect(live).toHaveAttribute('aria-live', 'off');
    await page.clock.runFor(4000);
    await expectSlide(carousel, 2, 7);

    // The testimonials have a pause button of their own (the paused page is scanned by axe in the
    // reduced-motion test below: the same state).
    const testimonials = testimonialCarousel(page);
    await testimonials.getByRole('button', { name: text.pause }).click();
    await expect(testimonials.getByRole('button', { name: text.play })).toBeVisible();
    await expect(testimonials.locator('[aria-live]')).toHaveAttribute('aria-live', 'polite');
  });

  test('keyboard: the pause button comes first, then the dots; focus inside pauses', async ({
    page,
  }) => {
    await openWithFrozenClock(page);
    const carousel = heroCarousel(page);
    await page.getByRole('link', { name: /WhatsApp/ }).focus();
    await page.keyboard.press('Tab');
    await expect(carousel.getByRole('button', { name: text.pause })).toBeFocused();
    for (let n = 1; n <= 7; n += 1) {
      await page.keyboard.press('Tab');
      await expect(carousel.getByRole('button', { name: `Show slide ${n}` })).toBeFocused();
    }
    await expect(carousel.locator('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    await page.clock.runFor(12_000);
    await expectSlide(carousel, 1, 7);

    await page.keyboard.press('Enter');
    await expectSlide(carousel, 7, 7);
    // Hidden slides hold nothing focusable: the next stop is past the carousel.
    await page.keyboard.press('Tab');
    await expect(carousel.locator(':focus')).toHaveCount(0);
    await page.clock.runFor(4000);
    await expectSlide(carousel, 1, 7);
  });
});

test.describe('testimonial carousel', () => {
  test('advances every 5000 ms; previous and next wrap around; ratings are read out; keyboard order: pause, previous, dots, next', async ({
    page,
  }) => {
    await openWithFrozenClock(page);
    const carousel = testimonialCarousel(page);
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel.getByRole('group', { includeHidden: true })).toHaveCount(4);
    await expectSlide(carousel, 1, 4);
    await expect(shownSlide(carousel)).toContainText('Catherine Brooks');
    await expect(shownSlide(carousel).getByRole('img')).toHaveAccessibleName('Rated 5 out of 5');

    await page.clock.runFor(4999);
    await expectSlide(carousel, 1, 4);
    await page.clock.runFor(1);
    await expectSlide(carousel, 2, 4);
    await expect(shownSlide(carousel)).toContainText('James Whitfield');

    await carousel.getByRole('button', { name: 'Previous testimonial' }).click();
    await expectSlide(carousel, 1, 4);
    await carousel.getByRole('button', { name: 'Previous testimonial' }).click();
    await expectSlide(carousel, 4, 4);
    await carousel.getByRole('button', { name: 'Next testimonial' }).click();
    await expectSlide(carousel, 1, 4);
    await carousel.getByRole('button', { name: 'Show slide 3' }).click();
    await expectSlide(carousel, 3, 4);
    await expect(carousel.getByRole('button', { name: 'Show slide 3' })).toHaveAttribute(
      'aria-current',
      'true',
    );

    await movePointerAway(page);
    await page.clock.runFor(5000);
    await expectSlide(carousel, 4, 4);
    await page.clock.runFor(5000);
    await expectSlide(carousel, 1, 4);

    // Keyboard order: pause, previous, dots, next.
    await carousel.getByRole('button', { name: text.pause }).focus();
    const order = [
      'Previous testimonial',
      'Show slide 1',
      'Show slide 2',
      'Show slide 3',
      'Show slide 4',
      'Next testimonial',
    ];
    for (const name of order) {
      await page.keyboard.press('Tab');
      await expect(carousel.getByRole('button', { name })).toBeFocused();
    }
    await page.keyboard.press('Tab');
    await expect(carousel.locator(':focus')).toHaveCount(0);
  });
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('neither carousel rotates by itself, and the page has no axe violations', async ({
    page,
  }) => {
    await openWithFrozenClock(page);
    for (const [carousel, total] of [
      [heroCarousel(page), 7],
      [testimonialCarousel(page), 4],
    ] as const) {
      await expect(carousel.getByRole('button', { name: text.play })).toBeVisible();
      await expect(carousel.locator('[aria-live]')).toHaveAttribute('aria-live', 'polite');
      await page.clock.runFor(30_000);
      await expectSlide(carousel, 1, total);
    }
    // axe waits on timers of its own.
    await page.clock.resume();
    await expectNoAxeViolations(page);
  });
});
