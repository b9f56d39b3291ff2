import { expect, type Page } from '@playwright/test';
import { adminText } from '../src/content/admin';
import { siteEditorText as text } from '../src/content/admin-site';
import { expectNoAxeViolations } from './fixtures';
import { receiverTest } from './receiver-fixture';
import { signInToInbox } from './receiver-helpers';
import { photoWithGps } from './site-helpers';

/**
 * The owner runs the site from an empty database, in a real browser against `npm start`'s server:
 * claims it with the setup code, reads the launch checklist, changes the office phone, the first
 * testimonial in both languages and hero slide 1's photo, previews, publishes, and restores. The
 * tests of this file run in order on one server.
 */

const owner = 'site.editor@example.com';
const password = 'a long e2e test password';
const CODE = /enter the setup code: ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/;
const newPhone = { typed: '202 555 2368', display: '(202) 555-2368', e164: '+12025552368' };
const laterPhone = { typed: '(571) 555-2368', display: '(571) 555-2368', e164: '+15715552368' };
const photoAlt = {
  en: 'Servers in black tie set a long banquet table under chandeliers.',
  es: 'Meseros de etiqueta montan una larga mesa de banquete bajo candelabros.',
};
const testimonial = {
  en: 'The team ran our embassy dinner for 300 flawlessly.',
  es: 'El equipo atendió nuestra cena de embajada para 300 sin fallas.',
};

const test = receiverTest({ folder: 'e2e-editor-' });

test.describe.configure({ mode: 'serial' });

async function signIn(page: Page) {
  await signInToInbox(page, owner, password);
  await expect(
    page.getByRole('heading', { level: 1, name: adminText.inbox.heading }),
  ).toBeVisible();
}

async function openPart(page: Page, title: string) {
  await page.goto('/admin/#/site');
  await page.getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

async function saveDraft(page: Page) {
  await page.getByRole('button', { name: text.editor.save }).click();
  await expect(page.getByText(text.editor.saved, { exact: true })).toBeVisible();
}

test('from an empty database, the setup code makes the owner’s account, and the checklist names the placeholders', async ({
  page,
  receiver,
}) => {
  await expect.poll(() => CODE.exec(receiver.server.output())?.[1]).toBeTruthy();
  const code = CODE.exec(receiver.server.output())?.[1] ?? '';
  await page.goto('/admin/');
  await page.getByLabel(adminText.setup.code).fill(code);
  await page.getByLabel(adminText.setup.email).fill(owner);
  await page.getByLabel(adminText.setup.password, { exact: true }).fill(password);
  await page.getByLabel(adminText.setup.repeat).fill(password);
  await page.getByRole('button', { name: adminText.setup.submit }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: adminText.inbox.heading }),
  ).toBeVisible();

  await page.getByRole('link', { name: text.headerLink, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible();
  const checklist = page.getByRole('region', { name: text.checklist.heading });
  for (const placeholder of [
    'Business name',
    'Office line',
    'Direct line',
    'E-mail',
    "The site's address",
  ]) {
    await expect(
      checklist.getByRole('link', { name: new RegExp(placeholder) }).first(),
    ).toBeVisible();
  }
  await expectNoAxeViolations(page);
});

test('the owner changes the phone, a testimonial in both languages and a hero photo, previews and publishes', async ({
  page,
}) => {
  await signIn(page);
  await openPart(page, 'Business facts');
  await page.getByLabel('Office line', { exact: true }).fill(newPhone.typed);
  await page.getByLabel('Office line', { exact: true }).blur();
  await expect(page.getByLabel('Office line', { exact: true })).toHaveValue(newPhone.display);
  await saveDraft(page);

  await openPart(page, 'Home: clients');
  const first = page.getByRole('group', { name: 'Testimonial 1', exact: true });
  await first.getByLabel(text.editor.english('What they said')).fill(testimonial.en);
  const spanish = first.getByLabel(text.editor.spanish('What they said'));
  await expect(first.getByText(text.editor.needsTranslation)).toBeVisible();
  await spanish.fill(testimonial.es);
  await expect(first.getByText(text.editor.needsTranslation)).toHaveCount(0);
  await saveDraft(page);

  await openPart(page, 'Photos');
  await page.getByLabel(text.photo.fileLabel('Hero slide 1')).setInputFiles({
    name: 'gala.jpg',
    mimeType: 'image/jpeg',
    buffer: await photoWithGps(),
  });
  await expect(page.getByText(text.photo.uploaded)).toBeVisible({ timeout: 30_000 });
  // Where the photo is cropped, and what it shows, in both languages: by keyboard, not by a tap.
  const slide = page.getByRole('group', { name: 'Hero slide 1', exact: true });
  await slide.getByLabel(text.photo.focusAcross).fill('30');
  await slide.getByLabel(text.photo.focusDown).fill('60');
  const alt = text.photo.altLabel('Hero slide 1');
  await page.getByLabel(text.editor.english(alt)).fill(photoAlt.en);
  await page.getByLabel(text.editor.spanish(alt)).fill(photoAlt.es);
  await expectNoAxeViolations(page);
  await saveDraft(page);

  await page.goto('/admin/#/site');
  await page.getByRole('button', { name: text.preview.button, exact: true }).click();
  const frame = page.frameLocator('iframe');
  await expect(frame.getByText(testimonial.en)).toBeVisible({ timeout: 30_000 });
  await expect(frame.locator(`a[href="tel:${newPhone.e164}"]`).first()).toBeVisible();
  await expect(frame.locator('picture source[type="image/avif"]').first()).toHaveAttribute(
    'srcset',
    /\/media\//,
  );
  // The editor around the preview; the previewed page is the public one, scanned by its own tests.
  await expectNoAxeViolations(page, undefined, 'iframe');

  await page.getByRole('button', { name: text.publish.button, exact: true }).click();
  await expect(page.getByText(text.publish.live(1))).toBeVisible({ timeout: 60_000 });
});

test('without JavaScript, both home pages show the new phone, testimonial and photo', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const [address, words] of [
    ['/', testimonial.en],
    ['/es/', testimonial.es],
  ] as const) {
    await page.goto(address);
    await expect(page.getByText(words)).toBeVisible();
    await expect(page.locator(`a[href="tel:${newPhone.e164}"]`).first()).toContainText(
      newPhone.display,
    );
    await expect(page.locator('picture source[type="image/webp"]').first()).toHaveAttribute(
      'srcset',
      /\/media\//,
    );
    const hero = page.locator('picture img').first();
    await expect(hero).toHaveAttribute('alt', address === '/' ? photoAlt.en : photoAlt.es);
    await expect(hero).toHaveCSS('object-position', '30% 60%');
  }
  await context.close();
});

test('with JavaScript, the app takes the published page over without a hydration error', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  for (const address of ['/', '/es/', '/#/team']) {
    await page.goto(address);
    await page.waitForLoadState('networkidle');
  }
  await page.goto('/#/contact');
  await expect(page.locator(`a[href="tel:${newPhone.e164}"]`).first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('restoring the previous version brings the old phone back', async ({ page }) => {
  await signIn(page);
  await openPart(page, 'Business facts');
  await page.getByLabel('Office line', { exact: true }).fill(laterPhone.typed);
  await saveDraft(page);
  await page.goto('/admin/#/site');
  await page.getByRole('button', { name: text.publish.button, exact: true }).click();
  await expect(page.getByText(text.publish.live(2))).toBeVisible({ timeout: 60_000 });
  await page.goto('/');
  await expect(page.locator(`a[href="tel:${laterPhone.e164}"]`).first()).toBeVisible();

  await page.goto('/admin/#/site');
  await page.getByRole('button', { name: text.history.restore(1) }).click();
  await page.getByRole('button', { name: text.history.confirmYes(1) }).click();
  await expect(page.getByText(text.history.restored(3, 1))).toBeVisible({ timeout: 60_000 });
  await page.goto('/');
  await expect(page.locator(`a[href="tel:${newPhone.e164}"]`).first()).toBeVisible();
});

for (const width of [390, 1280]) {
  test(`every editor screen has no axe violation at ${width} px, and a list is reordered by keyboard`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    await page.goto('/admin/#/site');
    await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible();
    await expectNoAxeViolations(page);
    for (const title of ['Business facts', 'Photos', 'Menu', 'Home: clients', 'Home: services']) {
      await openPart(page, title);
      await expectNoAxeViolations(page);
    }
    // Keyboard alone: move the first service card down, and save.
    const move = page.getByRole('button', { name: 'Move Service 1 down' });
    await move.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: /moved to position 2/ })).toBeVisible();
    await page.keyboard.press('Control+s');
    await expect(page.getByText(text.editor.saved, { exact: true })).toBeVisible();
  });
}
