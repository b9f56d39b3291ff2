import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { applicationForm } from '../src/content/application-form';
import { quoteForm } from '../src/content/quote-form';
import { openRoute } from './fixtures';
import { isoDateFromToday } from './form-helpers';

// The real receiver that playwright.config.ts starts: the same database folder and server bundle.
const port = Number(process.env.E2E_PORT ?? 4173);
const dataDir = process.env.E2E_DATA_DIR ?? `test-results/e2e-data-${port}`;
const cli = path.join(process.env.BUILD_DIR ?? 'build', 'server', 'cli.js');

function submissions(...args: string[]): string {
  return execFileSync(process.execPath, [cli, ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
}

interface Exported {
  id: string;
  form: string;
  fields: Record<string, unknown>;
}

function exported(form: string): Exported[] {
  return JSON.parse(submissions('export', '--format', 'json', '--form', form)) as Exported[];
}

async function sendQuote(page: Page, name: string) {
  await openRoute(page, '/request-service');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Phone number').fill('(202) 555-0134');
  await page.getByLabel('Email address').fill('e2e.quote@example.org');
  await page.getByLabel('Event date').fill(isoDateFromToday(30));
  await page.getByLabel('Number of guests').fill('120');
  await page.getByLabel('Event address').fill('1300 Pennsylvania Ave NW, Washington, DC');
  await page.getByRole('checkbox', { name: 'Servers & Waitstaff' }).check();
  await page.getByRole('checkbox', { name: 'Chefs & Kitchen Staff' }).check();
  await page.getByLabel('Tell us about your event').fill('Sent by the receiver browser test.');
  await page.getByRole('button', { name: quoteForm.submit }).click();
  await expect(page.getByRole('heading', { name: quoteForm.confirmation.heading })).toBeVisible({
    timeout: 15_000,
  });
}

async function sendApplication(page: Page, name: string) {
  const { fields } = applicationForm;
  const group = (legend: string) => page.getByRole('group', { name: legend });
  await openRoute(page, '/join-our-team');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Phone number').fill('(571) 555-0199');
  await page.getByLabel('Email address').fill('e2e.application@example.org');
  await page.getByLabel('Home address').fill('2100 Clarendon Blvd, Arlington, VA 22201');
  await page.getByLabel('Date of birth').fill('1990-05-01');
  await group(fields.positionInterest.legend).getByLabel('Bartender').check();
  await group(fields.hasExperience.legend).getByLabel('No').check();
  await group(fields.availability.legend).getByLabel('Saturday').check();
  await group(fields.shiftPreference.legend).getByLabel('Weekends only').check();
  await group(fields.languages.legend).getByLabel('English').check();
  await group(fields.languages.legend).getByLabel('Spanish').check();
  await page.getByRole('button', { name: applicationForm.submit }).click();
  await expect(
    page.getByRole('heading', { name: applicationForm.confirmation.heading }),
  ).toBeVisible({ timeout: 15_000 });
}

test('both forms reach the receiver, and the owner finds both rows with the CLI', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // Unique per run: the receiver folds an identical body sent within ten minutes into one row.
  const run = `${Date.now()}-${test.info().workerIndex}`;
  const quoteName = `Quote E2E ${run}`;
  const applicantName = `Applicant E2E ${run}`;

  await sendQuote(page, quoteName);
  await sendApplication(page, applicantName);

  const list = submissions('list');
  expect(list).toMatch(new RegExp(`quote\\s+[0-9a-f-]{36}\\s+${quoteName}\\s+e2e\\.quote@`));
  expect(list).toMatch(
    new RegExp(`application\\s+[0-9a-f-]{36}\\s+${applicantName}\\s+e2e\\.application@`),
  );

  const quote = exported('quote').find((row) => row.fields.clientName === quoteName);
  expect(quote?.fields).toMatchObject({
    services: 'Servers & Waitstaff, Chefs & Kitchen Staff',
    guestCount: '120',
    additionalInfo: 'Sent by the receiver browser test.',
  });
  const application = exported('application').find((row) => row.fields.fullName === applicantName);
  expect(application?.fields).toMatchObject({
    positionInterest: ['Bartender'],
    hasExperience: 'no',
    shiftPreference: 'fines-semana',
    languages: expect.arrayContaining(['English', 'Spanish']),
  });
  expect(application?.fields).not.toHaveProperty('yearsExperience');
});
