import { execFileSync } from 'node:child_process';
import { Resolver } from 'node:dns/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { authenticate, type DNSResolver } from 'mailauth';
import { adminText } from '../src/content/admin';
import { mailCheckText, mailChecklistText as text } from '../src/content/admin-mail-check';
import { startDns, type TestDns } from '../server/testing/dns';
import type { Received } from '../server/testing/smtp';
import { expectNoHorizontalScroll } from './fixtures';
import { receiverTest } from './receiver-fixture';
import { postQuote, signInToInbox } from './receiver-helpers';

/**
 * An owner's launch, end to end (issue 49; docs/mail-delivery.md): the DKIM key made with
 * `npm run admin -- dkim-key`; the inbox's banner says the domain's records are missing and leads
 * to the launch checklist; every record the checklist shows, published exactly as shown on a real
 * DNS server, makes the check OK and the banner quiet; the test e-mail and a visitor's
 * acknowledgement then pass DKIM, SPF and DMARC as a receiving server (mailauth) judges them.
 */

const DOMAIN = 'staffing.test';
const SELECTOR = 'launch';
const owner = { email: 'launch.owner@staffing.test', password: 'a long e2e test password' };

let dns: TestDns | undefined;
let keyDir = '';
/** What `dkim-key` printed. */
let printed = '';

const env = {
  NOTIFY_FROM: `Potomac Staffing <hello@${DOMAIN}>`,
  DKIM_SELECTOR: SELECTOR,
  get MAIL_DNS_SERVERS() {
    if (!dns) throw new Error('the DNS server is not started');
    return dns.server;
  },
  get DKIM_PRIVATE_KEY_FILE() {
    return path.join(keyDir, 'dkim.pem');
  },
};

const test = receiverTest({ folder: 'e2e-mail-launch-', mail: true, owner, env }).extend<
  object,
  { launchDns: TestDns }
>({
  launchDns: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
    async ({}, use) => {
      // Nothing published yet for the domain.
      dns = await startDns();
      keyDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-mail-launch-key-'));
      printed = execFileSync(
        process.execPath,
        [
          'scripts/run/admin.mjs',
          'dkim-key',
          '--selector',
          SELECTOR,
          '--domain',
          DOMAIN,
          '--out',
          env.DKIM_PRIVATE_KEY_FILE,
        ],
        { encoding: 'utf8', env: { ...process.env, NOTIFY_FROM: env.NOTIFY_FROM } },
      );
      await use(dns);
      await dns.close();
      rmSync(keyDir, { recursive: true, force: true });
    },
    { scope: 'worker', auto: true },
  ],
});

test.describe.configure({ mode: 'serial' });

/** A receiving server's verdict on a message the relay was handed (SPF on the envelope, from loopback). */
async function verdict(mail: Received | undefined) {
  const asking = new Resolver({ timeout: 2000, tries: 1 });
  if (dns) asking.setServers([dns.server]);
  const resolver: DNSResolver = async (name, rrtype) => {
    if (rrtype !== 'TXT') throw Object.assign(new Error(`no ${rrtype}`), { code: 'ENODATA' });
    return asking.resolveTxt(name);
  };
  const result = await authenticate(Buffer.from(mail?.raw ?? ''), {
    ip: '127.0.0.1',
    helo: 'localhost',
    sender: mail?.from ?? '',
    mta: 'mx.receiver.test',
    resolver,
    disableArc: true,
    disableBimi: true,
  });
  return {
    dkim: result.dkim.results.map((each) => each.status.result),
    spf: result.spf && typeof result.spf === 'object' ? result.spf.status.result : 'none',
    dmarc: result.dmarc && typeof result.dmarc === 'object' ? result.dmarc.status.result : 'none',
  };
}

/** Each record table the mail section shows: its name and value, exactly as written there. */
async function shownRecords(section: Locator) {
  const tables = section.getByRole('table', { name: text.record.caption });
  const records: { name: string; value: string }[] = [];
  for (const table of await tables.all()) {
    const row = (label: string) => table.getByRole('row', { name: new RegExp(`^${label}`) });
    records.push({
      name: (await row(text.record.name).locator('code').textContent()) ?? '',
      value: (await row(text.record.value).locator('code').textContent()) ?? '',
    });
  }
  return records;
}

async function mailSection(page: Page) {
  const section = page.getByRole('region', { name: mailCheckText.heading });
  await expect(section.getByRole('list')).toBeVisible({ timeout: 30_000 });
  return section;
}

test('an owner launching: the banner, the records shown, published, and mail that passes DKIM, SPF and DMARC', async ({
  page,
  receiver,
}) => {
  // The key command printed the record and the settings, never the key.
  expect(printed).toContain(`${SELECTOR}._domainkey.${DOMAIN}`);
  expect(printed).toContain('v=DKIM1; k=rsa; p=');
  expect(printed).not.toContain('PRIVATE KEY');

  await page.setViewportSize({ width: 390, height: 844 });
  await signInToInbox(page, owner.email, owner.password);
  await expect(
    page.getByRole('heading', { level: 1, name: adminText.inbox.heading }),
  ).toBeVisible();

  // The watch looked the records up at the server's start: the banner says which are missing.
  const banner = page.getByRole('status').filter({ hasText: 'may land in spam' });
  // (The banner is read at load: on a slow machine the first look-up may end after it, then a
  // reload shows it, as it would to the owner.)
  const said = `the SPF, DMARC and DKIM records of ${DOMAIN} are missing`;
  await expect(async () => {
    if ((await banner.count()) === 0) await page.reload();
    await expect(banner).toContainText(said, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expectNoHorizontalScroll(page);
  await banner.getByRole('link', { name: adminText.mailFailures.dnsFix.link }).click();
  // The link lands on the mail section itself, screens below the site page's top on a phone.
  await expect(page.getByRole('heading', { name: mailCheckText.heading })).toBeInViewport();

  // The launch checklist: a record to add for each, the DKIM one the key command printed.
  const section = await mailSection(page);
  const toFix = section.getByRole('listitem').filter({ hasText: text.states.problem });
  await expect(toFix).toHaveCount(3);
  const records = await shownRecords(section);
  expect(records.map((record) => record.name).sort()).toEqual(
    [DOMAIN, `_dmarc.${DOMAIN}`, `${SELECTOR}._domainkey.${DOMAIN}`].sort(),
  );
  const dkim = records.find((record) => record.name.includes('_domainkey'));
  expect(printed).toContain(dkim?.value);
  await expectNoHorizontalScroll(page);

  // The owner publishes each exactly as shown, and checks again: nothing left to fix.
  for (const record of records) dns?.setTxt(record.name, record.value);
  await section.getByRole('button', { name: text.checkAgain }).click();
  // The list is gone while the new check runs: wait for its answer, every item OK (the relay,
  // SPF, DKIM, DMARC, alignment), before anything else.
  const ok = section.getByRole('listitem').filter({ hasText: text.states.ok });
  await expect(ok).toHaveCount(5, { timeout: 30_000 });
  await expect(toFix).toHaveCount(0);
  await expect(section.getByRole('table', { name: text.record.caption })).toHaveCount(0);

  // The banner follows: the check just made told this instance's watch.
  await page.goto('/admin/');
  await expect(
    page.getByRole('heading', { level: 1, name: adminText.inbox.heading }),
  ).toBeVisible();
  await expect(page.getByText('may land in spam')).toHaveCount(0);

  // The test e-mail: accepted by the relay, and as a receiving server judges it, authenticated.
  await page.goto('/admin/#/site');
  const checked = await mailSection(page);
  const before = receiver.mail.length;
  await checked.getByRole('button', { name: text.testEmail.button }).click();
  await expect(checked.getByText(/^Accepted by the mail server: 250 /)).toBeVisible({
    timeout: 30_000,
  });
  await expect.poll(() => receiver.mail.length).toBe(before + 1);
  expect(await verdict(receiver.mail.at(-1))).toEqual({
    dkim: ['pass'],
    spf: 'pass',
    dmarc: 'pass',
  });

  // A visitor's request: the acknowledgement and the owner's notification pass too.
  await postQuote(page.request, 'Launch Visitor');
  await receiver.outboxSettled();
  const sent = receiver.mail.slice(before + 1);
  expect(sent.length).toBe(2);
  for (const mail of sent) {
    expect(await verdict(mail)).toEqual({ dkim: ['pass'], spf: 'pass', dmarc: 'pass' });
  }
});
