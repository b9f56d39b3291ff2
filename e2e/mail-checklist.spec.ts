import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { mailCheckText, mailChecklistText as text } from '../src/content/admin-mail-check';
import { siteEditorText } from '../src/content/admin-site';
import { startDns, type TestDns } from '../server/testing/dns';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './fixtures';
import { receiverTest, type Receiver } from './receiver-fixture';

/**
 * The launch checklist's mail section against the real server, a real SMTP server and a real DNS
 * server answering for staffing.test (docs/mail-delivery.md, "The check"): a DMARC record missing
 * is shown with the exact record to add, and OK once published; the test e-mail reaches the SMTP
 * server and the page shows its answer. The outbox signs with DKIM (a key of the test's own), so
 * the DKIM record to add is a long value: it must wrap on a phone.
 */

const owner = { email: 'mail.owner@staffing.test', password: 'a long e2e test password' };
const SPF = 'v=spf1 ip4:127.0.0.1 -all';

let dns: TestDns | undefined;
let keyDir = '';

// Read when the worker's receiver starts, after the `dnsServer` fixture (automatic: set up first).
const env = {
  NOTIFY_FROM: 'Potomac Staffing <hello@staffing.test>',
  DKIM_SELECTOR: 'site',
  get MAIL_DNS_SERVERS() {
    if (!dns) throw new Error('the DNS server is not started');
    return dns.server;
  },
  get DKIM_PRIVATE_KEY_FILE() {
    return path.join(keyDir, 'dkim.pem');
  },
};

const test = receiverTest({
  folder: 'e2e-mail-check-',
  mail: true,
  owner,
  signedIn: true,
  env,
}).extend<object, { dnsServer: TestDns }>({
  dnsServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
    async ({}, use) => {
      dns = await startDns({ 'staffing.test': [SPF] });
      keyDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-mail-check-key-'));
      const { privateKey } = generateKeyPairSync('rsa', {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      });
      writeFileSync(path.join(keyDir, 'dkim.pem'), privateKey, { mode: 0o600 });
      await use(dns);
      await dns.close();
      rmSync(keyDir, { recursive: true, force: true });
    },
    { scope: 'worker', auto: true },
  ],
});

test.describe.configure({ mode: 'serial' });

/** The site editor, signed in with the receiver's session, its mail section checked. */
async function openMailSection(page: Page, receiver: Receiver) {
  const [name = '', value = ''] = receiver.cookie.split('=');
  await page.context().addCookies([{ name, value, url: receiver.url }]);
  await page.goto('/admin/#/site');
  const checklist = page.getByRole('region', { name: siteEditorText.checklist.heading });
  const section = checklist.getByRole('region', { name: mailCheckText.heading });
  await expect(
    section.getByRole('heading', { level: 3, name: mailCheckText.heading }),
  ).toBeVisible();
  await expect(section.getByRole('list')).toBeVisible({ timeout: 30_000 });
  return section;
}

/** The item that shows the record named `name` to add. */
function itemWithRecord(section: ReturnType<Page['getByRole']>, name: string) {
  return section
    .getByRole('listitem')
    .filter({ has: section.page().getByRole('table', { name: text.record.caption }) })
    .filter({ has: section.page().locator('code', { hasText: new RegExp(`^${name}$`) }) });
}

test('a missing DMARC record is shown with the record to add, and OK once published', async ({
  page,
  receiver,
}) => {
  dns?.setTxt('_dmarc.staffing.test');
  const section = await openMailSection(page, receiver);

  const dmarc = itemWithRecord(section, '_dmarc\\.staffing\\.test');
  await expect(dmarc).toHaveCount(1);
  await expect(dmarc.getByRole('heading', { level: 4 })).toContainText(text.states.problem);
  // Where it sits in the list: the same place says the record's state after the new check.
  const texts = await section.getByRole('listitem').allTextContents();
  const place = texts.findIndex((each) => each.includes('_dmarc.staffing.test'));
  const table = dmarc.getByRole('table', { name: text.record.caption });
  const row = (name: string) => table.getByRole('row', { name: new RegExp(`^${name}`) });
  await expect(row(text.record.type)).toContainText('TXT');
  await expect(row(text.record.name).locator('code')).toHaveText('_dmarc.staffing.test');
  const value = row(text.record.value).locator('code');
  await expect(value).toHaveText(/^v=DMARC1;/);
  const record = (await value.textContent()) ?? '';

  // The owner publishes exactly the record shown.
  dns?.setTxt('_dmarc.staffing.test', record);
  await section.getByRole('button', { name: text.checkAgain }).click();
  const published = section.getByRole('listitem').nth(place);
  await expect(published.getByRole('heading', { level: 4 })).toContainText(text.states.ok, {
    timeout: 30_000,
  });
  await expect(published).not.toContainText(text.states.problem);
  await expect(itemWithRecord(section, '_dmarc\\.staffing\\.test')).toHaveCount(0);
  expect(dns?.asked).toContain('TXT _dmarc.staffing.test');
});

test('‘Send a test e-mail’ reaches the mail server, and the page shows its answer', async ({
  page,
  receiver,
}) => {
  const section = await openMailSection(page, receiver);
  await expect(section).toContainText(text.testEmail.intro(owner.email));
  const before = receiver.mail.length;

  await section.getByRole('button', { name: text.testEmail.button }).click();

  const answer = section.getByText(/^Accepted by the mail server: 250 /);
  await expect(answer).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => receiver.mail.length).toBe(before + 1);
  const mail = receiver.mail.at(-1);
  expect(mail?.to).toEqual([owner.email]);
  expect(mail?.raw).toMatch(/^Auto-Submitted: auto-generated$/m);
  expect(mail?.raw).toMatch(/^Message-ID: <mail-check\.\d+\.[0-9a-f]+@staffing\.test>$/m);
  expect(await answer.textContent()).toContain('250');
});

test('the mail section has no axe violations at 390 and 1280 px, and no sideways scroll on a phone', async ({
  page,
  receiver,
}) => {
  dns?.setTxt('_dmarc.staffing.test');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const section = await openMailSection(page, receiver);
    // The DKIM key to publish: one word of some 400 characters, wrapped in its box.
    const key = section.locator('code', { hasText: /^v=DKIM1;/ });
    await expect(key).toBeVisible();
    await expect(key).toHaveCSS('word-break', 'break-all');
    await expectNoAxeViolations(page, 'main');
    if (width === 390) await expectNoHorizontalScroll(page);
  }
});

test('while a check runs, ‘Check again’ looks unavailable and asks nothing more', async ({
  page,
  receiver,
}) => {
  // The check held at the server's door, as one waiting on a slow relay is.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  await page.route('**/admin/api/mail-check', async (route) => {
    asked += 1;
    await held;
    await route.continue();
  });
  const [name = '', value = ''] = receiver.cookie.split('=');
  await page.context().addCookies([{ name, value, url: receiver.url }]);
  await page.goto('/admin/#/site');
  const section = page
    .getByRole('region', { name: siteEditorText.checklist.heading })
    .getByRole('region', { name: mailCheckText.heading });
  await expect(section.getByRole('status').first()).toHaveText(text.checking);

  const again = section.getByRole('button', { name: text.checkAgain });
  await expect(again).toHaveAttribute('aria-disabled', 'true');
  await expect(again).toHaveCSS('opacity', '0.7');
  // Clicked all the same (Playwright waits for an enabled button otherwise): nothing more asked.
  await again.click({ force: true });
  expect(asked).toBe(1);
  await expectNoAxeViolations(page, 'main');

  release();
  await expect(section.getByRole('list')).toBeVisible({ timeout: 30_000 });
  await expect(again).toHaveCSS('opacity', '1');
  expect(asked).toBe(1);
});
