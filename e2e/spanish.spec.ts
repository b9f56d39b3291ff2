import { expect, test, type Page, type Request } from '@playwright/test';
import { companyContent as esCompanyContent } from '../src/content/es/company';
import { language } from '../src/content/es/language';
import { pagesContent as esPagesContent } from '../src/content/es/site';
import { applicationFormContent as esApplicationFormContent } from '../src/content/es/application-form';
import { formsContent as esFormsContent } from '../src/content/es/forms';
import { quoteFormContent as esQuoteFormContent } from '../src/content/es/quote-form';
import { pagesContent } from '../src/content/site';
import { spanishOffer } from '../src/content/spanish-offer';
import { englishWords, spanishWords, untranslated } from './dictionary';
import { expectAppReady, expectNoAxeViolations, expectNoHorizontalScroll } from './fixtures';
import { interceptForm, isoDateFromToday, recordDialogs, sentFields } from './form-helpers';
import { NOTHING_PUBLISHED } from '../src/content/published';

const { company } = esCompanyContent(NOTHING_PUBLISHED);
const { pages } = esPagesContent(NOTHING_PUBLISHED);
const { applicationForm, applicationMessages } = esApplicationFormContent(NOTHING_PUBLISHED);
const { formText } = esFormsContent(NOTHING_PUBLISHED);
const { quoteForm, quoteMessages } = esQuoteFormContent(NOTHING_PUBLISHED);
const { pages: englishPages } = pagesContent(NOTHING_PUBLISHED);

/** Opens a hash route of the Spanish document and waits for its h1 and for the app. */
async function openSpanish(page: Page, path: string) {
  await page.goto(`/es/#${path}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAppReady(page);
}

/**
 * Every text a visitor can see or hear on the page: text nodes, and the names and descriptions in
 * attributes (aria-label, alt, title, placeholder, aria-roledescription). Text inside an element
 * that says it is in another language (`lang="en"`: the switch's 'English') is left out.
 */
async function textsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const inOtherLanguage = (element: Element | null) =>
      Boolean(element?.closest('[lang]:not([lang="es"])'));
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript') || inOtherLanguage(parent)) continue;
      texts.push(node.textContent ?? '');
    }
    const attributes = ['aria-label', 'alt', 'title', 'placeholder', 'aria-roledescription'];
    for (const element of document.body.querySelectorAll('*')) {
      if (inOtherLanguage(element)) continue;
      for (const name of attributes) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    texts.push(document.title);
    return texts.map((text) => text.replace(/\s+/g, ' ').trim()).filter(Boolean);
  });
}

/** English strings of the dictionary found on the page: a whole text, or a sentence inside one. */
async function englishLeft(page: Page): Promise<string[]> {
  const texts = await textsOf(page);
  const whole = new Set(texts);
  const joined = texts.join('\n');
  return englishWords.filter(
    (english) => whole.has(english) || (english.split(' ').length >= 3 && joined.includes(english)),
  );
}

async function expectSpanishOnly(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  expect(await englishLeft(page)).toEqual([]);
}

const routes = [
  { path: '/', title: pages.home.title },
  { path: '/about', title: pages.home.title },
  { path: '/services', title: pages.home.title },
  { path: '/references', title: pages.home.title },
  { path: '/team', title: pages.team.title },
  { path: '/contact', title: pages.contact.title },
  { path: '/request-service', title: pages.quote.title },
  { path: '/solicitar-servicio', title: pages.quote.title },
  { path: '/join-our-team', title: pages.application.title },
  { path: '/trabajar-con-nosotros', title: pages.application.title },
  { path: '/privacy', title: pages.privacy.title },
  { path: '/privacidad', title: pages.privacy.title },
  { path: '/no-existe', title: pages.notFound.title },
];
/** One route per distinct page: the ones axe scans (the aliases and sections show the same). */
const scanned = new Set([
  '/',
  '/team',
  '/contact',
  '/request-service',
  '/join-our-team',
  '/privacy',
  '/no-existe',
]);

test('the dictionaries: every English string has its Spanish one (only facts are the same)', () => {
  expect(untranslated).toEqual([]);
  expect(englishWords.length).toBeGreaterThan(300);
});

for (const width of [390, 1280]) {
  test.describe(`the Spanish site at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 844 : 900 } });

    test('every route: lang="es", a Spanish title, no English left, no axe violation', async ({
      page,
    }) => {
      // Eleven routes, six of them scanned by axe, in one page: more than 30 s on a busy runner.
      test.slow();
      for (const route of routes) {
        await openSpanish(page, route.path);
        await expect(page).toHaveTitle(`${route.title} | ${company.name}`);
        await expectSpanishOnly(page);
        await expectNoHorizontalScroll(page);
        if (scanned.has(route.path)) await expectNoAxeViolations(page);
      }
    });
  });
}

test('the menu, the carousels and the forms in their other states are Spanish too', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSpanish(page, '/');
  await page.getByRole('button', { name: /menú/i }).click();
  await expectSpanishOnly(page);
  await expectNoAxeViolations(page);

  await openSpanish(page, '/solicitar-servicio');
  await page.getByRole('button', { name: quoteForm.submit }).click();
  await expect(page.getByTestId('error-summary')).toBeVisible();
  await expectSpanishOnly(page);

  await openSpanish(page, '/trabajar-con-nosotros');
  await page.locator('input[name="hasExperience"][value="yes"]').check();
  await page.getByRole('button', { name: applicationForm.submit }).click();
  await expect(page.getByTestId('error-summary')).toBeVisible();
  await expectSpanishOnly(page);
  await expectNoAxeViolations(page);
});

const eventDate = isoDateFromToday(30);

async function fillQuote(page: Page) {
  await page.locator('#quote-clientName').fill('Jordan Rivera');
  await page.locator('#quote-phone').fill('(202) 555-0134');
  await page.locator('#quote-email').fill('jordan@example.org');
  await page.locator('#quote-eventDate').fill(eventDate);
  await page.locator('#quote-guestCount').fill('120');
  await page.locator('#quote-address').fill('1300 Pennsylvania Ave NW, Washington, DC');
  await page.locator('input[name="services"][value="Servers & Waitstaff"]').check();
  await page.locator('input[name="services"][value="Other (Please specify below)"]').check();
  await page.locator('#quote-additionalInfo').fill('Gala de gala, 6 PM.');
}

async function fillApplication(page: Page) {
  await page.locator('#application-fullName').fill('Camila Torres');
  await page.locator('#application-phone').fill('(571) 555-0199');
  await page.locator('#application-email').fill('camila@example.org');
  await page.locator('#application-address').fill('2100 Clarendon Blvd, Arlington, VA 22201');
  await page.locator('#application-dateOfBirth').fill('1990-05-01');
  const choose = (name: string, value: string) =>
    page.locator(`input[name="${name}"][value="${value}"]`).check();
  await choose('positionInterest', 'Bartender');
  await choose('positionInterest', 'Protocol Assistant');
  await choose('hasExperience', 'yes');
  await page.locator('#application-yearsExperience').selectOption('3-5');
  await choose('availability', 'Saturday');
  await choose('shiftPreference', 'mañana');
  await choose('skills', 'Teamwork');
  await choose('languages', 'Spanish');
  await choose('languages', 'English');
}

/** Sends a filled form from `document` ('' or '/es') and gives the request the receiver got. */
async function sendFrom(
  page: Page,
  document: string,
  form: { path: string; endpoint: string; fill: (page: Page) => Promise<void>; submit: RegExp },
): Promise<Request> {
  const requests = await interceptForm(page, form.endpoint);
  await page.goto(`${document}/#${form.path}`);
  await expectAppReady(page);
  await form.fill(page);
  await page.getByRole('button', { name: form.submit }).click();
  await expect.poll(() => requests.length).toBe(1);
  await page.unroute(`**${form.endpoint}`);
  const [request] = requests;
  if (!request) throw new Error('nothing was sent');
  return request;
}

test.describe('the forms in Spanish', () => {
  test('quote: Spanish messages, the body the English page sends, a Spanish confirmation and alert', async ({
    page,
  }) => {
    await openSpanish(page, '/solicitar-servicio');
    await page.getByRole('button', { name: quoteForm.submit }).click();
    const messages: [string, string][] = [
      ['clientName', quoteMessages.clientName],
      ['phone', quoteMessages.phone],
      ['email', quoteMessages.email],
      ['eventDate', quoteMessages.eventDate],
      ['guestCount', quoteMessages.guestCount],
      ['address', quoteMessages.address],
      ['services', quoteMessages.services],
    ];
    for (const [name, message] of messages) {
      await expect(page.locator(`#quote-${name}-error`)).toHaveText(
        `${formText.errorPrefix} ${message}`,
      );
    }
    await expect(page.getByTestId('error-summary')).toContainText(formText.errorSummaryTitle);

    const form = {
      path: '/request-service',
      endpoint: '/api/forms/quote',
      fill: fillQuote,
      submit: new RegExp(`^(${quoteForm.submit}|Request Quote)$`),
    };
    const english = await sendFrom(page, '', form);
    const spanish = await sendFrom(page, '/es', form);
    expect(sentFields(spanish)).toEqual(sentFields(english));
    expect(Object.keys(sentFields(spanish))).toHaveLength(8);
    expect(spanish.headers()['content-language']).toBe('es');
    expect(english.headers()['content-language']).toBe('en');
    await expect(page.getByRole('heading', { name: quoteForm.confirmation.heading })).toBeVisible();
    await expect(page.getByText(quoteForm.confirmation.message)).toBeVisible();

    const dialogs = recordDialogs(page);
    await interceptForm(page, '/api/forms/quote', 500);
    await openSpanish(page, '/solicitar-servicio');
    await fillQuote(page);
    await page.getByRole('button', { name: quoteForm.submit }).click();
    await expect.poll(() => dialogs).toEqual([quoteForm.sendError]);
    await expect(page.locator('#quote-clientName')).toHaveValue('Jordan Rivera');
  });

  test('application: Spanish messages, the same body plus the page language, a Spanish confirmation and failure', async ({
    page,
  }) => {
    await openSpanish(page, '/trabajar-con-nosotros');
    await page.getByRole('button', { name: applicationForm.submit }).click();
    for (const name of ['fullName', 'phone', 'email', 'address', 'dateOfBirth'] as const) {
      await expect(page.locator(`#application-${name}-error`)).toHaveText(
        `${formText.errorPrefix} ${applicationMessages[name]}`,
      );
    }
    await expect(page.locator('#application-languages-error')).toHaveText(
      `${formText.errorPrefix} ${applicationMessages.languages}`,
    );

    const form = {
      path: '/join-our-team',
      endpoint: '/api/forms/application',
      fill: fillApplication,
      submit: new RegExp(`^(${applicationForm.submit}|Submit Application)$`),
    };
    const english = await sendFrom(page, '', form);
    const spanish = await sendFrom(page, '/es', form);
    expect(sentFields(spanish)).toEqual(sentFields(english));
    expect(spanish.headers()['content-language']).toBe('es');
    await expect(
      page.getByRole('heading', { name: applicationForm.confirmation.heading }),
    ).toBeVisible();
    for (const step of applicationForm.confirmation.nextSteps) {
      await expect(page.getByText(step.title)).toBeVisible();
    }

    await interceptForm(page, '/api/forms/application', 503);
    await openSpanish(page, '/trabajar-con-nosotros');
    await fillApplication(page);
    await page.getByRole('button', { name: applicationForm.submit }).click();
    await expect(page.getByRole('alert')).toContainText(applicationForm.sendError.title);
    await expect(page.locator('#application-fullName')).toHaveValue('Camila Torres');
  });
});

test.describe('the language switch', () => {
  test('keeps the route and what was typed, in both directions', async ({ page }) => {
    await page.goto('/#/request-service');
    await expectAppReady(page);
    await page.locator('#quote-clientName').fill('Jordan Rivera');
    await page.locator('input[name="services"][value="Bartenders & Mixologists"]').check();
    const switcher = page.getByRole('navigation', { name: 'Language' });
    await expect(switcher.getByRole('link', { name: 'English' })).toHaveAttribute('lang', 'en');
    await expect(switcher.getByRole('link', { name: 'English' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await switcher.getByRole('link', { name: 'Español' }).click();

    await expect(page).toHaveURL(/\/es\/#\/request-service$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.quote.heading);
    await expect(page.locator('#quote-clientName')).toHaveValue('Jordan Rivera');
    await expect(
      page.locator('input[name="services"][value="Bartenders & Mixologists"]'),
    ).toBeChecked();
    await page.locator('#quote-phone').fill('(202) 555-0134');
    const esSwitcher = page.getByRole('navigation', { name: language.switchLabel });
    await expect(esSwitcher.getByRole('link', { name: 'Español' })).toHaveAttribute('lang', 'es');
    await esSwitcher.getByRole('link', { name: 'English' }).click();

    await expect(page).toHaveURL(/\/#\/request-service$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(englishPages.quote.heading);
    await expect(page.locator('#quote-clientName')).toHaveValue('Jordan Rivera');
    await expect(page.locator('#quote-phone')).toHaveValue('(202) 555-0134');
  });

  test('follows the page: from /team to /es/#/team and from the Spanish home to /', async ({
    page,
  }) => {
    await page.goto('/#/team');
    await expectAppReady(page);
    await page.getByRole('link', { name: 'Español' }).click();
    await expect(page).toHaveURL(/\/es\/#\/team$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.team.heading);
    await page.goto('/es/');
    await expectAppReady(page);
    await expect(page.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/');
  });
});

test.describe('offering the Spanish site on the English one', () => {
  test('the application page has its line in Spanish, linking to the Spanish application', async ({
    page,
  }) => {
    await page.goto('/#/join-our-team');
    await expectAppReady(page);
    const link = page.getByRole('link', { name: spanishOffer.application.link });
    await expect(link).toHaveAttribute('href', '/es/#/join-our-team');
    await expect(page.locator('p[lang="es"]')).toContainText(spanishOffer.application.text);
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.application.heading);
  });

  test.describe('to a browser that prefers Spanish', () => {
    test.use({ locale: 'es-US' });

    test('a small offer, never a redirect; once dismissed it stays dismissed', async ({ page }) => {
      await page.goto('/#/team');
      await expectAppReady(page);
      await expect(page).toHaveURL(/\/#\/team$/);
      const offer = page.getByRole('complementary', { name: spanishOffer.banner.label });
      await expect(offer).toBeVisible();
      await expect(offer).toHaveAttribute('lang', 'es');
      await expect(offer.getByRole('link', { name: spanishOffer.banner.link })).toHaveAttribute(
        'href',
        '/es/#/team',
      );
      await expectNoAxeViolations(page);
      await offer.getByRole('button', { name: spanishOffer.banner.dismiss }).click();
      await expect(offer).toHaveCount(0);
      await page.reload();
      await expectAppReady(page);
      await page.goto('/#/contact');
      await expectAppReady(page);
      await expect(offer).toHaveCount(0);
    });

    test('the Spanish site offers nothing', async ({ page }) => {
      await openSpanish(page, '/team');
      await expect(
        page.getByRole('complementary', { name: spanishOffer.banner.label }),
      ).toHaveCount(0);
    });
  });

  test.describe('to a browser that prefers English', () => {
    test.use({ locale: 'en-US' });

    test('no offer', async ({ page }) => {
      await page.goto('/#/team');
      await expectAppReady(page);
      await expect(
        page.getByRole('complementary', { name: spanishOffer.banner.label }),
      ).toHaveCount(0);
    });
  });
});

test.describe('each document downloads only its own words', () => {
  /** The text of every script a route loads. */
  async function scriptsOf(page: Page, url: string): Promise<string> {
    const bodies: Promise<string>[] = [];
    const listener = (response: import('@playwright/test').Response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.text());
    };
    page.on('response', listener);
    await page.goto(url);
    await expectAppReady(page);
    page.off('response', listener);
    return (await Promise.all(bodies)).join('\n') + (await page.content());
  }

  const longest = (list: string[]) => list.filter((text) => text.split(' ').length >= 3);
  const formRoutes = ['/', '/team', '/contact', '/request-service', '/join-our-team', '/privacy'];

  test('the English pages load no Spanish sentence; the Spanish pages no English one', async ({
    page,
  }) => {
    const offered = new Set(Object.values(spanishOffer).flatMap((part) => Object.values(part)));
    for (const route of formRoutes) {
      const englishCode = await scriptsOf(page, `/#${route}`);
      const spanishFound = longest(spanishWords).filter(
        (text) => !offered.has(text) && englishCode.includes(JSON.stringify(text).slice(1, -1)),
      );
      expect(spanishFound, `English ${route}`).toEqual([]);

      const spanishCode = await scriptsOf(page, `/es/#${route}`);
      const englishFound = longest(englishWords).filter((text) =>
        spanishCode.includes(JSON.stringify(text).slice(1, -1)),
      );
      expect(englishFound, `Spanish ${route}`).toEqual([]);
    }
  });
});

test.describe('documents for search engines', () => {
  test('both heads name each other (hreflang); sitemap.xml lists both; robots.txt keeps /admin/ out', async ({
    request,
  }) => {
    for (const path of ['/', '/es/']) {
      const html = await (await request.get(path)).text();
      expect(html).toMatch(/<link rel="alternate" hreflang="en" href="[^"]+\/"/);
      expect(html).toMatch(/<link rel="alternate" hreflang="es" href="[^"]+\/es\/"/);
    }
    const spanish = await (await request.get('/es/')).text();
    expect(spanish).toContain('<html lang="es">');
    expect(spanish).toContain(`<h1`);
    expect(spanish).toContain(pages.home.heading);
    expect(spanish).toContain(`<title>${pages.home.title} | ${company.name}</title>`);

    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toMatch(/<loc>https?:\/\/[^<]+\/<\/loc>/);
    expect(sitemap).toMatch(/<loc>https?:\/\/[^<]+\/es\/<\/loc>/);
    expect(sitemap).not.toContain('/admin');
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /admin/');
    expect(robots).toContain('Disallow: /pages/');
    expect(robots).toContain('Disallow: /es/pages/');
    expect(robots).toMatch(/Sitemap: https?:\/\/\S+\/sitemap\.xml/);
  });
});

test.describe('link previews', () => {
  test('each document previews with a picture of its own: og:image names a 1200×630 JPEG that exists, with its alt, og:url and a large card', async ({
    page,
    request,
  }) => {
    const documents = [
      { path: '/', heading: englishPages.home.heading },
      { path: '/es/', heading: pages.home.heading },
    ];
    const pictures = new Set<string>();
    for (const { path, heading } of documents) {
      const html = await (await request.get(path)).text();
      const meta = (name: string) =>
        new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)"`).exec(html)?.[1] ?? '';
      expect(meta('og:url')).toBe(`${company.siteUrl}${path}`);
      const image = meta('og:image');
      // Named by what it shows (scripts/build/link-preview.ts): a new picture is a new address.
      expect(image).toMatch(new RegExp(`^${company.siteUrl}${path}og-image\\.[0-9a-f]{12}\\.jpg$`));
      expect(meta('og:image:alt')).toContain(heading);
      expect(meta('twitter:card')).toBe('summary_large_image');
      expect([meta('og:image:width'), meta('og:image:height')]).toEqual(['1200', '630']);

      const local = image.slice(company.siteUrl.length);
      const response = await request.get(local);
      expect(response.headers()['content-type']).toBe('image/jpeg');
      const bytes = await response.body();
      expect(bytes.length).toBeLessThan(300 * 1024);
      pictures.add(bytes.toString('base64'));
      await page.goto(path);
      const size = await page.evaluate(async (src) => {
        const picture = new Image();
        picture.src = src;
        await picture.decode();
        return [picture.naturalWidth, picture.naturalHeight];
      }, local);
      expect(size).toEqual([1200, 630]);
    }
    // Each language's words: two pictures.
    expect(pictures.size).toBe(2);
  });
});
