import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { charactersDrawn, faceFor, fontFaceRules } from '../scripts/build/font-coverage';
import { addOwner, signIn, startReceiver, stopReceiver } from '../server/testing/receiver-harness';
import { receiverTest } from './receiver-fixture';
import { siteApi } from './site-helpers';
import {
  collectErrors,
  holdBackApp,
  moveToTeam,
  nextPhone,
  phonesOnPage,
  publishPhone,
} from './version-helpers';

/**
 * One published version per document, on one server: a tab opened before a publish moves to
 * another page in its own version (or loads the page again when the server no longer holds it),
 * the served fonts and link preview follow what the owner publishes, and an instance that cannot
 * make the published version is not ready and serves no placeholder. In order, on one server.
 */

const owner = { email: 'versions.owner@example.com', password: 'a long e2e test password' };
const test = receiverTest({ folder: 'e2e-versions-', owner, signedIn: true });
test.describe.configure({ mode: 'serial' });

test('a tab opened before a publish moves to another page in its own words; a reload shows the new', async ({
  page,
  request,
  receiver,
}) => {
  const api = siteApi(request, receiver.url, receiver.cookie);
  const before = nextPhone();
  await publishPhone(api, before);
  const errors = collectErrors(page);
  const releaseApp = await holdBackApp(page);
  await page.goto('/');
  await expect(page.locator(`a[href="tel:${before.e164}"]`).first()).toBeAttached();

  const after = nextPhone();
  await publishPhone(api, after);
  await moveToTeam(page, releaseApp);
  expect(await phonesOnPage(page)).toEqual([`tel:${before.e164}`]);
  expect(errors).toEqual([]);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/team/i);
  expect(await phonesOnPage(page)).toEqual([`tel:${after.e164}`]);
  expect(errors).toEqual([]);
});

test('a tab whose version the server no longer holds loads the page again, in the newest', async ({
  page,
  request,
  receiver,
}) => {
  const api = siteApi(request, receiver.url, receiver.cookie);
  const errors = collectErrors(page);
  const releaseApp = await holdBackApp(page);
  await page.goto('/');
  const opened = Number(await page.locator('html').getAttribute('data-site-version'));
  let newest = nextPhone();
  // The server keeps the pieces of the last three versions: three more publishes.
  for (let publish = 0; publish < 3; publish += 1) {
    newest = nextPhone();
    await publishPhone(api, newest);
  }
  const gone = await request.get(`${receiver.url}/pages/team.html?v=${opened}`);
  expect(gone.status()).toBe(409);

  await moveToTeam(page, releaseApp);
  await expect(page.locator('html')).toHaveAttribute('data-site-version', String(opened + 3));
  expect(await phonesOnPage(page)).toEqual([`tel:${newest.e164}`]);
  // The browser logs the 409 itself; nothing else.
  expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
});

/** The stylesheet of the document at `address`, and its address. */
async function stylesheetOf(request: APIRequestContext, base: string, address: string) {
  const html = await (await request.get(`${base}${address}`)).text();
  const href = /<link rel="stylesheet"[^>]*href="([^"]+)"/.exec(html)?.[1] ?? '';
  return { html, css: await (await request.get(`${base}${href}`)).text() };
}

test('the served fonts draw the published € ç ñ ß Ő, and the link preview gets a new address', async ({
  request,
  receiver,
}) => {
  const api = siteApi(request, receiver.url, receiver.cookie);
  const previewOf = (html: string) =>
    /property="og:image" content="[^"]*\/([^"/]+)"/.exec(html)?.[1];
  const oldPreview = previewOf((await stylesheetOf(request, receiver.url, '/')).html);
  const words = 'Bodas € ç ñ ß Ő';
  // The phone is on the link preview's picture: a new picture, under a new name.
  const published = await api.publishFields({
    'home.hero/eyebrow': { en: words, es: words },
    'business/phones.office': nextPhone(),
  });
  expect(published.status(), await published.text()).toBe(200);

  const { html, css } = await stylesheetOf(request, receiver.url, '/');
  expect(html).toContain(words);
  const rules = fontFaceRules(css);
  for (const family of ['Inter Variable', 'Playfair Display']) {
    for (const character of '€çñßŐ') {
      const face = faceFor(rules, family, character);
      expect(face, `${family}: a face for ${character}`).toBeDefined();
      const font = await (await request.get(`${receiver.url}${face?.url ?? ''}`)).body();
      expect(await charactersDrawn(font, character), `${family} draws ${character}`).toBe(
        character,
      );
    }
  }

  const preview = previewOf(html);
  expect(preview).toMatch(/^og-image\.[0-9a-f]{12}\.jpg$/);
  expect(preview).not.toBe(oldPreview);
  const image = await request.get(`${receiver.url}/${preview ?? ''}`);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/jpeg');
  expect(image.headers()['cache-control']).toContain('immutable');
  // The address before this publish still answers, from the versions the server holds.
  expect((await request.get(`${receiver.url}/${oldPreview ?? ''}`)).status()).toBe(200);
});

test('after a restart the first page has the published words; a server that cannot make them is not ready and says why', async ({
  request,
}) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-versions-restart-'));
  const env = {
    DIST_DIR: process.env.DIST_DIR ?? 'dist',
    BUILD_DIR: process.env.BUILD_DIR ?? 'build',
  };
  let server = await startReceiver(dataDir, env);
  try {
    addOwner({ ...env, DATA_DIR: dataDir }, owner);
    const phone = nextPhone();
    const url = () => `http://127.0.0.1:${server.port}`;
    await publishPhone(siteApi(request, url(), await signIn(server.port, owner)), phone);

    await stopReceiver(server);
    server = await startReceiver(dataDir, env);
    expect(await (await request.get(`${url()}/`)).text()).toContain(`tel:${phone.e164}`);
    expect((await request.get(`${url()}/readyz`)).status()).toBe(200);

    // Pages that take longer than 1 ms to make: this server cannot make the published version.
    await stopReceiver(server);
    server = await startReceiver(dataDir, { ...env, PUBLISH_TIMEOUT_MS: '1' });
    const ready = await request.get(`${url()}/readyz`);
    expect(ready.status()).toBe(503);
    expect(await ready.json()).toMatchObject({
      reason: 'serves site version 0, not the published 1: Making the pages took too long',
    });
    const home = await request.get(`${url()}/`);
    expect(home.status()).toBe(503);
    expect(await home.text()).not.toContain('tel:+17035550142');
  } finally {
    await stopReceiver(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
