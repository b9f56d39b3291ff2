import { expect, test, type Page } from '@playwright/test';
import { experienceOptions, applicationFormContent } from '../src/content/application-form';
import { quoteServiceOptions, quoteFormContent } from '../src/content/quote-form';
import { pagesContent } from '../src/content/site';
import { throttleLikeAPhone } from '../scripts/bench/tap-latency.mjs';
import { expectAppReady, openRoute } from './fixtures';
import { interceptForm, isoDateFromToday } from './form-helpers';
import { NOTHING_PUBLISHED } from '../src/content/published';

const { applicationForm } = applicationFormContent(NOTHING_PUBLISHED);
const { quoteForm } = quoteFormContent(NOTHING_PUBLISHED);
const { pages } = pagesContent(NOTHING_PUBLISHED);

/**
 * Nothing painted is dead: what the prerendered HTML shows works from the moment it is painted,
 * before any script file arrives, and the phone menu and section links without JavaScript at all.
 */

const spanishAbout = 'Profesionales de la hospitalidad';

/** The app's code (React, the router, the pages): every script file but the page's first script. */
const APP_FILES = /\/assets\/(?!enhance-)[\w-]+\.js$/;

/**
 * Holds back every script file the page asks for (or those `files` matches) until released; the
 * inline script in the head still runs. Held back whole, the page's own first script is one of
 * them, so the document never finishes loading: wait for what it shows, not its load events.
 */
async function holdBackScriptFiles(page: Page, files = /\.js(\?|$)/) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(files, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The section's top is just under the sticky header (the page's scroll padding). */
async function expectAtTop(page: Page, id: string) {
  await expect
    .poll(() =>
      page.locator(`#${id}`).evaluate((element) => {
        const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop);
        return Math.abs(element.getBoundingClientRect().top - (padding || 0));
      }),
    )
    .toBeLessThan(2);
}

/** One tap on the menu, one on its About link: the section comes to the top. */
async function tapMenuThenAbout(page: Page, menuName: string, aboutName: string) {
  const toggle = page.getByRole('button', { name: menuName });
  const menu = page.getByTestId('mobile-menu');
  await expect(menu).toBeHidden();
  await toggle.tap();
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: aboutName }).tap();
  await expectAtTop(page, 'about');
}

const documents = [
  { path: '/', menu: 'Menu', about: 'About Us', aboutHeading: /since 2014/ },
  { path: '/es/', menu: 'Menú', about: 'Nosotros', aboutHeading: new RegExp(spanishAbout) },
];

test.describe('at 390 px, before any script file', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  for (const document of documents) {
    test(`${document.path}: the menu opens with one tap and its About link brings the section to the top; once the page's script runs, the menu also closes after a choice`, async ({
      page,
    }) => {
      const release = await holdBackScriptFiles(page);
      await page.goto(document.path, { waitUntil: 'commit' });
      await tapMenuThenAbout(page, document.menu, document.about);

      release();
      await expectAppReady(page);
      const menu = page.getByTestId('mobile-menu');
      if (await menu.isVisible()) await page.getByRole('button', { name: document.menu }).tap();
      await tapMenuThenAbout(page, document.menu, document.about);
      await expect(menu).toBeHidden();
      await expect(page.locator('#about')).toBeFocused();
    });
  }

  test('the carousels show no button until it works; a tap on a page in the menu is not lost', async ({
    page,
  }) => {
    const release = await holdBackScriptFiles(page);
    await page.goto('/', { waitUntil: 'commit' });
    const hero = page.getByRole('region', { name: 'Our events' });
    await expect(hero.getByRole('group')).toHaveAccessibleName('1 of 7');
    await expect(hero.getByRole('button', { name: 'Show slide 3' })).toBeHidden();
    await expect(hero.getByRole('button', { name: 'Pause automatic slide show' })).toBeHidden();

    await page.getByRole('button', { name: 'Menu' }).tap();
    await page.getByTestId('mobile-menu').getByRole('link', { name: 'Our Team' }).tap();
    release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.team.heading);
    await expect(page).toHaveTitle(new RegExp(`^${pages.team.title} \\|`));
  });
});

test.describe("at 390 px, with the page's first script but not React", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  /** Holds back the app's code, React and the router (the page's first script runs). */
  async function holdBackApp(page: Page) {
    await page.route(APP_FILES, () => {});
  }

  test('the carousels move and pause', async ({ page }) => {
    await holdBackApp(page);
    await page.goto('/');
    await expectAppReady(page);
    const hero = page.getByRole('region', { name: 'Our events' });
    await hero.getByRole('button', { name: 'Show slide 3' }).tap();
    await expect(hero.getByRole('group')).toHaveAccessibleName('3 of 7');
    await hero.getByRole('button', { name: 'Pause automatic slide show' }).tap();
    await expect(hero.getByRole('button', { name: 'Start automatic slide show' })).toBeVisible();
  });

  test('React taking over a page shown from its HTML leaves focus where the visitor put it', async ({
    page,
  }) => {
    const release = await holdBackScriptFiles(page, APP_FILES);
    await page.goto('/');
    await expectAppReady(page);
    const toggle = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByTestId('mobile-menu');
    await toggle.tap();
    await menu.getByRole('link', { name: 'Contact' }).tap();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.contact.heading);
    await toggle.tap();
    await expect(menu).toBeVisible();
    await expect(toggle).toBeFocused();
    release();
    // React has the page once the mark of its prerendered HTML is gone (main.tsx).
    await expect(page.locator('#root')).not.toHaveAttribute('data-page');
    await expect(menu).toBeVisible();
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test('a link to a page other than home paints that page from its own HTML', async ({ page }) => {
    await holdBackApp(page);
    await page.goto('/#/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.contact.heading);
    await expect(page.getByTestId('business-hours')).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${pages.contact.title} \\|`));
    await expectAppReady(page);
  });
});

test.describe('at 390 px, with JavaScript turned off', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, javaScriptEnabled: false });

  for (const document of documents) {
    test(`${document.path}: the menu opens with one tap and its About link brings the section to the top`, async ({
      page,
    }) => {
      await page.goto(document.path);
      await tapMenuThenAbout(page, document.menu, document.about);
      await expect(
        page.getByRole('heading', { level: 2, name: document.aboutHeading }),
      ).toBeVisible();
    });
  }
});

test.describe('on a slow phone (slow 4G, CPU 4× slower)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
  test.setTimeout(60_000);

  test('a tap on the menu as soon as it shows opens it; a tap on Our Team as soon as it shows opens that page', async ({
    page,
  }) => {
    await throttleLikeAPhone(page);
    await page.goto('/?slow', { waitUntil: 'commit' });
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.waitFor({ state: 'visible', timeout: 20_000 });
    await toggle.tap();
    const menu = page.getByTestId('mobile-menu');
    await expect(menu).toBeVisible({ timeout: 1000 });
    const team = menu.getByRole('link', { name: 'Our Team' });
    await team.waitFor({ state: 'visible' });
    await team.tap();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.team.heading, {
      timeout: 20_000,
    });
    await expect(page.getByRole('heading', { name: pages.home.heading })).toHaveCount(0);
  });
});

test.describe('a form from its first paint, on a slow phone (slow 4G, CPU 4× slower)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
  test.setTimeout(90_000);

  test('what is typed and ticked before the app arrives stays, with the cursor and focus, and is sent', async ({
    page,
  }) => {
    const requests = await interceptForm(page, '/api/forms/quote');
    const appFiles: string[] = [];
    page.on('request', (request) => {
      if (APP_FILES.test(new URL(request.url()).pathname)) appFiles.push(request.url());
    });
    await throttleLikeAPhone(page);
    await page.goto('/#/request-service', { waitUntil: 'commit' });
    const name = page.getByLabel(quoteForm.fields.clientName.label);
    await name.waitFor({ state: 'visible', timeout: 30_000 });
    // Nothing of the app has been asked for: the form is the HTML's.
    expect(appFiles).toEqual([]);
    await expect(page.locator('form#quote')).not.toHaveAttribute('data-app', 'ready');
    await name.tap();
    // Typed key by key while the app's code arrives and React takes the form over.
    await name.pressSequentially('Jordan Rivera of Rivera Events', { delay: 60 });
    await expect(page.locator('form#quote')).toHaveAttribute('data-app', 'ready', {
      timeout: 30_000,
    });
    await name.pressSequentially(', DC', { delay: 20 });
    await expect(name).toHaveValue('Jordan Rivera of Rivera Events, DC');
    await expect(name).toBeFocused();
    expect(await name.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(34);
    expect(appFiles.length).toBeGreaterThan(0);

    const { fields } = quoteForm;
    await page.getByLabel(fields.phone.label).fill('(202) 555-0134');
    await page.getByLabel(fields.email.label).fill('jordan@example.org');
    await page.getByLabel(fields.eventDate.label).fill(isoDateFromToday(30));
    await page.getByLabel(fields.guestCount.label).fill('120');
    await page.getByLabel(fields.address.label).fill('1300 Pennsylvania Ave NW, Washington, DC');
    await page.getByRole('checkbox', { name: quoteServiceOptions[0]?.label ?? '' }).check();
    await page.getByRole('button', { name: quoteForm.submit }).click();
    await expect(page.getByRole('heading', { name: quoteForm.confirmation.heading })).toBeVisible({
      timeout: 30_000,
    });
    expect(requests[0]?.postDataJSON()).toMatchObject({
      clientName: 'Jordan Rivera of Rivera Events, DC',
    });
  });

  test('a box ticked and a choice made before the app arrives stay once it runs the form', async ({
    page,
  }) => {
    await throttleLikeAPhone(page);
    await page.goto('/#/join-our-team', { waitUntil: 'commit' });
    const yes = page
      .getByRole('group', { name: applicationForm.fields.hasExperience.legend })
      .getByLabel(experienceOptions.find((option) => option.value === 'yes')?.label ?? '');
    await yes.waitFor({ state: 'visible', timeout: 30_000 });
    await yes.check();
    const years = page.getByLabel(new RegExp(`^${applicationForm.fields.yearsExperience.label}`));
    // Shown by CSS while yes is chosen, before any script of the app.
    await expect(years).toBeVisible();
    await years.selectOption('3-5');
    await expect(page.locator('form#application')).toHaveAttribute('data-app', 'ready', {
      timeout: 30_000,
    });
    await expect(yes).toBeChecked();
    await expect(years).toHaveValue('3-5');
  });
});

test.describe("a form before the app's code arrives", () => {
  test('what is typed is kept as the draft: the language switch and a reload lose nothing', async ({
    page,
  }) => {
    const release = await holdBackScriptFiles(page, APP_FILES);
    await page.goto('/#/request-service');
    await expectAppReady(page);
    const name = page.locator('#quote-clientName');
    await name.fill('Jordan Rivera');
    await page.locator(`input[name="services"][value="${quoteServiceOptions[1]?.value}"]`).check();
    // The app never ran here: its code is held back.
    await expect(page.locator('form#quote')).not.toHaveAttribute('data-app', 'ready');
    await page
      .getByRole('navigation', { name: 'Language' })
      .getByRole('link', { name: 'Español' })
      .click();
    await expect(page).toHaveURL(/\/es\/#\/request-service$/);
    release();
    await expect(page.locator('form#quote')).toHaveAttribute('data-app', 'ready');
    await expect(page.locator('#quote-clientName')).toHaveValue('Jordan Rivera');
    await expect(
      page.locator(`input[name="services"][value="${quoteServiceOptions[1]?.value}"]`),
    ).toBeChecked();
  });

  test('React takes the form over where the visitor has scrolled it: the page does not jump', async ({
    page,
  }) => {
    const release = await holdBackScriptFiles(page, APP_FILES);
    await page.goto('/#/request-service');
    await expectAppReady(page);
    const first = page.locator(`input[name="services"][value="${quoteServiceOptions[0]?.value}"]`);
    const second = page.locator(`input[name="services"][value="${quoteServiceOptions[1]?.value}"]`);
    // The tick is the form's first use: it asks for the app, which arrives once released.
    await first.check();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(200);
    release();
    await expect(page.locator('form#quote')).toHaveAttribute('data-app', 'ready');
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await expect(first).toBeChecked();
    await second.check();
    await expect(second).toBeChecked();
  });
});

test.describe("a page's own document, with JavaScript", () => {
  test('opens at the hash address the links use, and its links are hash routes', async ({
    page,
  }) => {
    await page.goto('/request-service/');
    await expect(page).toHaveURL(/\/#\/request-service$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.quote.heading);
    await expectAppReady(page);
    const main = page.getByRole('navigation', { name: 'Main' });
    await expect(main.getByRole('link', { name: 'Our Team' })).toHaveAttribute('href', '#/team');
    await main.getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/#\/contact$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.contact.heading);
  });

  test('a campaign tag in its address (a flyer) starts no React before the form is used', async ({
    page,
  }) => {
    const appFiles: string[] = [];
    page.on('request', (request) => {
      if (APP_FILES.test(request.url())) appFiles.push(request.url());
    });
    await page.goto('/request-service/?utm_source=flyer');
    await expect(page).toHaveURL(/\/#\/request-service\?utm_source=flyer$/);
    await expectAppReady(page);
    await page.waitForLoadState('networkidle');
    expect(appFiles).toEqual([]);
    await page.locator('form#quote').hover();
    await expect(page.locator('form#quote')).toHaveAttribute('data-app', 'ready');
  });
});

test.describe('React takes over when it is needed', () => {
  test("a form page starts React on the visitor's first use; its form keeps what is typed", async ({
    page,
  }) => {
    await openRoute(page, '/join-our-team');
    const name = page.getByLabel(applicationForm.fields.fullName.label);
    await name.fill('Ana Torres');
    await expect(name).toHaveValue('Ana Torres');
  });

  test('a section link on a prerendered page goes home and scrolls there, as it does with React', async ({
    page,
  }) => {
    await openRoute(page, '/team');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'References' })
      .click();
    await expect(page).toHaveURL(/#\/$/);
    await expect(page.locator('#references')).toBeInViewport();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.home.heading);
  });

  test("a section link on a page React shows waits for the home page's code, then scrolls there", async ({
    page,
  }) => {
    // React starts on the first move, from the prerendered home page.
    await openRoute(page, '/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Contact' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.contact.heading);
    // The home page's code arrives well after the scroll's usual wait (SPEC 9: 100 ms).
    await page.route('**/assets/home-page-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'About Us' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.home.heading);
    await expectAtTop(page, 'about');
  });

  test('the home page React renders runs the same carousels', async ({ page }) => {
    await openRoute(page, '/team');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Home', exact: true })
      .click();
    const hero = page.getByRole('region', { name: 'Our events' });
    await hero.getByRole('button', { name: 'Show slide 4' }).click();
    await expect(hero.getByRole('group')).toHaveAccessibleName('4 of 7');
    await hero.getByRole('button', { name: 'Pause automatic slide show' }).click();
    await expect(hero.getByRole('button', { name: 'Start automatic slide show' })).toBeVisible();
  });
});
