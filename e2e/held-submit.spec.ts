import { expect, test, type Page, type Request } from '@playwright/test';
import * as enApplication from '../src/content/application-form';
import * as esApplication from '../src/content/es/application-form';
import { formsContent as esFormsContent } from '../src/content/es/forms';
import * as esQuote from '../src/content/es/quote-form';
import { formsContent } from '../src/content/forms';
import * as enQuote from '../src/content/quote-form';
import { GIVE_UP_AFTER_MS } from '../src/forms/held-submit';
import { samplePdf } from '../server/testing/fixtures';
import { isoDateFromToday } from './form-helpers';
import { NOTHING_PUBLISHED } from '../src/content/published';

const { formText: esFormText } = esFormsContent(NOTHING_PUBLISHED);
const { formText: enFormText } = formsContent(NOTHING_PUBLISHED);

/**
 * A Send tapped while the page is starting (src/forms/held-submit.ts): the forms are in the HTML,
 * and a tap before the app runs them must still do what the specification asks of a Send (no post
 * for an invalid form, the messages under the fields, the confirmation in place), on a phone's CPU
 * (4× slower). Without the app's code it goes as the plain post, and the receiver answers it.
 */

/** The app's code (React, the router, the pages): every script file but the page's first script. */
const APP_FILES = /\/assets\/(?!enhance-)[\w-]+\.js$/;

interface FormCase {
  name: string;
  /** The form's own document, which paints it (and a Send can be tapped) before any script file. */
  document: string;
  id: 'quote' | 'application';
  submit: string;
  prefix: string;
  /** The fields an empty Send shows a message under, with the message. */
  messages: [field: string, message: string][];
  confirmation: string;
  fill: (page: Page) => Promise<void>;
}

const choose = (page: Page, name: string, value: string) =>
  page.locator(`input[name="${name}"][value="${value}"]`).check();

async function fillQuote(page: Page) {
  await page.locator('#quote-clientName').fill('Jordan Rivera');
  await page.locator('#quote-phone').fill('(202) 555-0134');
  await page.locator('#quote-email').fill('jordan.early@example.org');
  await page.locator('#quote-eventDate').fill(isoDateFromToday(30));
  await page.locator('#quote-guestCount').fill('120');
  await page.locator('#quote-address').fill('1300 Pennsylvania Ave NW, Washington, DC');
  await choose(page, 'services', 'Servers & Waitstaff');
}

async function fillApplication(page: Page) {
  await page.locator('#application-fullName').fill('Camila Torres');
  await page.locator('#application-phone').fill('(571) 555-0199');
  await page.locator('#application-email').fill('camila.early@example.org');
  await page.locator('#application-address').fill('2100 Clarendon Blvd, Arlington, VA 22201');
  await page.locator('#application-dateOfBirth').fill('1990-05-01');
  await choose(page, 'positionInterest', 'Bartender');
  await choose(page, 'hasExperience', 'no');
  await choose(page, 'availability', 'Saturday');
  await choose(page, 'shiftPreference', 'mañana');
  await choose(page, 'languages', 'Spanish');
}

function quoteCase(
  document: string,
  { quoteForm, quoteMessages: m }: ReturnType<typeof esQuote.quoteFormContent>,
  prefix: string,
): FormCase {
  return {
    name: `quote ${document}`,
    document,
    id: 'quote',
    submit: quoteForm.submit,
    prefix,
    messages: [
      ['clientName', m.clientName],
      ['phone', m.phone],
      ['email', m.email],
      ['eventDate', m.eventDate],
      ['guestCount', m.guestCount],
      ['address', m.address],
      ['services', m.services],
    ],
    confirmation: quoteForm.confirmation.heading,
    fill: fillQuote,
  };
}

function applicationCase(
  document: string,
  {
    applicationForm,
    applicationMessages: m,
  }: ReturnType<typeof esApplication.applicationFormContent>,
  prefix: string,
): FormCase {
  return {
    name: `application ${document}`,
    document,
    id: 'application',
    submit: applicationForm.submit,
    prefix,
    messages: [
      ['fullName', m.fullName],
      ['phone', m.phone],
      ['email', m.email],
      ['address', m.address],
      ['dateOfBirth', m.dateOfBirth],
      ['positionInterest', m.positionInterest],
      ['hasExperience', m.hasExperience],
      ['availability', m.availability],
      ['shiftPreference', m.shiftPreference],
      ['languages', m.languages],
    ],
    confirmation: applicationForm.confirmation.heading,
    fill: fillApplication,
  };
}

const cases: FormCase[] = [
  quoteCase(
    '/request-service/',
    enQuote.quoteFormContent(NOTHING_PUBLISHED),
    enFormText.errorPrefix,
  ),
  quoteCase(
    '/es/request-service/',
    esQuote.quoteFormContent(NOTHING_PUBLISHED),
    esFormText.errorPrefix,
  ),
  applicationCase(
    '/join-our-team/',
    enApplication.applicationFormContent(NOTHING_PUBLISHED),
    enFormText.errorPrefix,
  ),
  applicationCase(
    '/es/join-our-team/',
    esApplication.applicationFormContent(NOTHING_PUBLISHED),
    esFormText.errorPrefix,
  ),
];

/** The app's code held back until `release()`; with `never`, every request for it fails. */
async function holdBackApp(page: Page, { never = false } = {}) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(APP_FILES, async (route) => {
    if (never) return route.abort('failed');
    await held;
    return route.continue();
  });
  return release;
}

/** Every request to the form's endpoint, as the browser sent it. */
function recordPosts(page: Page, id: string): Request[] {
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(`/api/forms/${id}`)) posts.push(request);
  });
  return posts;
}

async function onAPhonesCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** The form's Send, tapped as soon as it shows; the form says the Send is held. */
async function tapSendEarly(page: Page, form: FormCase) {
  await page.getByRole('button', { name: form.submit }).click();
  await expect(page.locator(`form#${form.id}`)).toHaveAttribute('data-submit-held', '');
}

test.describe('a Send tapped before the app runs the form, on a phone CPU', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  for (const form of cases) {
    test(`${form.name}: an empty Send posts nothing, then shows each message under its field`, async ({
      page,
    }) => {
      await onAPhonesCpu(page);
      const release = await holdBackApp(page);
      const posts = recordPosts(page, form.id);
      await page.goto(form.document, { waitUntil: 'commit' });
      await tapSendEarly(page, form);
      release();
      for (const [field, message] of form.messages) {
        const error = page.locator(`#${form.id}-${field}-error`);
        await expect(error).toHaveText(`${form.prefix} ${message}`);
      }
      await expect(page.locator(`form#${form.id}`)).not.toHaveAttribute('data-submit-held');
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(form.confirmation);
      expect(posts).toHaveLength(0);
    });

    test(`${form.name}: a complete Send goes once, as JSON, and the confirmation replaces the form`, async ({
      page,
    }) => {
      await onAPhonesCpu(page);
      const release = await holdBackApp(page);
      const posts = recordPosts(page, form.id);
      await page.goto(form.document, { waitUntil: 'commit' });
      await form.fill(page);
      await tapSendEarly(page, form);
      expect(posts).toHaveLength(0);
      release();
      await expect(page.getByRole('heading', { name: form.confirmation })).toBeVisible();
      expect(posts).toHaveLength(1);
      expect(posts[0]?.headers()['content-type']).toMatch(
        /^(application\/json|multipart\/form-data)/,
      );
      expect(posts[0]?.headers()['accept']).toBe('application/json');
    });

    test(`${form.name}: with the app's code failing, the Send goes as the plain post and the receiver's confirmation appears`, async ({
      page,
    }) => {
      await holdBackApp(page, { never: true });
      const posts = recordPosts(page, form.id);
      await page.goto(form.document);
      await form.fill(page);
      await page.getByRole('button', { name: form.submit }).click();
      // At once, not after the wait for an app that is not coming.
      await expect(page.getByRole('heading', { name: form.confirmation })).toBeVisible({
        timeout: GIVE_UP_AFTER_MS / 2,
      });
      expect(posts).toHaveLength(1);
      expect(posts[0]?.headers()['accept']).not.toBe('application/json');
      await expect(page).toHaveURL(new RegExp(`/api/forms/${form.id}$`));
    });
  }

  test('an application with a résumé chosen before the app runs goes with the file', async ({
    page,
  }) => {
    const form = cases.find((candidate) => candidate.document === '/join-our-team/');
    if (!form) throw new Error('no application case');
    await onAPhonesCpu(page);
    const release = await holdBackApp(page);
    const posts = recordPosts(page, form.id);
    await page.goto(form.document, { waitUntil: 'commit' });
    await form.fill(page);
    const pdf = samplePdf(900, 'Held send résumé');
    await page.locator('input[type="file"][name="resume"]').setInputFiles({
      name: 'camila-resume.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await tapSendEarly(page, form);
    release();
    await expect(page.getByRole('heading', { name: form.confirmation })).toBeVisible();
    expect(posts).toHaveLength(1);
    expect(posts[0]?.headers()['content-type']).toMatch(/^multipart\/form-data/);
    expect(posts[0]?.postDataBuffer()?.includes(pdf)).toBe(true);
  });

  test('from a shared hash link (/#/request-service): an empty Send posts nothing, then shows the messages', async ({
    page,
  }) => {
    const [form] = cases;
    if (!form) throw new Error('no quote case');
    await onAPhonesCpu(page);
    const release = await holdBackApp(page);
    const posts = recordPosts(page, form.id);
    await page.goto('/#/request-service', { waitUntil: 'commit' });
    await tapSendEarly(page, form);
    release();
    const [field, message] = form.messages[0] ?? [];
    await expect(page.locator(`#quote-${field}-error`)).toHaveText(`${form.prefix} ${message}`);
    expect(posts).toHaveLength(0);
  });

  test('with the app on its way for good, a held Send goes as the plain post once the wait is over', async ({
    page,
  }) => {
    const [form] = cases;
    if (!form) throw new Error('no quote case');
    test.setTimeout(GIVE_UP_AFTER_MS + 60_000);
    await page.route(APP_FILES, () => {});
    const posts = recordPosts(page, form.id);
    await page.goto(form.document, { waitUntil: 'commit' });
    await form.fill(page);
    await tapSendEarly(page, form);
    await page.waitForTimeout(GIVE_UP_AFTER_MS - 1000);
    expect(posts, 'still held a second before the wait is over').toHaveLength(0);
    await expect(page.getByRole('heading', { name: form.confirmation })).toBeVisible({
      timeout: GIVE_UP_AFTER_MS,
    });
    expect(posts).toHaveLength(1);
  });

  test("with the page's first script failing, a Send goes as the plain post at once", async ({
    page,
  }) => {
    const [form] = cases;
    if (!form) throw new Error('no quote case');
    await page.route(/\/assets\/enhance-[\w-]+\.js$/, (route) => route.abort('failed'));
    const posts = recordPosts(page, form.id);
    await page.goto(form.document);
    await form.fill(page);
    await page.getByRole('button', { name: form.submit }).click();
    await expect(page.getByRole('heading', { name: form.confirmation })).toBeVisible({
      timeout: GIVE_UP_AFTER_MS / 2,
    });
    expect(posts).toHaveLength(1);
  });

  test('a Send the app took over is never sent again when the wait would have ended', async ({
    page,
  }) => {
    const [form] = cases;
    if (!form) throw new Error('no quote case');
    test.setTimeout(GIVE_UP_AFTER_MS + 60_000);
    const release = await holdBackApp(page);
    const posts = recordPosts(page, form.id);
    await page.goto(form.document, { waitUntil: 'commit' });
    await form.fill(page);
    await tapSendEarly(page, form);
    release();
    await expect(page.getByRole('heading', { name: form.confirmation })).toBeVisible();
    await page.waitForTimeout(GIVE_UP_AFTER_MS + 1000);
    expect(posts).toHaveLength(1);
  });
});
