import { expect, type Page } from '@playwright/test';
import { adminText } from '../src/content/admin';
import { businessContent } from '../src/content/business';
import {
  quoteServiceOptions as spanishQuoteServiceOptions,
  quoteFormContent as esQuoteFormContent,
} from '../src/content/es/quote-form';
import { quoteServiceOptions, quoteFormContent } from '../src/content/quote-form';
import { respondBy } from '../src/business-time/promises';
import { applicationBody } from '../server/testing/fixtures';
import { bodyText } from '../server/testing/smtp';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './fixtures';
import { isoDateFromToday } from './form-helpers';
import { OWNER_MAILBOX, receiverTest, type Receiver } from './receiver-fixture';
import { signInToInbox } from './receiver-helpers';
import { NOTHING_PUBLISHED } from '../src/content/published';

const { business } = businessContent(NOTHING_PUBLISHED);
const { quoteForm: spanishQuoteForm } = esQuoteFormContent(NOTHING_PUBLISHED);
const { quoteForm } = quoteFormContent(NOTHING_PUBLISHED);

/**
 * The staffing desk against `npm start`'s server with e-mail on: a local SMTP server, and a
 * receiver of its own (its own database) per worker, so that what one test sends is its own.
 */

const password = 'a long e2e test password';
const owner = 'desk.owner@example.com';

const test = receiverTest({
  folder: 'e2e-desk-',
  mail: true,
  owner: { email: owner, password },
});

let counter = 0;
/** An address no other test uses. */
function visitorAddress(label: string): string {
  counter += 1;
  return `${label}.${Date.now()}.${test.info().workerIndex}.${counter}@example.org`;
}

const mailTo = (receiver: Receiver, address: string) =>
  receiver.mail.filter(
    (mail) => mail.to.includes(address.toLowerCase()) || mail.to.includes(address),
  );

async function mailArrives(receiver: Receiver, address: string) {
  await expect.poll(() => mailTo(receiver, address).length, { timeout: 10_000 }).toBeGreaterThan(0);
  return bodyText(mailTo(receiver, address)[0]?.raw ?? '');
}

type QuoteForm = typeof quoteForm | typeof spanishQuoteForm;

/** The quote form of one site, read from its content: where it is, its labels and its words. */
function quoteWords(form: QuoteForm, path: string, service: string) {
  const { fields } = form;
  return {
    path,
    labels: {
      name: fields.clientName.label,
      phone: fields.phone.label,
      email: fields.email.label,
      date: fields.eventDate.label,
      guests: fields.guestCount.label,
      address: fields.address.label,
      info: fields.additionalInfo.label,
    },
    service,
    submit: form.submit,
    heading: form.confirmation.heading,
  };
}
type QuoteWords = ReturnType<typeof quoteWords>;

const english = quoteWords(quoteForm, '/#/request-service', quoteServiceOptions[1]?.label ?? '');
const spanish = quoteWords(
  spanishQuoteForm,
  '/es/#/request-service',
  spanishQuoteServiceOptions[1]?.label ?? '',
);

/** What the visitor typed, which no acknowledgement may repeat. */
const typed = {
  name: 'Dana Spammer',
  info: 'Cheap watches at https://spam.example/deal',
};

async function sendQuote(page: Page, words: QuoteWords, email: string, guests = '80') {
  // A fresh document: one that has sent the form shows its confirmation.
  await page.goto('about:blank');
  await page.goto(words.path);
  await page.getByLabel(words.labels.name).fill(typed.name);
  await page.getByLabel(words.labels.phone).fill('7035550123');
  await page.getByLabel(words.labels.email, { exact: true }).fill(email);
  await page.getByLabel(words.labels.date).fill(isoDateFromToday(30));
  await page.getByLabel(words.labels.guests).fill(guests);
  await page.getByLabel(words.labels.address).fill('1300 Pennsylvania Ave NW, Washington, DC');
  await page.getByRole('checkbox', { name: words.service }).check();
  await page.getByLabel(words.labels.info).fill(typed.info);
  await page.getByRole('button', { name: words.submit }).click();
  await expect(page.getByRole('heading', { name: words.heading })).toBeVisible();
}

/** The respond-by time the acknowledgement must name, for a quote sent about now. */
function promisedDay(locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: business.timeZone,
  }).format(new Date(respondBy(Date.now(), business)));
}

test.describe("the visitor's acknowledgement", () => {
  test('a quote from the English site is acknowledged in English with the promise', async ({
    page,
    receiver,
  }) => {
    const email = visitorAddress('english');
    await sendQuote(page, english, email);
    const text = await mailArrives(receiver, email);
    expect(text).toContain('Thank you for your quote request.');
    expect(text).toContain(`We will reply by ${promisedDay('en-US')} at `);
    expect(text).toContain('Eastern Time');
    expect(text).toContain('(703) 555-0142');
    for (const words of Object.values(typed)) expect(text).not.toContain(words);
    expect(text).not.toMatch(/spam\.example|Spammer/);
  });

  test('a quote from the Spanish site is acknowledged in Spanish, once a day per address', async ({
    page,
    receiver,
  }) => {
    const email = visitorAddress('spanish');
    await sendQuote(page, spanish, email);
    const text = await mailArrives(receiver, email);
    expect(text).toContain('Gracias por su solicitud de cotización.');
    expect(text).toContain(`Le responderemos antes del ${promisedDay('es-US')}, a las `);
    for (const words of Object.values(typed)) expect(text).not.toContain(words);

    // Another request with the same address the same day: the owner hears of it, the visitor not.
    await receiver.outboxSettled();
    const ownerBefore = mailTo(receiver, OWNER_MAILBOX).length;
    await sendQuote(page, spanish, email, '150');
    await expect.poll(() => mailTo(receiver, OWNER_MAILBOX).length).toBeGreaterThan(ownerBefore);
    // Every e-mail of the outbox sent or given up: no acknowledgement can still be on its way.
    await receiver.outboxSettled();
    expect(mailTo(receiver, email)).toHaveLength(1);
  });
});

test.describe('acknowledgements that cannot be aimed at someone', () => {
  /** Quotes to each of `addresses` over the API; answers once the owner was told of every one. */
  async function quotesTo(page: Page, receiver: Receiver, addresses: readonly string[]) {
    await receiver.outboxSettled();
    const ownerBefore = mailTo(receiver, OWNER_MAILBOX).length;
    for (const [index, email] of addresses.entries()) {
      const answer = await page.request.post('/api/forms/quote', {
        data: {
          clientName: 'Dana Target',
          phone: '7035550123',
          email,
          eventDate: isoDateFromToday(30),
          guestCount: String(50 + index),
          address: '1300 Pennsylvania Ave NW, Washington, DC',
          services: quoteServiceOptions[1]?.label,
          additionalInfo: '',
        },
      });
      expect(answer.status()).toBe(200);
    }
    await expect
      .poll(() => mailTo(receiver, OWNER_MAILBOX).length, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(ownerBefore + addresses.length);
    // Every e-mail of the outbox sent or given up: no acknowledgement can still be on its way.
    await receiver.outboxSettled();
    return receiver.mail.filter((mail) => mail.to.some((to) => addresses.includes(to)));
  }

  test('10 quotes from victim+1@ to victim+10@ send one acknowledgement', async ({
    page,
    receiver,
  }) => {
    const victim = visitorAddress('victim').replace('@', '+1@');
    const addresses = Array.from({ length: 10 }, (_, n) => victim.replace('+1@', `+${n + 1}@`));
    const acknowledgements = await quotesTo(page, receiver, addresses);
    expect(acknowledgements).toHaveLength(1);
    expect(acknowledgements[0]?.to).toEqual([addresses[0]]);
  });

  test("Gmail's dotted and googlemail.com forms of one address get one between them", async ({
    page,
    receiver,
  }) => {
    const name = `victim${Date.now()}w${test.info().workerIndex}`;
    const dotted = `${name.slice(0, 3)}.${name.slice(3, 8)}.${name.slice(8)}`;
    const addresses = [
      `${name}@gmail.com`,
      `${dotted}@gmail.com`,
      `${dotted}+quote@googlemail.com`,
      `${name.slice(0, 4)}.${name.slice(4)}@googlemail.com`,
    ];
    expect(await quotesTo(page, receiver, addresses)).toHaveLength(1);
  });
});

async function signIn(page: Page) {
  await signInToInbox(page, owner, password);
  await expect(
    page.getByRole('heading', { level: 1, name: adminText.inbox.heading }),
  ).toBeVisible();
}

async function postApplication(page: Page, fields: Record<string, unknown>) {
  const answer = await page.request.post('/api/forms/application', { data: fields });
  expect(answer.status()).toBe(200);
}

const inboxText = adminText.inbox;

test.describe('the owner at the staffing desk', () => {
  test("an open quote says 'Respond by', and 'Needs a reply' lists it", async ({ page }) => {
    const email = visitorAddress('respond');
    await sendQuote(page, english, email);
    await signIn(page);
    const row = page.getByRole('listitem').filter({ hasText: email });
    await expect(row.first()).toContainText(
      /Respond by \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M E[SD]T/,
    );
    await expect(row.first()).toContainText('Quote by');
    await expect(row.first().getByRole('link', { name: '(703) 555-0123' })).toHaveAttribute(
      'href',
      'tel:+17035550123',
    );
    await page.getByRole('link', { name: new RegExp(`^${inboxText.needsReply}`) }).click();
    await expect(page).toHaveURL(/view=needs-reply/);
    await expect(page.getByRole('listitem').filter({ hasText: email })).toHaveCount(1);
  });

  test('the roster finds the Spanish-speaking bartender only', async ({ page }) => {
    const run = Date.now();
    const people = {
      wanted: `Bartender Spanish ${run}`,
      englishOnly: `Bartender English ${run}`,
      server: `Server Spanish ${run}`,
    };
    await page.goto('/admin/');
    await postApplication(
      page,
      applicationBody(1, { fullName: people.wanted, email: visitorAddress('a') }),
    );
    await postApplication(
      page,
      applicationBody(2, {
        fullName: people.englishOnly,
        languages: ['English'],
        email: visitorAddress('b'),
      }),
    );
    await postApplication(
      page,
      applicationBody(3, {
        fullName: people.server,
        positionInterest: ['Professional Server'],
        email: visitorAddress('c'),
      }),
    );
    await signIn(page);
    await page.getByRole('searchbox', { name: inboxText.search }).fill(String(run));
    await expect(page.getByRole('link', { name: people.server })).toBeVisible();

    await page.getByText(inboxText.roster.heading).click();
    await page
      .getByRole('group', { name: inboxText.roster.position })
      .getByRole('checkbox', { name: 'Bartender' })
      .check();
    await page
      .getByRole('group', { name: inboxText.roster.language })
      .getByRole('checkbox', { name: 'Spanish' })
      .check();
    await expect(page.getByRole('link', { name: people.wanted })).toBeVisible();
    await expect(page.getByRole('link', { name: people.englishOnly })).toHaveCount(0);
    await expect(page.getByRole('link', { name: people.server })).toHaveCount(0);
    await expect(page).toHaveURL(/position=Bartender/);
    await expect(page).toHaveURL(/language=Spanish/);

    // The export is the same roster.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: inboxText.export }).click();
    const csv = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of csv) chunks.push(chunk as Buffer);
    const exported = Buffer.concat(chunks).toString('utf8');
    expect(exported).toContain(people.wanted);
    expect(exported).not.toContain(people.englishOnly);
    expect(exported).not.toContain(people.server);
  });

  test('the weekly picture shows its chart and the same numbers in a table', async ({ page }) => {
    await postApplication(page, applicationBody(9, { email: visitorAddress('weekly') }));
    await signIn(page);
    await page.getByRole('link', { name: inboxText.weeklyLink }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: adminText.weekly.heading }),
    ).toBeVisible();
    // Quotes and applications, response times, and the visitors (docs/visits.md).
    const charts = page.getByRole('img');
    await expect(charts).toHaveCount(3);
    const table = page.getByRole('table', { name: adminText.weekly.tableCaption, exact: true });
    await expect(table.getByRole('row')).toHaveCount(13);
    // This week's row counts the application just sent (cells: quotes, applications, …).
    const thisWeek = table.getByRole('row').last();
    await expect(thisWeek.getByRole('cell').nth(1)).not.toHaveText('0');
  });
});

for (const width of [390, 1280]) {
  test(`the staffing desk's screens have no axe violations at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 800 });
    await sendQuote(page, english, visitorAddress('axe'));
    await signIn(page);
    await page.getByText(inboxText.roster.heading).click();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await page.getByRole('link', { name: new RegExp(`^${inboxText.needsReply}`) }).click();
    await expect(page).toHaveURL(/view=needs-reply/);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: typed.name }).first().click();
    await expect(page.getByRole('heading', { name: adminText.submission.promise })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/admin/#/weekly');
    await expect(
      page.getByRole('table', { name: adminText.weekly.tableCaption, exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('checkbox', { name: adminText.weeklyEmail.label })).toBeChecked();
    await expectNoAxeViolations(page);
    // The table scrolls inside its box on a phone; the page itself does not.
    await expectNoHorizontalScroll(page);
  });
}
