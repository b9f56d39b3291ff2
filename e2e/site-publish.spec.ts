import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { fileTypeFromBuffer } from 'file-type';
import { addOwner, signIn, startReceiver, stopReceiver } from '../server/testing/receiver-harness';
import { receiverTest } from './receiver-fixture';
import { carriesMetadata, photoWithGps, siteApi } from './site-helpers';

/**
 * The owner's publishes as a visitor meets them: the built server (`npm start`'s) on a database of
 * its own; the owner's changes go through the editor's API, the visitor reads the site with
 * JavaScript off. The tests run in order on one server: each publish builds on the one before.
 */

const distDir = process.env.DIST_DIR ?? 'dist';
const owner = { email: 'site.owner@example.com', password: 'a long e2e test password' };
const officePhone = { display: '(202) 555-2368', e164: '+12025552368' };
const testimonial = {
  en: 'They staffed our embassy dinner for 300.\nNot a single slip.',
  es: 'Atendieron nuestra cena de embajada para 300 sin un solo error.',
};

const test = receiverTest({ folder: 'e2e-site-', owner, signedIn: true });

test.describe.configure({ mode: 'serial' });
test.use({ javaScriptEnabled: false });

test('with nothing published, the server sends the build’s documents as they are', async ({
  request,
  receiver,
}) => {
  for (const [address, file] of [
    ['/', 'index.html'],
    ['/es/', 'es/index.html'],
    ['/pages/team.html', 'pages/team.html'],
  ] as const) {
    const answer = await request.get(`${receiver.url}${address}`);
    expect(await answer.text()).toBe(readFileSync(path.join(distDir, file), 'utf8'));
  }
});

test('a published phone, testimonial and hero photo are what both languages show without JavaScript', async ({
  page,
  request,
  receiver,
}) => {
  const api = siteApi(request, receiver.url, receiver.cookie);
  const camera = await photoWithGps();
  expect((await carriesMetadata(camera)) && (await fileTypeFromBuffer(camera))?.mime).toBe(
    'image/jpeg',
  );
  const photo = await api.uploadPhoto('hero', camera);
  const published = await api.publishFields({
    'business/phones.office': officePhone,
    'home.references/testimonials.items.0.text': testimonial,
    'home-images/heroImages.0': { ...photo, focus: { x: 30, y: 60 } },
  });
  expect(published.status(), await published.text()).toBe(200);

  for (const [address, words] of [
    ['/', testimonial.en],
    ['/es/', testimonial.es],
  ] as const) {
    await page.goto(address);
    // The owner's line break is kept on the page.
    const quote = page.locator('blockquote p', { hasText: words.split('\n')[0] ?? '' });
    await expect(quote).toBeVisible();
    // Below the fold, the section is not laid out (content-visibility) until it comes into view.
    await quote.scrollIntoViewIfNeeded();
    // …and laid out a frame or two after it scrolls in: its text is read until it is there.
    await expect
      .poll(() => quote.evaluate((element) => (element as HTMLElement).innerText))
      .toContain(words);
    await expect(page.locator(`a[href="tel:${officePhone.e164}"]`).first()).toContainText(
      officePhone.display,
    );
    const hero = page.locator('picture').first();
    await expect(hero.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /\/media\//);
    await expect(hero.locator('img')).toHaveCSS('object-position', '30% 60%');
  }

  for (const [format, mime] of [
    ['avif', 'image/avif'],
    ['webp', 'image/webp'],
  ] as const) {
    const first = photo.image.sources[format]?.split(' ')[0] ?? '';
    const file = await request.get(`${receiver.url}${first}`);
    expect(file.headers()['cache-control']).toContain('immutable');
    const bytes = await file.body();
    expect((await fileTypeFromBuffer(bytes))?.mime).toBe(mime);
    expect(await carriesMetadata(bytes)).toBe(false);
  }
});

test('requests made in a loop during a publish all succeed, each with one version or the other', async ({
  request,
  receiver,
}) => {
  const api = siteApi(request, receiver.url, receiver.cookie);
  const newPhone = { display: '(703) 555-2368', e164: '+17035552368' };
  let publishing = true;
  const answers: { status: number; phones: string[] }[] = [];
  const loop = (async () => {
    while (publishing) {
      const answer = await request.get(`${receiver.url}/`);
      const html = await answer.text();
      const phones = [...new Set(html.match(/tel:\+1(?:202|703)5552368/g) ?? [])];
      answers.push({ status: answer.status(), phones });
    }
  })();
  const published = await api.publishFields({
    'business/phones.office': newPhone,
    'home.references/testimonials.items.0.text': testimonial,
  });
  // The first request made after the publish answered: the new version (the loop's last answer
  // may be a request it started before, which may end after this one).
  const after = await (await request.get(`${receiver.url}/`)).text();
  publishing = false;
  await loop;
  expect(published.status()).toBe(200);
  expect(answers.length).toBeGreaterThan(5);
  expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
  // Never a page with both numbers: the old version or the new, whole.
  expect(answers.filter((answer) => answer.phones.length !== 1)).toEqual([]);
  expect([...new Set(after.match(/tel:\+1(?:202|703)5552368/g) ?? [])]).toEqual([
    `tel:${newPhone.e164}`,
  ]);
});

test('restoring the previous version brings the old phone back, as a new version', async ({
  page,
  request,
  receiver,
}) => {
  const api = siteApi(request, receiver.url, receiver.cookie);
  const { live } = await api.overview();
  const restored = await api.restore(live.version - 1);
  expect(restored.status()).toBe(200);
  await page.goto('/');
  await expect(page.locator(`a[href="tel:${officePhone.e164}"]`).first()).toBeVisible();
  const after = await api.overview();
  expect(after.live.version).toBe(live.version + 1);
});

test('a publish that fails says why and leaves the site exactly as it was', async ({ request }) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-site-fail-'));
  // Pages that take longer than 1 ms to make: the publish cannot but fail.
  const env = {
    DIST_DIR: distDir,
    BUILD_DIR: process.env.BUILD_DIR ?? 'build',
    PUBLISH_TIMEOUT_MS: '1',
  };
  const server = await startReceiver(dataDir, env);
  try {
    addOwner({ ...env, DATA_DIR: dataDir }, owner);
    const url = `http://127.0.0.1:${server.port}`;
    const api = siteApi(request, url, await signIn(server.port, owner));
    const before = await (await request.get(`${url}/`)).text();
    const failed = await api.publishFields({ 'business/phones.office': officePhone });
    expect(failed.status()).toBe(503);
    expect(await failed.json()).toMatchObject({
      ok: false,
      error: 'Making the pages took too long',
    });
    expect(await (await request.get(`${url}/`)).text()).toBe(before);
    expect((await api.overview()).live.version).toBe(0);
  } finally {
    await stopReceiver(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
