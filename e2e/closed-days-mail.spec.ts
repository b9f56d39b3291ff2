import { expect, type Page } from '@playwright/test';
import { respondBy } from '../src/business-time/promises';
import { adminText } from '../src/content/admin';
import { hoursEditorText as words } from '../src/content/admin-hours';
import { siteEditorText as text } from '../src/content/admin-site';
import { businessContent } from '../src/content/business';
import { DEFAULT_OPENING_HOURS } from '../src/content/opening-hours';
import { NOTHING_PUBLISHED } from '../src/content/published';
import { quoteFormContent, quoteServiceOptions } from '../src/content/quote-form';
import { bodyText } from '../server/testing/smtp';
import { isoDateFromToday } from './form-helpers';
import { OWNER_MAILBOX, receiverTest, type Receiver } from './receiver-fixture';
import { signInToInbox } from './receiver-helpers';

const { business } = businessContent(NOTHING_PUBLISHED);
const { quoteForm } = quoteFormContent(NOTHING_PUBLISHED);

/**
 * The owner's hours and closed days reach the e-mails, through a real SMTP server: the owner
 * opens every day of the week and closes today and tomorrow (the office's calendar), publishes,
 * and a quote sent now is promised an answer after them, in the acknowledgement and in the owner's
 * notification, which also writes the phone, the event date and the time received for people.
 */

const owner = 'closed.days@example.com';
const password = 'a long e2e test password';
const test = receiverTest({ folder: 'e2e-closed-', mail: true, owner: { email: owner, password } });
test.describe.configure({ mode: 'serial' });

/** 'YYYY-MM-DD' on the office's calendar, `days` from now. */
function officeDate(days: number): string {
  const at = new Date(Date.now() + days * 24 * 3_600_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: business.timeZone }).format(at);
}

const closedDays = [officeDate(0), officeDate(1)].map((date) => ({ date, note: 'Closed' }));
const published = {
  ...business,
  openingHours: DEFAULT_OPENING_HOURS.map((day) => ({ ...day, open: true })),
  closedDays,
};

async function mailFor(receiver: Receiver, address: string) {
  const sent = () => receiver.mail.filter((mail) => mail.to.includes(address));
  await expect.poll(() => sent().length, { timeout: 15_000 }).toBeGreaterThan(0);
  return bodyText(sent()[0]?.raw ?? '');
}

async function sendQuote(page: Page, email: string, eventDate: string) {
  const { fields } = quoteForm;
  await page.goto('/#/request-service');
  await page.getByLabel(fields.clientName.label).fill('Jordan Rivera');
  await page.getByLabel(fields.phone.label).fill('7035550123');
  await page.getByLabel(fields.email.label, { exact: true }).fill(email);
  await page.getByLabel(fields.eventDate.label).fill(eventDate);
  await page.getByLabel(fields.guestCount.label).fill('80');
  await page.getByLabel(fields.address.label).fill('1300 Pennsylvania Ave NW, Washington, DC');
  await page.getByRole('checkbox', { name: quoteServiceOptions[1]?.label ?? '' }).check();
  await page.getByRole('button', { name: quoteForm.submit }).click();
  await expect(page.getByRole('heading', { name: quoteForm.confirmation.heading })).toBeVisible();
}

test('the owner opens every day, closes today and tomorrow, and publishes', async ({ page }) => {
  await signInToInbox(page, owner, password);
  await expect(
    page.getByRole('heading', { level: 1, name: adminText.inbox.heading }),
  ).toBeVisible();
  await page.goto('/admin/#/site');
  await page.getByRole('link', { name: 'Business facts', exact: true }).click();
  const week = page.getByRole('group', { name: 'Opening hours' });
  await week.getByRole('checkbox', { name: 'Open on Saturday' }).check();
  await week.getByRole('checkbox', { name: 'Open on Sunday' }).check();
  const closed = page.getByRole('group', { name: 'Closed days' });
  for (const [index, day] of closedDays.entries()) {
    await closed.getByRole('button', { name: words.closedDays.add }).click();
    await closed
      .getByLabel(`${words.closedDays.item(index + 1)}: ${words.closedDays.date}`)
      .fill(day.date);
    await closed
      .getByLabel(`${words.closedDays.item(index + 1)}: ${words.closedDays.note}`)
      .fill(day.note);
  }
  await page.getByRole('button', { name: text.editor.save }).click();
  await expect(page.getByText(text.editor.saved, { exact: true })).toBeVisible();
  await page.goto('/admin/#/site');
  await page.getByRole('button', { name: text.publish.button, exact: true }).click();
  await expect(page.getByText(text.publish.live(1))).toBeVisible({ timeout: 60_000 });
});

test("the owner's notification writes the phone, the event date and the time for people", async ({
  page,
  receiver,
}) => {
  const email = `formats.${Date.now()}@example.org`;
  await sendQuote(page, email, isoDateFromToday(30));
  const notification = await mailFor(receiver, OWNER_MAILBOX);
  expect(notification).toMatch(/^Phone {2,}\(703\) 555-0123$/m);
  expect(notification).toMatch(/^Event date {2,}\w+day, \w+ \d{1,2}, \d{4}$/m);
  expect(notification).toMatch(
    /^Received \w+day, \w+ \d{1,2}, \d{4} at \d{1,2}:\d\d [AP]M E[SD]T, /m,
  );
  expect(notification).not.toContain('UTC');
});

test('a quote sent now is promised an answer after the closed days, to the visitor and the owner', async ({
  page,
  receiver,
}) => {
  const email = `closed.${Date.now()}@example.org`;
  await sendQuote(page, email, isoDateFromToday(30));
  const due = new Date(respondBy(Date.now(), published));
  const day = (locale: string) =>
    new Intl.DateTimeFormat(locale, {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      timeZone: business.timeZone,
    }).format(due);
  expect(await mailFor(receiver, email)).toContain(`We will reply by ${day('en-US')} at `);
  const notifications = receiver.mail.filter((mail) => mail.to.includes(OWNER_MAILBOX));
  expect(bodyText(notifications.at(-1)?.raw ?? '')).toContain(`Respond by ${day('en-US')} at `);
});
