import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { adminText } from '../src/content/admin';
import { applicationFormContent } from '../src/content/application-form';
import { quoteFormContent } from '../src/content/quote-form';
import { openRoute } from './fixtures';
import { isoDateFromToday } from './form-helpers';
import { NOTHING_PUBLISHED } from '../src/content/published';

const { applicationForm } = applicationFormContent(NOTHING_PUBLISHED);
const { quoteForm } = quoteFormContent(NOTHING_PUBLISHED);

// The real receiver that playwright.config.ts starts: the same database folder and server bundle.
const port = Number(process.env.E2E_PORT ?? 4173);
export const dataDir = process.env.E2E_DATA_DIR ?? `test-results/e2e-data-${port}`;
const buildDir = process.env.BUILD_DIR ?? 'build';

function runNode(script: string, args: readonly string[], input?: string): string {
  return execFileSync(process.execPath, [path.join(buildDir, 'server', script), ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
    stdio: 'pipe',
    ...(input === undefined ? {} : { input }),
  });
}

/** `npm run submissions -- …` against the test server's database. */
export function submissions(...args: string[]): string {
  return runNode('cli.js', args);
}

/** `npm run admin -- add-user EMAIL`, the password given on standard input as a script would. */
export function addUser(email: string, password: string): string {
  return runNode('admin-cli.js', ['add-user', email], `${password}\n`);
}

/** `npm run admin -- two-step on EMAIL`: the authenticator app's key it prints. */
export function twoStepOn(email: string): string {
  const printed = runNode('admin-cli.js', ['two-step', 'on', email]);
  const secret = /type this key[^:]*: ([A-Z2-7]+)\n/.exec(printed)?.[1];
  if (!secret) throw new Error(`two-step on printed no key:\n${printed}`);
  return secret;
}

/**
 * The test server's database, for moving a session's clock. The server may be writing at that
 * moment (a submission, its outbox): wait for its lock as the CLI does, not fail with SQLITE_BUSY.
 */
export function database(): Client {
  return createClient({ url: `file:${path.resolve(dataDir, 'submissions.db')}`, timeout: 5000 });
}

/** A fresh document, so that a form sent before in this page shows no confirmation any more. */
async function openForm(page: Page, route: string) {
  await page.goto('about:blank');
  await openRoute(page, route);
}

/** The quote the browser tests send: `sendQuote` through the form, `postQuote` as its JSON. */
function quote(name: string) {
  return {
    clientName: name,
    phone: '(202) 555-0134',
    email: 'e2e.quote@example.org',
    eventDate: isoDateFromToday(30),
    guestCount: '120',
    address: '1300 Pennsylvania Ave NW, Washington, DC',
    services: ['Servers & Waitstaff', 'Chefs & Kitchen Staff'],
    additionalInfo: 'Sent by the receiver browser test.',
  };
}

/** Fills and sends the quote form, as a visitor does, and waits for its confirmation. */
export async function sendQuote(page: Page, name: string) {
  const fields = quote(name);
  await openForm(page, '/request-service');
  await page.getByLabel('Full name').fill(fields.clientName);
  await page.getByLabel('Phone number').fill(fields.phone);
  await page.getByLabel('Email address').fill(fields.email);
  await page.getByLabel('Event date').fill(fields.eventDate);
  await page.getByLabel('Number of guests').fill(fields.guestCount);
  await page.getByLabel('Event address').fill(fields.address);
  for (const service of fields.services)
    await page.getByRole('checkbox', { name: service }).check();
  await page.getByLabel('Tell us about your event').fill(fields.additionalInfo);
  await page.getByRole('button', { name: quoteForm.submit }).click();
  await expect(page.getByRole('heading', { name: quoteForm.confirmation.heading })).toBeVisible();
}

/**
 * Posts the same quote straight to the receiver, as the form's script does: for tests that need a
 * submission in the inbox, not the visit that makes it.
 */
export async function postQuote(
  request: APIRequestContext,
  name: string,
  headers: Record<string, string> = {},
) {
  const fields = quote(name);
  const answer = await request.post('/api/forms/quote', {
    data: { ...fields, services: fields.services.join(', ') },
    headers,
  });
  expect(answer.status()).toBe(200);
}

export interface ResumeFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export async function sendApplication(page: Page, name: string, resume?: ResumeFile) {
  const { fields } = applicationForm;
  const group = (legend: string) => page.getByRole('group', { name: legend });
  await openForm(page, '/join-our-team');
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
  if (resume) await page.getByLabel(fields.resume.label).setInputFiles(resume);
  await page.getByRole('button', { name: applicationForm.submit }).click();
  await expect(
    page.getByRole('heading', { name: applicationForm.confirmation.heading }),
  ).toBeVisible();
}

/** The inbox's rows, and the one whose name links to `name`. */
export const inboxRows = (page: Page) =>
  page.getByRole('list', { name: adminText.inbox.heading }).getByRole('listitem');
export const inboxRow = (page: Page, name: string) =>
  inboxRows(page).filter({ has: page.getByRole('link', { name, exact: true }) });

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Fills the inbox's sign-in at `origin` (the page's own server when empty) and sends it. */
export async function signInToInbox(page: Page, email: string, password: string, origin = '') {
  const { signIn } = adminText;
  await page.goto(`${origin}/admin/`);
  await page.getByLabel(signIn.email).fill(email);
  await page.getByLabel(signIn.password).fill(password);
  await page.getByRole('button', { name: signIn.submit }).click();
}
