import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { adminText } from '../src/content/admin';
import * as enApplication from '../src/content/application-form';
import * as esApplication from '../src/content/es/application-form';
import { formsContent as esFormsContent } from '../src/content/es/forms';
import { language as esLanguage } from '../src/content/es/language';
import * as esNavigation from '../src/content/es/navigation';
import * as esQuote from '../src/content/es/quote-form';
import * as esSite from '../src/content/es/site';
import { formsContent } from '../src/content/forms';
import { language as enLanguage } from '../src/content/language';
import * as enNavigation from '../src/content/navigation';
import * as enQuote from '../src/content/quote-form';
import { routes } from '../src/content/routes';
import * as enSite from '../src/content/site';
import type { ChoiceOption } from '../src/content/options';
import type { NavItem } from '../src/content/types';
import { samplePdf } from '../server/testing/fixtures';
import { expectNoAxeViolations } from './fixtures';
import { isoDateFromToday } from './form-helpers';
import {
  addUser,
  inboxRow,
  inboxRows,
  sha256,
  signInToInbox,
  submissions,
} from './receiver-helpers';
import { NOTHING_PUBLISHED } from '../src/content/published';

const { formText: esFormText } = esFormsContent(NOTHING_PUBLISHED);
const { formText: enFormText } = formsContent(NOTHING_PUBLISHED);

/**
 * The site with JavaScript turned off, in both languages: each page is its own document, reached
 * from the menu; both forms are ordinary HTML posts, answered by the receiver with a page in the
 * form's language (its confirmation, or the form again with what was sent and each message); the
 * owner finds what came in the inbox (with JavaScript, in a context of its own).
 */

const languages = [
  {
    language: enLanguage,
    site: { ...enSite, ...enSite.pagesContent(NOTHING_PUBLISHED) },
    navigation: { ...enNavigation.navigationContent(NOTHING_PUBLISHED) },
    quote: { ...enQuote, ...enQuote.quoteFormContent(NOTHING_PUBLISHED) },
    application: { ...enApplication, ...enApplication.applicationFormContent(NOTHING_PUBLISHED) },
    formText: enFormText,
  },
  {
    language: esLanguage,
    site: { ...esSite, ...esSite.pagesContent(NOTHING_PUBLISHED) },
    navigation: { ...esNavigation.navigationContent(NOTHING_PUBLISHED) },
    quote: { ...esQuote, ...esQuote.quoteFormContent(NOTHING_PUBLISHED) },
    application: { ...esApplication, ...esApplication.applicationFormContent(NOTHING_PUBLISHED) },
    formText: esFormText,
  },
];
type Language = (typeof languages)[number];

/** A phone's width and a desktop's. */
const widths = [390, 1280];
/** From this width on the header shows the main nav; below it, the menu button (Tailwind's `lg`). */
const WIDE_NAV = 1024;

const password = 'a long e2e no-script test password';
const { inbox: inboxText, submission: detailText } = adminText;

let counter = 0;
/** A name no other row has; its last word alone finds it in the inbox's search. */
function unique(label: string): string {
  counter += 1;
  return `${label} ${Date.now()}${test.info().workerIndex}${counter}`;
}

let workerOwner: string | undefined;
/** One inbox account per worker (made with the admin CLI): a password hash costs a second. */
function owner(): string {
  if (!workerOwner) {
    workerOwner = `${unique('no script owner').replace(/\W+/g, '.')}@example.com`.toLowerCase();
    addUser(workerOwner, password);
  }
  return workerOwner;
}

function labelOf(items: readonly NavItem[], to: string): string {
  const item = items.find((candidate) => candidate.to === to);
  if (!item) throw new Error(`no menu item links to ${to}`);
  return item.label;
}

function optionLabel(options: readonly ChoiceOption[], value: string): string {
  const option = options.find((candidate) => candidate.value === value);
  if (!option) throw new Error(`no option ${value}`);
  return option.label;
}

/** A page's own document in `lang` (`/es/request-service/`). */
const documentOf = (lang: Language, path: string) =>
  `${lang.language.documentPath}${path.replace(/^\//, '')}/`;

const endsWith = (text: string) => new RegExp(`${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** Follows the link named `label` of the header's menu: the popover on a phone, the nav wider. */
async function followMenu(page: Page, lang: Language, label: string) {
  const { header } = lang.site.ui;
  const nav = page.getByRole('navigation', { name: header.mainNavLabel });
  const width = page.viewportSize()?.width ?? 1280;
  let links = nav;
  if (width < WIDE_NAV) {
    const menu = nav.locator('[popover]');
    await expect(menu).toBeHidden();
    await nav.getByRole('button', { name: header.menu }).click();
    await expect(menu).toBeVisible();
    links = menu;
  }
  await links.getByRole('link', { name: label, exact: true }).click();
}

/** The home page of `lang`, then its menu's Request Service: the quote form's own document. */
async function openQuoteFromMenu(page: Page, lang: Language) {
  await page.goto(lang.language.documentPath);
  await expect(page.locator('html')).toHaveAttribute('lang', lang.language.code);
  await followMenu(page, lang, lang.navigation.requestServiceCta.label);
  await expect(page).toHaveURL(endsWith(documentOf(lang, routes.quote.path)));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang.site.pages.quote.heading);
  await expect(page.locator('form#quote')).toBeVisible();
}

interface Quote {
  clientName: string;
  phone: string;
  email: string;
  eventDate: string;
  guestCount: string;
  address: string;
  services: string[];
  additionalInfo: string;
}

const textFields = [
  'clientName',
  'phone',
  'email',
  'eventDate',
  'guestCount',
  'address',
  'additionalInfo',
] as const;

function validQuote(clientName: string): Quote {
  return {
    clientName,
    phone: '(202) 555-0134',
    email: 'no.script@example.org',
    eventDate: isoDateFromToday(30),
    guestCount: '120',
    address: '1300 Pennsylvania Ave NW, Washington, DC',
    services: ['Servers & Waitstaff', 'Chefs & Kitchen Staff'],
    additionalInfo: 'Dinner for <b>120</b> & a "quiet" bar, 6 PM.',
  };
}

const serviceBox = (page: Page, lang: Language, value: string) =>
  page.getByRole('checkbox', {
    name: optionLabel(lang.quote.quoteServiceOptions, value),
    exact: true,
  });

/** Types every field (without JavaScript: the browser's own controls) and ticks `services`. */
async function fillQuote(page: Page, lang: Language, quote: Quote) {
  for (const field of textFields) await page.locator(`#quote-${field}`).fill(quote[field]);
  for (const option of lang.quote.quoteServiceOptions) {
    await serviceBox(page, lang, option.value).setChecked(quote.services.includes(option.value));
  }
}

/** Sends the form on screen (an ordinary post), waits for the receiver's page, gives its status. */
async function send(page: Page, form: 'quote' | 'application', submit: string): Promise<number> {
  const answer = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().endsWith(`/api/forms/${form}`),
  );
  // The answer's own document, not the one the form was in (a second answer has the same URL).
  const loaded = page.waitForEvent('load');
  await page.getByRole('button', { name: submit }).click();
  const status = (await answer).status();
  await loaded;
  return status;
}

/** Every value of the quote is back in its field, each service ticked or not as sent. */
async function expectQuoteKept(page: Page, lang: Language, quote: Quote) {
  for (const field of textFields) {
    await expect(page.locator(`#quote-${field}`)).toHaveValue(quote[field]);
  }
  for (const option of lang.quote.quoteServiceOptions) {
    const box = serviceBox(page, lang, option.value);
    if (quote.services.includes(option.value)) await expect(box).toBeChecked();
    else await expect(box).not.toBeChecked();
  }
}

/** The summary lists exactly these messages, each under its field, tied to it and marked. */
async function expectQuoteErrors(
  page: Page,
  lang: Language,
  errors: Partial<Record<keyof Quote, string>>,
) {
  const { formText } = lang;
  const summary = page.getByTestId('error-summary');
  await expect(summary).toBeVisible();
  await expect(
    summary.getByRole('heading', { name: formText.errorSummaryTitle, exact: true }),
  ).toBeVisible();
  const entries = Object.entries(errors);
  await expect(summary.getByRole('link')).toHaveText(entries.map(([, message]) => message));
  for (const [field, message] of entries) {
    const id = `quote-${field}`;
    await expect(summary.getByRole('link', { name: message, exact: true })).toHaveAttribute(
      'href',
      `#${id}`,
    );
    const error = page.locator(`#${id}-error`);
    await expect(error).toHaveText(`${formText.errorPrefix} ${message}`);
    await expect(error).toBeVisible();
    const describedBy = new RegExp(`(^|\\s)${id}-error(\\s|$)`);
    // A text field is described by its message; a group of boxes by its fieldset, each box marked.
    await expect(page.locator(`#${id}`)).toHaveAttribute('aria-describedby', describedBy);
    if (field === 'services') {
      for (const box of await page.locator('input[name="services"]').all()) {
        await expect(box).toHaveAttribute('aria-invalid', 'true');
      }
    } else {
      await expect(page.locator(`#${id}`)).toHaveAttribute('aria-invalid', 'true');
    }
  }
  for (const field of [...textFields, 'services']) {
    if (field in errors) continue;
    await expect(page.locator(`#quote-${field}-error`)).toHaveCount(0);
    if (field !== 'services') {
      await expect(page.locator(`#quote-${field}`)).not.toHaveAttribute('aria-invalid', 'true');
    }
  }
}

/**
 * With NO_SCRIPT_SCREENSHOTS set to a folder: the page, whole, at a phone's and a desktop's
 * width, for a person to look at (`no-script-<language>-<state>-<width>.png`).
 */
async function screenshots(page: Page, lang: Language, state: string) {
  const folder = process.env.NO_SCRIPT_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const before = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of widths) {
    await page.setViewportSize({ width, height: width < WIDE_NAV ? 844 : 900 });
    await page.screenshot({
      path: path.join(folder, `no-script-${lang.language.code}-${state}-${width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize(before);
}

/** The answer is the confirmation, under the page's own heading. */
async function expectConfirmation(page: Page, heading: string) {
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
}

/**
 * axe runs on timers, which never fire in a page without JavaScript: it scans a copy of the page,
 * its scripts taken out, at the same address and width, in a context where scripts may run.
 * Nothing of the page's own runs there either, so the copy is what the visitor has.
 */
async function expectNoAxeViolationsOf(browser: Browser, page: Page) {
  const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');
  const context = await browser.newContext({
    javaScriptEnabled: true,
    viewport: page.viewportSize(),
  });
  try {
    const copy = await context.newPage();
    await copy.route(page.url(), (route) =>
      route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }),
    );
    await copy.goto(page.url());
    await expect(copy.locator('script')).toHaveCount(0);
    await expect(copy.locator('h1')).toHaveText(await page.locator('h1').innerText());
    await expectNoAxeViolations(copy);
  } finally {
    await context.close();
  }
}

interface Exported {
  id: string;
  fields: Record<string, unknown>;
  siteLanguage: string | null;
}

/** The rows of `form` whose name field is `name`, as the owner's CLI exports them. */
function rowsNamed(form: 'quote' | 'application', name: string): Exported[] {
  const field = form === 'quote' ? 'clientName' : 'fullName';
  const rows = JSON.parse(submissions('export', '--format', 'json', '--form', form)) as Exported[];
  return rows.filter((row) => row.fields[field] === name);
}

/**
 * Signs in to the inbox in a context of its own, with JavaScript (the inbox is an app), finds the
 * one row named `name` and opens it; then runs `look` on its page.
 */
async function inInbox(browser: Browser, name: string, look: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ javaScriptEnabled: true });
  try {
    const page = await context.newPage();
    await signInToInbox(page, owner(), password);
    await expect(page.getByRole('heading', { level: 1, name: inboxText.heading })).toBeVisible();
    await page.getByLabel(inboxText.search).fill(name.split(' ').at(-1) ?? name);
    await expect(inboxRows(page)).toHaveCount(1);
    const row = inboxRow(page, name);
    await expect(row).toBeVisible();
    await row.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await look(page);
  } finally {
    await context.close();
  }
}

/** The submission's page says which site it was sent from. */
async function expectSentFrom(page: Page, lang: Language) {
  const sentFrom = page
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: detailText.siteLanguage }) });
  await expect(sentFrom.locator('dd')).toHaveText(
    detailText.siteLanguages[lang.language.code] ?? '',
  );
}

test.use({ javaScriptEnabled: false });

for (const lang of languages) {
  const { documentPath } = lang.language;
  const { pages, ui } = lang.site;

  test.describe(`${documentPath} without JavaScript`, () => {
    for (const width of widths) {
      test.describe(`at ${width} px`, () => {
        test.use({ viewport: { width, height: width < WIDE_NAV ? 844 : 900 } });

        test("the menu's Request Service opens the quote form's own document", async ({ page }) => {
          await openQuoteFromMenu(page, lang);
        });

        test("the menu's team and contact links open those pages' documents", async ({ page }) => {
          const { mainNav } = lang.navigation;
          for (const [route, text] of [
            [routes.team, pages.team],
            [routes.contact, pages.contact],
          ] as const) {
            await page.goto(documentPath);
            await followMenu(page, lang, labelOf(mainNav, route.path));
            await expect(page).toHaveURL(endsWith(documentOf(lang, route.path)));
            await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.heading);
          }
        });
      });
    }

    test('a complete quote sent from the form shows the confirmation; the owner finds it, sent from this site', async ({
      page,
      browser,
    }) => {
      const quote = validQuote(unique('Jordan Rivera'));
      await openQuoteFromMenu(page, lang);
      await fillQuote(page, lang, quote);
      expect(await send(page, 'quote', lang.quote.quoteForm.submit)).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', lang.language.code);
      await expectConfirmation(page, lang.quote.quoteForm.confirmation.heading);
      await expect(page.getByText(lang.quote.quoteForm.confirmation.message)).toBeVisible();
      await screenshots(page, lang, 'quote-confirmation');

      await inInbox(browser, quote.clientName, async (inbox) => {
        await expect(inbox.getByText(quote.email).first()).toBeVisible();
        await expectSentFrom(inbox, lang);
      });
    });

    test('a quote with mistakes comes back with every value kept and each message tied to its field; corrected, it is sent', async ({
      page,
      browser,
    }) => {
      const { quoteForm, quoteMessages } = lang.quote;
      const valid = validQuote(unique('Jordan Rivera'));
      const mistaken: Quote = {
        ...valid,
        phone: '12',
        email: 'no.script.example.org',
        services: [],
      };
      await page.goto(documentOf(lang, routes.quote.path));
      await fillQuote(page, lang, mistaken);
      expect(await send(page, 'quote', quoteForm.submit)).toBe(400);
      await expect(page.locator('html')).toHaveAttribute('lang', lang.language.code);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.quote.heading);
      await expectQuoteKept(page, lang, mistaken);
      // What the visitor typed is text, never markup.
      await expect(page.locator('#quote b')).toHaveCount(0);
      await expectQuoteErrors(page, lang, {
        phone: quoteMessages.phone,
        email: quoteMessages.email,
        services: quoteMessages.services,
      });
      await expectNoAxeViolationsOf(browser, page);
      await screenshots(page, lang, 'quote-errors');

      // Two mistakes corrected, one left: the ticks come back too.
      const halfway = { ...mistaken, phone: valid.phone, services: valid.services };
      await fillQuote(page, lang, halfway);
      expect(await send(page, 'quote', quoteForm.submit)).toBe(400);
      await expectQuoteKept(page, lang, halfway);
      await expectQuoteErrors(page, lang, { email: quoteMessages.email });
      expect(rowsNamed('quote', valid.clientName)).toEqual([]);

      await page.locator('#quote-email').fill(valid.email);
      expect(await send(page, 'quote', quoteForm.submit)).toBe(200);
      await expectConfirmation(page, quoteForm.confirmation.heading);
      const [row, ...others] = rowsNamed('quote', valid.clientName);
      expect(others).toEqual([]);
      expect(row?.siteLanguage).toBe(lang.language.code);
      expect(row?.fields).toMatchObject({
        phone: valid.phone,
        email: valid.email,
        services: valid.services.join(', '),
        additionalInfo: valid.additionalInfo,
      });
    });

    test('the same quote posted twice (the answer page reloaded) is stored once', async ({
      page,
    }) => {
      const quote = validQuote(unique('Jordan Rivera'));
      let posts = 0;
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/api/forms/quote')) posts += 1;
      });
      await page.goto(documentOf(lang, routes.quote.path));
      await fillQuote(page, lang, quote);
      expect(await send(page, 'quote', lang.quote.quoteForm.submit)).toBe(200);
      page.on('dialog', (dialog) => void dialog.accept());
      const again = await page.reload();
      expect(again?.request().method()).toBe('POST');
      expect(again?.status()).toBe(200);
      await expectConfirmation(page, lang.quote.quoteForm.confirmation.heading);
      expect(posts).toBe(2);
      expect(rowsNamed('quote', quote.clientName)).toHaveLength(1);
    });

    test('an application with a PDF résumé arrives (after one mistake), and the owner downloads the same bytes', async ({
      page,
      browser,
    }) => {
      const { applicationForm } = lang.application;
      const name = unique('Camila Torres');
      const fileName = `${name} CV.pdf`;
      const resume = samplePdf(30_000, name);
      await page.goto(documentOf(lang, routes.application.path));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.application.heading);

      await page.locator('#application-fullName').fill(name);
      await page.locator('#application-phone').fill('(571) 555-0199');
      await page.locator('#application-email').fill('no.script.applicant@example.org');
      await page.locator('#application-address').fill('2100 Clarendon Blvd, Arlington, VA 22201');
      await page.locator('#application-dateOfBirth').fill('1990-05-01');
      const choose = async (group: string, options: readonly ChoiceOption[], value: string) =>
        page
          .locator(`#application-${group}`)
          .getByLabel(optionLabel(options, value), { exact: true })
          .check();
      const app = lang.application;
      await choose('positionInterest', app.positionOptions, 'Bartender');
      await choose('positionInterest', app.positionOptions, 'Protocol Assistant');
      await choose('hasExperience', app.experienceOptions, 'yes');
      await page
        .locator('#application-yearsExperience')
        .selectOption({ label: optionLabel(app.yearsExperienceOptions, '3-5') });
      await page.locator('#application-previousExperience').fill('Banquet server, 4 years.');
      await choose('availability', app.availabilityOptions, 'Saturday');
      await choose('shiftPreference', app.shiftOptions, 'tarde');
      await choose('languages', app.languageOptions, 'English');
      await choose('languages', app.languageOptions, 'Spanish');
      const resumeInput = page.locator('input[type="file"][name="resume"]');
      const attach = () =>
        resumeInput.setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: resume });
      await attach();

      // A mistake first: the answer keeps every value and names the file to choose again.
      await page.locator('#application-phone').fill('12');
      expect(await send(page, 'application', applicationForm.submit)).toBe(400);
      await expect(page.locator('#application-phone')).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('#application-fullName')).toHaveValue(name);
      await expect(page.locator('#application-yearsExperience')).toHaveValue('3-5');
      await expect(page.locator('#application-yearsExperience')).toBeVisible();
      await expect(page.locator('#application-resume-note')).toHaveText(
        applicationForm.resume.notResent(fileName),
      );
      expect(rowsNamed('application', name)).toHaveLength(0);
      await page.locator('#application-phone').fill('(571) 555-0199');
      await attach();

      expect(await send(page, 'application', applicationForm.submit)).toBe(200);
      await expectConfirmation(page, applicationForm.confirmation.heading);

      await inInbox(browser, name, async (inbox) => {
        await expectSentFrom(inbox, lang);
        const files = inbox.getByRole('region', { name: detailText.files });
        await expect(files).toContainText(fileName);
        const download = inbox.waitForEvent('download');
        await files.getByRole('link', { name: `${detailText.download} ${fileName}` }).click();
        const file = await download;
        expect(file.suggestedFilename()).toBe(fileName);
        expect(sha256(readFileSync(await file.path()))).toBe(sha256(resume));
      });
    });

    test("a page's hash link opens the home page with a notice linking to the page's document", async ({
      page,
    }) => {
      await page.goto(`${documentPath}#${routes.quote.path}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.home.heading);
      const notice = page.locator(`p.route-notice[id="${routes.quote.path}"]`);
      await expect(notice).toBeVisible();
      await expect(notice).toContainText(ui.pageElsewhere);
      await expect(page.locator(`p.route-notice[id="${routes.team.path}"]`)).toBeHidden();
      await notice.getByRole('link', { name: pages.quote.title, exact: true }).click();
      await expect(page).toHaveURL(endsWith(documentOf(lang, routes.quote.path)));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.quote.heading);
      await expect(page.locator('form#quote')).toBeVisible();
    });
  });
}
