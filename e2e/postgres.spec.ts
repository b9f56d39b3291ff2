import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { adminText } from '../src/content/admin';
import { signIn as signInOwner } from '../server/testing/receiver-harness';
import { siteApi } from './site-helpers';
import { samplePdf } from '../server/testing/fixtures';
import { expectNoAxeViolations } from './fixtures';
import { receiverTest } from './receiver-fixture';
import {
  inboxRow as row,
  inboxRows as rows,
  sendApplication,
  sendQuote,
  sha256,
  signInToInbox,
} from './receiver-helpers';

/**
 * The site and the owner's inbox on Postgres, as a business past one machine runs them: two
 * instances of `npm start`'s server on one database (the tests' own Postgres server), a visitor
 * on one, the owner on either.
 */

const password = 'a long e2e test password';
const owner = 'pg.owner@example.com';
const { inbox: inboxText, submission: detailText } = adminText;

interface Instances {
  one: string;
  two: string;
}

const test = receiverTest({
  folder: 'e2e-pg-',
  postgres: true,
  owner: { email: owner, password },
}).extend<{ instances: Instances }>({
  instances: async ({ receiver }, use) =>
    use({ one: receiver.urls[0] ?? '', two: receiver.urls[1] ?? '' }),
});

// One worker for the file: one Postgres server and one pair of instances for both tests.
test.describe.configure({ mode: 'default' });

let counter = 0;
function unique(label: string): string {
  counter += 1;
  return `${label} ${Date.now()}${counter}`;
}

const signIn = (page: Page, instance: string) => signInToInbox(page, owner, password, instance);

test('a quote sent on one instance: the owner signs in on it, then finds and answers it on the other', async ({
  page,
  instances,
}) => {
  const name = unique('María José Núñez');
  await sendQuote(page, name);

  await signIn(page, instances.one);
  await expect(row(page, name)).toBeVisible();

  // The other instance knows the session (a cookie is the host's, whatever the port).
  await page.goto(`${instances.two}/admin/`);
  await expect(page.getByRole('heading', { level: 1, name: inboxText.heading })).toBeVisible();
  // Accents ignored, the start of words: Postgres's search finds what SQLite's finds.
  await page.getByLabel(inboxText.search).fill(`maria nun ${name.split(' ').at(-1) ?? ''}`);
  await expect(page).toHaveURL(/q=maria\+nun/);
  await expect(rows(page)).toHaveCount(1);
  await row(page, name).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('radio', { name: adminText.statuses.in_progress }).click();
  await expect(
    page.getByText(detailText.statusSaved(adminText.statuses.in_progress)),
  ).toBeVisible();

  // Back on the first instance: the change and who made it.
  await page.goto(`${instances.one}/admin/`);
  // The phone's digits, typed without its punctuation.
  await page.getByLabel(inboxText.search).fill('2025550134');
  await expect(page).toHaveURL(/q=2025550134/);
  await row(page, name).getByRole('link', { name, exact: true }).click();
  await expect(
    page.getByText(detailText.statusEvent(adminText.statuses.in_progress, owner)),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test("an applicant's résumé sent on one instance downloads byte for byte from the other", async ({
  page,
  instances,
}) => {
  const name = unique('Résumé Applicant');
  const resume = samplePdf(40_000, name);
  await sendApplication(page, name, {
    name: `${name} CV.pdf`,
    mimeType: 'application/pdf',
    buffer: resume,
  });

  await signIn(page, instances.two);
  await expect(row(page, name)).toContainText(inboxText.withResume);
  await page.getByRole('link', { name, exact: true }).click();
  const files = page.getByRole('region', { name: detailText.files });
  const download = page.waitForEvent('download');
  await files.getByRole('link', { name: `${detailText.download} ${name} CV.pdf` }).click();
  expect(sha256(readFileSync(await (await download).path()))).toBe(sha256(resume));
});

test('a publish made on one instance is live on the other within 10 seconds', async ({
  request,
  instances,
}) => {
  const port = Number(new URL(instances.one).port);
  const api = siteApi(request, instances.one, await signInOwner(port, { email: owner, password }));
  const tagline = unique('Staffing the capital’s finest evenings');
  const published = await api.publishFields({
    'home.hero/eyebrow': { en: tagline, es: `ES ${tagline}` },
  });
  expect(published.status(), await published.text()).toBe(200);
  const started = Date.now();
  await expect
    .poll(async () => (await request.get(`${instances.two}/es/`)).text(), { timeout: 10_000 })
    .toContain(`ES ${tagline}`);
  expect(Date.now() - started).toBeLessThan(10_000);
  expect(await (await request.get(`${instances.two}/`)).text()).toContain(tagline);
});
