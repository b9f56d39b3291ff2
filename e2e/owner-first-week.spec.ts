import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { respondBy } from '../src/business-time/promises';
import { adminText } from '../src/content/admin';
import { hoursEditorText as hoursWords } from '../src/content/admin-hours';
import { siteEditorText as editorText } from '../src/content/admin-site';
import { businessContent } from '../src/content/business';
import { DEFAULT_OPENING_HOURS } from '../src/content/opening-hours';
import { NOTHING_PUBLISHED } from '../src/content/published';
import { quoteFormContent, quoteServiceOptions } from '../src/content/quote-form';
import { bodyText, startSmtp, type Received } from '../server/testing/smtp';
import {
  startReceiver,
  stopReceiver,
  type ReceiverProcess,
} from '../server/testing/receiver-harness';
import { isoDateFromToday } from './form-helpers';

/**
 * An owner's first week, from an empty database, as the owner and a visitor meet it: the owner
 * claims the site with the code the server printed, publishes both phone lines, a Facebook page,
 * every day's hours from 8:00 and today and tomorrow as closed days (the office's calendar) from the site editor; a
 * visitor sends a quote through the page; the acknowledgement and the owner's notification, in a
 * real SMTP server, carry the published phones, a WhatsApp link to the new office number and a
 * "reply by" that skips the closed day; both languages' footers link to the Facebook page; after a
 * restart the first page served has the published phone.
 */

const { business } = businessContent(NOTHING_PUBLISHED);
const { quoteForm } = quoteFormContent(NOTHING_PUBLISHED);
const owner = { email: 'first.week@example.com', password: 'a long e2e test password' };
const OWNER_MAILBOX = 'bookings@first-week.example';
const CODE = /enter the setup code: ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/;
const phones = {
  direct: { typed: '(202) 555-2368', e164: '+12025552368' },
  office: { typed: '(301) 555-7719', e164: '+13015557719' },
};
const facebook = 'https://www.facebook.com/first-week-staffing';

/** 'YYYY-MM-DD' on the office's calendar, `days` from now. */
function officeDate(days: number): string {
  const at = new Date(Date.now() + days * 24 * 3_600_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: business.timeZone }).format(at);
}
// Open every day from 8:00, closed today and tomorrow: a quote sent now is due the day after
// tomorrow at 12:00, which the code's hours (Monday to Friday from 9:00) never give.
const closedDays = [officeDate(0), officeDate(1)].map((date) => ({ date, note: 'Staff training' }));
const week = DEFAULT_OPENING_HOURS.map((day) => ({ ...day, open: true, opens: '08:00' }));

test.describe.configure({ mode: 'serial' });

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: ReceiverProcess;
let dataDir: string;
let env: Record<string, string>;
const url = () => `http://127.0.0.1:${server.port}`;

test.beforeAll(async () => {
  smtp = await startSmtp();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-first-week-'));
  env = {
    DIST_DIR: process.env.DIST_DIR ?? 'dist',
    BUILD_DIR: process.env.BUILD_DIR ?? 'build',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    NOTIFY_TO: OWNER_MAILBOX,
    NOTIFY_FROM: 'First Week website <forms@first-week.example>',
  };
  server = await startReceiver(dataDir, env);
});

test.afterAll(async () => {
  await stopReceiver(server);
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function mailTo(address: string): Promise<string> {
  const sent = () => smtp.received.filter((mail: Received) => mail.to.includes(address));
  await expect.poll(() => sent().length, { timeout: 20_000 }).toBeGreaterThan(0);
  return bodyText(sent().at(-1)?.raw ?? '');
}

async function claimTheSite(page: Page) {
  await expect.poll(() => CODE.exec(server.output())?.[1]).toBeTruthy();
  const code = CODE.exec(server.output())?.[1] ?? '';
  const { setup } = adminText;
  await page.goto(`${url()}/admin/`);
  await page.getByLabel(setup.code).fill(code);
  await page.getByLabel(setup.email).fill(owner.email);
  await page.getByLabel(setup.password, { exact: true }).fill(owner.password);
  await page.getByLabel(setup.repeat).fill(owner.password);
  await page.getByRole('button', { name: setup.submit }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: adminText.inbox.heading }),
  ).toBeVisible();
}

async function editBusinessFacts(page: Page) {
  await page.goto(`${url()}/admin/#/site`);
  await page.getByRole('link', { name: 'Business facts', exact: true }).click();
  await page.getByLabel('Direct line', { exact: true }).fill(phones.direct.typed);
  await page.getByLabel('Office line', { exact: true }).fill(phones.office.typed);
  const social = page.getByRole('group', { name: 'Social links' });
  await social.getByRole('textbox').first().fill(facebook);
  const hours = page.getByRole('group', { name: 'Opening hours' });
  for (const { day } of week) {
    const open = hours.getByRole('checkbox', { name: `${hoursWords.week.openOn} ${day}` });
    if (!(await open.isChecked())) await open.check();
    await hours.getByLabel(`${day} ${hoursWords.week.opens}`).fill('08:00');
  }
  const closed = page.getByRole('group', { name: 'Closed days' });
  for (const [index, day] of closedDays.entries()) {
    await closed.getByRole('button', { name: hoursWords.closedDays.add }).click();
    const item = hoursWords.closedDays.item(index + 1);
    await closed.getByLabel(`${item}: ${hoursWords.closedDays.date}`).fill(day.date);
    await closed.getByLabel(`${item}: ${hoursWords.closedDays.note}`).fill(day.note);
  }
  await page.getByRole('button', { name: editorText.editor.save }).click();
  await expect(page.getByText(editorText.editor.saved, { exact: true })).toBeVisible();
}

async function sendQuote(page: Page, email: string) {
  const { fields } = quoteForm;
  await page.goto(`${url()}/#/request-service`);
  await page.getByLabel(fields.clientName.label).fill('Jordan Rivera');
  await page.getByLabel(fields.phone.label).fill('7035550123');
  await page.getByLabel(fields.email.label, { exact: true }).fill(email);
  await page.getByLabel(fields.eventDate.label).fill(isoDateFromToday(30));
  await page.getByLabel(fields.guestCount.label).fill('80');
  await page.getByLabel(fields.address.label).fill('1300 Pennsylvania Ave NW, Washington, DC');
  await page.getByRole('checkbox', { name: quoteServiceOptions[1]?.label ?? '' }).check();
  await page.getByRole('button', { name: quoteForm.submit }).click();
  await expect(page.getByRole('heading', { name: quoteForm.confirmation.heading })).toBeVisible();
}

test('the owner claims the site and publishes the phones, a Facebook page, hours and closed days', async ({
  page,
}) => {
  await claimTheSite(page);
  await editBusinessFacts(page);
  await page.goto(`${url()}/admin/#/site`);
  await page.getByRole('button', { name: editorText.publish.button, exact: true }).click();
  await expect(page.getByText(editorText.publish.live(1))).toBeVisible({ timeout: 60_000 });
});

test('a quote sent through the page is acknowledged with the published phones and a reply-by past the closed days', async ({
  page,
}) => {
  const visitor = `first.week.${Date.now()}@example.org`;
  await sendQuote(page, visitor);
  const acknowledgement = await mailTo(visitor);
  const notification = await mailTo(OWNER_MAILBOX);

  for (const phone of Object.values(phones)) expect(acknowledgement).toContain(phone.typed);
  expect(acknowledgement).toContain(`https://wa.me/${phones.office.e164.slice(1)}`);
  for (const placeholder of ['(703) 555-0142', '(703) 555-0187', 'wa.me/17035550187']) {
    expect(acknowledgement).not.toContain(placeholder);
  }

  // The reply-by counted on the published week and closed days, not the code's hours.
  const due = new Date(respondBy(Date.now(), { ...business, openingHours: week, closedDays }));
  const inZone = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-US', { ...options, timeZone: business.timeZone }).format(due);
  const day = inZone({ weekday: 'long', month: 'long', day: 'numeric' });
  const time = inZone({ hour: 'numeric', minute: '2-digit' });
  expect(time).toBe('12:00 PM');
  expect(closedDays.map(({ date }) => date)).not.toContain(
    new Intl.DateTimeFormat('en-CA', { timeZone: business.timeZone }).format(due),
  );
  expect(acknowledgement).toContain(`We will reply by ${day} at ${time} Eastern Time`);
  expect(notification).toContain(`Respond by ${day} at ${time} `);
});

test('both languages’ footers link to the Facebook page', async ({ page }) => {
  for (const address of ['/', '/es/']) {
    await page.goto(`${url()}${address}`);
    await expect(page.locator(`footer a[href="${facebook}"]`)).toBeVisible();
  }
});

test('after a restart the first page served has the published phone', async ({ request }) => {
  await stopReceiver(server);
  server = await startReceiver(dataDir, env);
  const first = await request.get(`${url()}/`);
  expect(first.status()).toBe(200);
  const html = await first.text();
  expect(html).toContain(`tel:${phones.office.e164}`);
  expect(html).not.toContain('tel:+17035550187');
});
