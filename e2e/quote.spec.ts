import { expect, test, type Page } from '@playwright/test';
import { companyContent } from '../src/content/company';
import { quoteFormContent } from '../src/content/quote-form';
import { pagesContent } from '../src/content/site';
import { expectNoAxeViolations, expectNoHorizontalScroll, openRoute } from './fixtures';
import {
  expectFieldError,
  interceptForm,
  isoDateFromToday,
  recordDialogs,
  sentFields,
} from './form-helpers';
import { NOTHING_PUBLISHED } from '../src/content/published';

const { company } = companyContent(NOTHING_PUBLISHED);
const { quoteForm, quoteMessages } = quoteFormContent(NOTHING_PUBLISHED);
const { pages } = pagesContent(NOTHING_PUBLISHED);

const ENDPOINT = '/api/forms/quote';
const eventDate = isoDateFromToday(30);

const valid = {
  clientName: 'Jordan Rivera',
  phone: '(202) 555-0134',
  email: 'jordan@example.org',
  eventDate,
  guestCount: '120',
  address: '1300 Pennsylvania Ave NW, Washington, DC',
  services: 'Servers & Waitstaff, Bartenders & Mixologists',
  additionalInfo: 'Black-tie gala, 6 PM to midnight.',
};

const field = {
  clientName: (page: Page) => page.getByLabel('Full name'),
  phone: (page: Page) => page.getByLabel('Phone number'),
  email: (page: Page) => page.getByLabel('Email address'),
  eventDate: (page: Page) => page.getByLabel('Event date'),
  guestCount: (page: Page) => page.getByLabel('Number of guests'),
  address: (page: Page) => page.getByLabel('Event address'),
  additionalInfo: (page: Page) => page.getByLabel('Tell us about your event'),
  service: (page: Page, name: string) => page.getByRole('checkbox', { name }),
};

const submit = (page: Page) => page.getByRole('button', { name: quoteForm.submit });

async function fillValidQuote(page: Page) {
  await field.clientName(page).fill(valid.clientName);
  await field.phone(page).fill(valid.phone);
  await field.email(page).fill(valid.email);
  await field.eventDate(page).fill(valid.eventDate);
  await field.guestCount(page).fill(valid.guestCount);
  await field.address(page).fill(valid.address);
  await field.service(page, 'Servers & Waitstaff').check();
  await field.service(page, 'Bartenders & Mixologists').check();
  await field.additionalInfo(page).fill(valid.additionalInfo);
}

async function expectValidQuoteKept(page: Page) {
  await expect(field.clientName(page)).toHaveValue(valid.clientName);
  await expect(field.phone(page)).toHaveValue(valid.phone);
  await expect(field.email(page)).toHaveValue(valid.email);
  await expect(field.eventDate(page)).toHaveValue(valid.eventDate);
  await expect(field.guestCount(page)).toHaveValue(valid.guestCount);
  await expect(field.address(page)).toHaveValue(valid.address);
  await expect(field.service(page, 'Servers & Waitstaff')).toBeChecked();
  await expect(field.service(page, 'Bartenders & Mixologists')).toBeChecked();
  await expect(field.service(page, 'Chefs & Kitchen Staff')).not.toBeChecked();
  await expect(field.additionalInfo(page)).toHaveValue(valid.additionalInfo);
}

test.describe('quote request form', () => {
  test('the empty form: four sections; an empty submit shows every message under its field and focuses the first; each clears as it is corrected; Back to Home', async ({
    page,
  }) => {
    const requests = await interceptForm(page, ENDPOINT);
    await openRoute(page, '/request-service');
    for (const title of Object.values(quoteForm.sections)) {
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    }
    await expect(page.getByRole('group', { name: 'Which staff do you need?' })).toBeVisible();
    await expect(page.getByRole('checkbox')).toHaveCount(5);
    await expect(field.clientName(page)).toHaveAttribute('autocomplete', 'name');
    await expect(field.phone(page)).toHaveAttribute('autocomplete', 'tel');
    await expect(field.email(page)).toHaveAttribute('autocomplete', 'email');
    await expect(field.address(page)).toHaveAttribute('autocomplete', 'street-address');
    await expect(field.eventDate(page)).toHaveAttribute('type', 'date');
    await expect(field.guestCount(page)).toHaveAttribute('type', 'number');
    await submit(page).click();

    await expect(field.clientName(page)).toBeFocused();
    await expectFieldError(page, 'quote-clientName', quoteMessages.clientName);
    await expectFieldError(page, 'quote-phone', quoteMessages.phone);
    await expectFieldError(page, 'quote-email', quoteMessages.email);
    await expectFieldError(page, 'quote-eventDate', quoteMessages.eventDate);
    await expectFieldError(page, 'quote-guestCount', quoteMessages.guestCount);
    await expectFieldError(page, 'quote-address', quoteMessages.address);
    await expectFieldError(page, 'quote-services', quoteMessages.services);
    await expect(page.locator('#quote-additionalInfo-error')).toHaveCount(0);
    await expect(field.clientName(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(field.service(page, 'Servers & Waitstaff')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(field.clientName(page)).toHaveAccessibleDescription(
      `Error: ${quoteMessages.clientName}`,
    );

    const summary = page.getByTestId('error-summary');
    await expect(summary.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
    await expect(summary.getByRole('link')).toHaveCount(7);
    await summary.getByRole('link', { name: quoteMessages.services }).click();
    await expect(field.service(page, 'Servers & Waitstaff')).toBeFocused();
    await expect(page).toHaveURL(/#\/request-service$/);

    await expectNoAxeViolations(page);
    expect(requests).toHaveLength(0);

    await field.clientName(page).fill('J');
    await expectFieldError(page, 'quote-clientName', quoteMessages.clientName);
    await field.clientName(page).fill('Jo');
    await expect(page.locator('#quote-clientName-error')).toHaveCount(0);
    await expect(field.clientName(page)).not.toHaveAttribute('aria-invalid');
    await field.service(page, 'Other (Please specify below)').check();
    await expect(page.locator('#quote-services-error')).toHaveCount(0);

    await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.home.heading);
  });

  test('a date in the past and a short phone number are refused', async ({ page }) => {
    const requests = await interceptForm(page, ENDPOINT);
    await openRoute(page, '/request-service');
    await fillValidQuote(page);
    await field.eventDate(page).fill(isoDateFromToday(-1));
    await field.phone(page).fill('202 555 013');
    await submit(page).click();
    await expect(field.phone(page)).toBeFocused();
    await expectFieldError(page, 'quote-phone', quoteMessages.phone);
    await expectFieldError(page, 'quote-eventDate', quoteMessages.eventDatePast);
    await field.eventDate(page).fill(isoDateFromToday(0));
    await expect(page.locator('#quote-eventDate-error')).toHaveCount(0);
    expect(requests).toHaveLength(0);
  });

  test('a valid submit sends exactly the body and headers, then confirms', async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const requests = await interceptForm(page, ENDPOINT, 200, { release: held });
    await openRoute(page, '/request-service');
    await fillValidQuote(page);
    await submit(page).click();

    const sending = page.getByRole('button', { name: 'Submitting...' });
    await expect(sending).toBeDisabled();
    await expect(page.getByRole('status')).toHaveText('Submitting...');
    await sending.click({ force: true });
    await page.keyboard.press('Enter');
    release();

    const heading = page.getByRole('heading', { name: quoteForm.confirmation.heading });
    await expect(heading).toBeFocused();
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method()).toBe('POST');
    expect(request?.headers()['content-type']).toBe('application/json');
    expect(request?.headers()['accept']).toBe('application/json');
    expect(sentFields(request)).toStrictEqual(valid);

    await expect(page.getByText(/within 24 hours with a personalized quote/)).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('link', { name: company.phones.direct.display }),
    ).toHaveAttribute('href', `tel:${company.phones.direct.e164}`);
    await expectNoAxeViolations(page);

    // The draft is gone once sent.
    await page.reload();
    await expect(field.clientName(page)).toHaveValue('');
    await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.home.heading);
  });

  test('a reload restores the draft, and an emptied additional-information field is sent as an empty string', async ({
    page,
  }) => {
    const requests = await interceptForm(page, ENDPOINT);
    await openRoute(page, '/request-service');
    await fillValidQuote(page);
    await page.reload();
    await expectValidQuoteKept(page);
    await field.additionalInfo(page).fill('');
    await submit(page).click();
    await expect(page.getByRole('heading', { name: quoteForm.confirmation.heading })).toBeVisible();
    expect(sentFields(requests[0])).toStrictEqual({ ...valid, additionalInfo: '' });
  });

  test('a 500 answer, then a network failure, each show the alert and keep every value', async ({
    page,
  }) => {
    const dialogs = recordDialogs(page);
    const answers: (500 | 'abort')[] = [500, 'abort'];
    const requests = await interceptForm(page, ENDPOINT, () => answers.shift() ?? 200);
    await openRoute(page, '/request-service');
    await fillValidQuote(page);
    for (const sent of [1, 2]) {
      await submit(page).click();
      await expect
        .poll(() => dialogs)
        .toEqual(Array.from({ length: sent }, () => quoteForm.sendError));
      expect(requests).toHaveLength(sent);
      await expect(submit(page)).toBeEnabled();
      await expect(page.getByRole('heading', { name: quoteForm.confirmation.heading })).toHaveCount(
        0,
      );
      await expectValidQuoteKept(page);
    }
    // …and still after a reload.
    await page.reload();
    await expectValidQuoteKept(page);
  });

  test('the spam trap is out of reach and sent only when filled', async ({ page }) => {
    const requests = await interceptForm(page, ENDPOINT);
    await openRoute(page, '/request-service');
    const trap = page.locator('input[name="_gotcha"]');
    await expect(trap).toHaveAttribute('tabindex', '-1');
    await expect(trap).toHaveAttribute('autocomplete', 'off');
    await expect(page.getByRole('textbox', { name: 'Leave this field empty' })).toHaveCount(0);
    await fillValidQuote(page);
    await trap.fill('https://spam.example');
    await submit(page).click();
    await expect(page.getByRole('heading', { name: quoteForm.confirmation.heading })).toBeVisible();
    expect(sentFields(requests[0])).toStrictEqual({
      ...valid,
      _gotcha: 'https://spam.example',
    });
  });

  test('the Spanish alias opens the same form and sends it', async ({ page }) => {
    const requests = await interceptForm(page, ENDPOINT);
    await openRoute(page, '/solicitar-servicio');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.quote.heading);
    await fillValidQuote(page);
    await submit(page).click();
    await expect(page.getByRole('heading', { name: quoteForm.confirmation.heading })).toBeFocused();
    expect(sentFields(requests[0])).toStrictEqual(valid);
  });
});

test.describe('quote request form at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('errors fit the screen with no axe violations', async ({ page }) => {
    await openRoute(page, '/request-service');
    await submit(page).click();
    await expect(field.clientName(page)).toBeFocused();
    await expect(field.clientName(page)).toBeInViewport();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
  });
});
