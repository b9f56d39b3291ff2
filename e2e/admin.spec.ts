import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { adminText } from '../src/content/admin';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './fixtures';
import { applicationBody, multipartBody, samplePdf } from '../server/testing/fixtures';
import {
  addUser,
  database,
  inboxRow as row,
  inboxRows as rows,
  postQuote,
  sendApplication,
  sendQuote,
  sha256,
  signInToInbox,
  submissions,
} from './receiver-helpers';

// The owner's inbox against the real server that playwright.config.ts starts (its own database).
const password = 'a long e2e test password';
const { signIn: signInText, inbox: inboxText, submission: detailText } = adminText;

let counter = 0;
function unique(label: string): string {
  counter += 1;
  return `${label} ${Date.now()}${test.info().workerIndex}${counter}`;
}

/** A new account, made with the admin CLI (`npm run admin -- add-user`) as the owner does. */
function newOwner(): string {
  const email = `${unique('owner').replace(/\W+/g, '.')}@example.com`.toLowerCase();
  addUser(email, password);
  return email;
}

let workerOwner: string | undefined;
/**
 * One account per worker, made once, for the tests that neither lock it (wrong passwords) nor
 * need its first visit (what is new since the last one): making an account costs a process and a
 * password hash. A worker runs one test at a time, so their sessions never overlap.
 */
function sharedOwner(): string {
  workerOwner ??= newOwner();
  return workerOwner;
}

/**
 * A client address of its own: the server believes X-Forwarded-For from loopback (a local proxy),
 * so that the failed sign-ins of one test never lock another test out.
 */
async function ownAddress(page: Page) {
  const n = (Date.now() + test.info().workerIndex * 7 + counter) % 250;
  counter += 1;
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `198.51.100.${n + 1}` });
}

const signIn = (page: Page, email: string, secret = password) => signInToInbox(page, email, secret);

/** Signs in and waits for the inbox's list (or its empty message): no request is left running. */
async function signedIn(page: Page, email: string) {
  await signIn(page, email);
  await expect(page.getByRole('heading', { level: 1, name: inboxText.heading })).toBeVisible();
  await expect(rows(page).first().or(page.getByText(inboxText.empty))).toBeVisible();
}

test.describe("the owner's inbox", () => {
  test('finds, searches, answers and exports a quote sent through the site, then signs out', async ({
    page,
  }) => {
    const earlier = unique('Earlier Quote');
    const name = unique('Inbox Quote');
    await postQuote(page.request, earlier);
    const email = newOwner();
    await sendQuote(page, name);

    await signedIn(page, email);
    await expect(row(page, name)).toContainText(inboxText.sinceLastVisit);
    await expect(row(page, name)).toContainText(adminText.forms.quote ?? '');
    await expect(row(page, name)).toContainText('e2e.quote@example.org');
    await expect(row(page, earlier)).toBeVisible();
    await expect(row(page, earlier)).not.toContainText(inboxText.sinceLastVisit);

    // The search answers while typing: the unique number alone finds the one row.
    await page.getByLabel(inboxText.search).fill(name.split(' ').at(-1) ?? name);
    await expect(rows(page)).toHaveCount(1);
    await expect(row(page, name)).toBeVisible();

    await row(page, name).getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('link', { name: detailText.reply })).toHaveAttribute(
      'href',
      /^mailto:e2e\.quote@example\.org\?subject=/,
    );
    await expect(page.getByRole('link', { name: detailText.call })).toHaveAttribute(
      'href',
      'tel:+12025550134',
    );
    await page.getByRole('radio', { name: adminText.statuses.handled }).click();
    await expect(page.getByRole('radio', { name: adminText.statuses.handled })).toBeChecked();
    await expect(page.getByText(detailText.statusSaved(adminText.statuses.handled))).toBeVisible();
    await page.getByLabel(detailText.note).fill('Called back; quote sent by e-mail.');
    await page.getByRole('button', { name: detailText.saveNote }).click();
    await expect(page.getByText(detailText.noteSaved)).toBeVisible();
    await expect(
      page.getByText(detailText.statusEvent(adminText.statuses.handled, email)),
    ).toBeVisible();

    await page.getByRole('link', { name: detailText.back }).click();
    await expect(page.getByLabel(inboxText.search)).toHaveValue(name.split(' ').at(-1) ?? '');
    const tabs = page.getByRole('navigation', { name: inboxText.statusLabel });
    await tabs.getByRole('link', { name: new RegExp(`^${adminText.statuses.new}`) }).click();
    await expect(page.getByText(inboxText.empty)).toBeVisible();
    await tabs.getByRole('link', { name: new RegExp(`^${adminText.statuses.handled}`) }).click();
    await expect(row(page, name)).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: inboxText.export }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^submissions-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines[0]).toMatch(/^\ufeffid,form,received_at,status,note,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(name);
    expect(lines[1]).toContain(',handled,Called back; quote sent by e-mail.,');

    await page.getByRole('button', { name: adminText.header.signOut, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: signInText.heading })).toBeVisible();
    const answer = await page.request.get('/admin/api/submissions');
    expect(answer.status()).toBe(401);
  });

  test("an applicant's résumé sent through the site comes back byte for byte through the CLI", async ({
    page,
  }) => {
    const name = unique('Resume Applicant');
    const resume = samplePdf(40_000, name);
    const sent = page.waitForRequest('**/api/forms/application');
    await sendApplication(page, name, {
      name: `${name} CV.pdf`,
      mimeType: 'application/pdf',
      buffer: resume,
    });
    expect((await sent).headers()['content-type']).toMatch(/^multipart\/form-data/);

    const records = JSON.parse(
      submissions('export', '--format', 'json', '--form', 'application'),
    ) as { id: string; fields: { fullName?: string } }[];
    const id = records.find((record) => record.fields.fullName === name)?.id ?? '';
    const out = test.info().outputPath('resume-from-cli.pdf');
    submissions('attachment', id, '--out', out);
    expect(sha256(readFileSync(out))).toBe(sha256(resume));
  });

  test("the inbox shows an applicant's résumé by name and size and downloads it byte for byte", async ({
    page,
  }) => {
    const name = unique('Resume Applicant');
    const resume = samplePdf(40_000, name);
    // Posted as the application form's script posts it (the site's side is the test above).
    const { payload, contentType } = multipartBody(applicationBody(1, { fullName: name }), [
      { name: `${name} CV.pdf`, content: resume, type: 'application/pdf' },
    ]);
    const posted = await page.request.post('/api/forms/application', {
      headers: { 'content-type': contentType },
      data: payload,
    });
    expect(posted.status()).toBe(200);

    await ownAddress(page);
    await signedIn(page, sharedOwner());
    await expect(row(page, name)).toContainText(inboxText.withResume);
    await page.getByRole('link', { name, exact: true }).click();
    const files = page.getByRole('region', { name: detailText.files });
    await expect(files).toContainText(`${name} CV.pdf`);
    await expect(files).toContainText('PDF · 39 KB');
    const download = page.waitForEvent('download');
    await files.getByRole('link', { name: `${detailText.download} ${name} CV.pdf` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${name} CV.pdf`);
    expect(sha256(readFileSync(await file.path()))).toBe(sha256(resume));
    await expectNoAxeViolations(page);
  });

  test('a wrong password gets one message, and the sixth quick failure a wait', async ({
    page,
  }) => {
    await ownAddress(page);
    const email = newOwner();
    await signIn(page, email, 'not the password at all');
    await expect(page.getByRole('alert')).toHaveText(signInText.incorrect);
    await expect(page.getByLabel(signInText.password)).toHaveValue('');
    for (let attempt = 2; attempt <= 5; attempt += 1) {
      await page.getByLabel(signInText.password).fill(`wrong password ${attempt}`);
      await page.getByRole('button', { name: signInText.submit }).click();
      await expect(page.getByRole('button', { name: signInText.submit })).toBeEnabled();
      await expect(page.getByRole('alert')).toHaveText(signInText.incorrect);
    }
    // Even the right password waits now.
    await page.getByLabel(signInText.password).fill(password);
    await page.getByRole('button', { name: signInText.submit }).click();
    await expect(page.getByRole('alert')).toHaveText(signInText.tooMany(15));
  });

  test('refuses a cross-origin change that carries the session cookie', async ({ page }) => {
    const name = unique('Cross Origin Quote');
    await postQuote(page.request, name);
    await signedIn(page, sharedOwner());
    await row(page, name).getByRole('link', { name, exact: true }).click();
    const id = page.url().split('/submissions/')[1]?.split('?')[0] ?? '';
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const forged = await page.request.patch(`/admin/api/submissions/${id}`, {
      headers: { Origin: 'https://attacker.example', 'Sec-Fetch-Site': 'cross-site' },
      data: { status: 'spam' },
    });
    expect(forged.status()).toBe(403);
    const detail = await page.request.get(`/admin/api/submissions/${id}`);
    expect((await detail.json()).status).toBe('new');
  });

  test('an expired session lands on the sign-in page', async ({ page }) => {
    const email = sharedOwner();
    const expire = async () => {
      const db = database();
      try {
        // Nine hours without use: past the idle limit.
        await db.execute({
          sql: `UPDATE sessions SET last_seen_at = last_seen_at - ?1, created_at = created_at - ?1
                WHERE user_id = (SELECT id FROM users WHERE email = ?2)`,
          args: [9 * 60 * 60_000, email],
        });
      } finally {
        db.close();
      }
    };
    const signInPage = page.getByRole('heading', { level: 1, name: signInText.heading });

    // Opening the inbox again later…
    await signedIn(page, email);
    await expire();
    await page.reload();
    await expect(signInPage).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(signInText.expired);

    // …or going on with a page left open.
    await signedIn(page, email);
    await expire();
    await page
      .getByRole('navigation', { name: inboxText.statusLabel })
      .getByRole('link', { name: new RegExp(`^${adminText.statuses.spam}`) })
      .click();
    await expect(signInPage).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(signInText.expired);
  });

  test('shows what a visitor typed as text, never as markup', async ({ page }) => {
    const name = `<img src=x onerror="document.title='pwned'"> ${unique('Markup')}`;
    const posted = await page.request.post('/api/forms/quote', {
      data: {
        clientName: name,
        phone: '(202) 555-0199',
        email: 'markup@example.org',
        eventDate: '2099-01-01',
        guestCount: '10',
        address: '<script>alert(1)</script>',
        services: 'Servers & Waitstaff',
        additionalInfo: '<b>bold?</b>',
      },
    });
    expect(posted.status()).toBe(200);
    await signedIn(page, sharedOwner());
    await expect(row(page, name)).toBeVisible();
    await row(page, name).getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('<script>alert(1)</script>')).toBeVisible();
    await expect(page.locator('main img, main script, main b')).toHaveCount(0);
    expect(await page.title()).not.toBe('pwned');
  });

  test('works by keyboard alone: sign in, open a submission, change its status', async ({
    page,
  }) => {
    const name = unique('Keyboard Quote');
    await postQuote(page.request, name);
    const email = sharedOwner();
    await page.goto('/admin/');
    await expect(page.getByRole('heading', { name: signInText.heading })).toBeVisible();
    await page.keyboard.press('Tab'); // the skip link
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(signInText.email)).toBeFocused();
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: inboxText.heading })).toBeFocused();

    const link = row(page, name).getByRole('link', { name, exact: true });
    for (let presses = 0; presses < 40; presses += 1) {
      if (await link.evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await expect(link).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();

    await page.keyboard.press('Tab');
    const status = (key: keyof typeof adminText.statuses) =>
      page.getByRole('radio', { name: adminText.statuses[key] });
    await expect(status('new')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(
      page.getByText(detailText.statusSaved(adminText.statuses.in_progress)),
    ).toBeVisible();
    // Focus stays in the group while it saves, so the next arrow goes on from there.
    await expect(status('in_progress')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText(detailText.statusSaved(adminText.statuses.handled))).toBeVisible();
    await expect(status('handled')).toBeFocused();
    await page.reload();
    await expect(status('handled')).toBeChecked();
  });

  test('is marked noindex and linked from no public page, which hold none of its code', async ({
    page,
    request,
  }) => {
    const distDir = process.env.DIST_DIR ?? 'dist';
    for (const file of readdirSync(path.join(distDir, 'assets'))) {
      const text = readFileSync(path.join(distDir, 'assets', file), 'latin1');
      expect(text, file).not.toContain('/admin/api');
      expect(text, file).not.toContain(adminText.setup.command);
    }
    const html = await request.get('/admin/');
    expect(html.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(html.headers()['cache-control']).toBe('no-store');
    expect(await html.text()).toContain('<meta name="robots" content="noindex, nofollow"');
    const robots = await request.get('/robots.txt');
    expect(await robots.text()).toMatch(/^Disallow: \/admin\/$/m);
    for (const route of ['/', '/team', '/contact', '/request-service', '/join-our-team']) {
      await page.goto(`/#${route}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('a[href*="admin"]')).toHaveCount(0);
    }
  });
});

for (const width of [390, 1280]) {
  test(`every inbox screen has no axe violations at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 800 });
    const name = unique('Axe Quote');
    // With how its visit began (the Visit header a page's script sends): a long site name wraps.
    const referrer = 'https://a-very-long-neighbourhood-events-directory-name.example.org/listings';
    await postQuote(page.request, name, {
      visit: new URLSearchParams({ r: referrer, q: '', p: '/request-service', l: 'es' }).toString(),
    });

    await page.route('**/admin/api/session', (route) =>
      route.fulfill({ status: 401, json: { ok: false, error: 'x', setupNeeded: true } }),
    );
    await page.goto('/admin/');
    await expect(page.getByRole('heading', { name: adminText.setup.heading })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.unroute('**/admin/api/session');

    await page.goto('/admin/');
    await page.getByRole('button', { name: signInText.submit }).click();
    await expect(page.getByText(signInText.emailMissing)).toBeVisible();
    await expectNoAxeViolations(page);

    await signedIn(page, sharedOwner());
    await expect(row(page, name)).toBeVisible();
    await expectNoAxeViolations(page);

    await row(page, name).getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { name: detailText.history })).toBeVisible();
    await expect(page.getByText(adminText.visitSource.term, { exact: true })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  });
}
