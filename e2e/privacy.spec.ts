import { expect, test, type Page } from '@playwright/test';
import { companyContent } from '../src/content/company';
import { navigationContent as esNavigationContent } from '../src/content/es/navigation';
import { privacyContent as esPrivacyContent } from '../src/content/es/privacy';
import { pagesContent as esPagesContent } from '../src/content/es/site';
import { navigationContent } from '../src/content/navigation';
import { privacyContent } from '../src/content/privacy';
import { NOTHING_PUBLISHED } from '../src/content/published';
import { pagesContent } from '../src/content/site';
import { expectAppReady, expectNoAxeViolations, expectNoHorizontalScroll } from './fixtures';

const { company } = companyContent(NOTHING_PUBLISHED);

/** Each language's document, the note's words and the footer's link to it. */
const languages = [
  {
    code: 'en',
    document: '/',
    route: '/privacy',
    privacy: privacyContent(NOTHING_PUBLISHED).privacy,
    page: pagesContent(NOTHING_PUBLISHED).pages.privacy,
    link: navigationContent(NOTHING_PUBLISHED).footerSmallPrint[0]?.label ?? '',
    lastQuickLink: 'Join Our Team',
  },
  {
    code: 'es',
    document: '/es/',
    route: '/privacidad',
    privacy: esPrivacyContent(NOTHING_PUBLISHED).privacy,
    page: esPagesContent(NOTHING_PUBLISHED).pages.privacy,
    link: esNavigationContent(NOTHING_PUBLISHED).footerSmallPrint[0]?.label ?? '',
    lastQuickLink: 'Únase a nuestro equipo',
  },
] as const;

type Language = (typeof languages)[number];

/** The note is all there: its heading, every section with its words, and who to ask. */
async function expectNote(page: Page, lang: Language) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang.page.heading);
  await expect(page).toHaveTitle(`${lang.page.title} | ${company.name}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lang.code);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2 })).toHaveText([
    ...lang.privacy.sections.map((section) => section.title),
    lang.privacy.contact.title,
  ]);
  for (const section of lang.privacy.sections) {
    const region = main.getByRole('region', { name: section.title });
    for (const text of [...section.paragraphs, ...(section.points ?? [])]) {
      await expect(region).toContainText(text);
    }
  }
  await expect(main).toContainText(lang.privacy.countsKept);
  const contact = main.getByRole('region', { name: lang.privacy.contact.title });
  await expect(contact.getByRole('link', { name: company.email })).toHaveAttribute(
    'href',
    `mailto:${company.email}`,
  );
  await expect(contact.getByRole('link', { name: company.phones.office.display })).toHaveAttribute(
    'href',
    `tel:${company.phones.office.e164}`,
  );
}

async function screenshots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 1024 ? 844 : 900 });
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

for (const lang of languages) {
  test.describe(`the privacy note (${lang.code})`, () => {
    test(`${lang.document}#${lang.route} shows the note, axe clean at 1280 and 390 px`, async ({
      page,
    }) => {
      await page.goto(`${lang.document}#${lang.route}`);
      await expectAppReady(page);
      await expectNote(page, lang);
      await expectNoAxeViolations(page);
      await screenshots(page, `privacy-${lang.code}`);
      await expectNoAxeViolations(page);
    });

    test("the footer's link, beside the copyright, opens the note by keyboard", async ({
      page,
    }) => {
      await page.goto(lang.document);
      await expectAppReady(page);
      const footer = page.getByRole('contentinfo');
      const link = footer.getByRole('link', { name: lang.link, exact: true });
      await expect(link).toBeVisible();
      // The keyboard's way there: from the quick links' last link, Tab until the note's link.
      await footer.getByRole('link', { name: lang.lastQuickLink, exact: true }).focus();
      for (let step = 0; step < 20; step += 1) {
        if (await link.evaluate((element) => element === document.activeElement)) break;
        await page.keyboard.press('Tab');
      }
      await expect(link).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${lang.document}#/privacy$`));
      await expectNote(page, lang);
      // Focus starts at the new page's content.
      await expect(page.getByRole('main')).toBeFocused();
    });

    test(`${lang.document}privacy/ is the note's own document, whole without JavaScript`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${lang.document}privacy/`);
      await expectNote(page, lang);
      await screenshots(page, `privacy-no-script-${lang.code}`);
      // The home page's footer links there, as a visitor without script follows it.
      await page.goto(lang.document);
      const link = page
        .getByRole('contentinfo')
        .getByRole('link', { name: lang.link, exact: true });
      await expect(link).toHaveAttribute('href', `${lang.document}privacy/`);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${lang.document}privacy/$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang.page.heading);
      await context.close();
    });
  });
}
