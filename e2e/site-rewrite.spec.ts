import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { adminText } from '../src/content/admin';
import { siteEditorText as text } from '../src/content/admin-site';
import { draftPatches } from '../src/admin/site-contract';
import { rewriteFields, wholeSiteRewrite } from '../server/testing/site-rewrite';
import { expectNoAxeViolations } from './fixtures';
import { receiverTest } from './receiver-fixture';
import { signInToInbox } from './receiver-helpers';
import { siteApi } from './site-helpers';

/**
 * An owner who rewrote the whole site: every translated text of every part, alt texts included,
 * changed in both languages, saved as the editor saves it (what changed, in bounded patches), then
 * published; every text is then in the public documents of its language. Then the editor itself
 * saves a part over that draft and publishes it. The tests run in order on one server.
 */

const distDir = process.env.DIST_DIR ?? 'dist';
const owner = { email: 'rewrite.owner@example.com', password: 'a long e2e test password' };
const test = receiverTest({ folder: 'e2e-rewrite-', owner, signedIn: true });

test.describe.configure({ mode: 'serial' });

/** Every built document of one language, by its address: `/`, `/pages/team.html`… */
function documentsOf(language: 'en' | 'es'): string[] {
  const root = language === 'en' ? distDir : path.join(distDir, 'es');
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (language === 'en' && file === path.join(distDir, 'es')) continue;
      if (statSync(file).isDirectory()) walk(file);
      else if (name.endsWith('.html') && !file.includes(`${path.sep}admin`)) {
        found.push(`/${path.relative(distDir, file).split(path.sep).join('/')}`);
      }
    }
  };
  walk(root);
  return found.map((address) => address.replace(/index\.html$/, ''));
}

const rewrite = wholeSiteRewrite();

test('a whole-site rewrite in both languages is saved in patches, published, and on the public pages', async ({
  request,
  receiver,
  browser,
}) => {
  const api = siteApi(request, receiver.url, receiver.cookie);
  const headers = { cookie: receiver.cookie, 'sec-fetch-site': 'same-origin' };
  const fields = rewriteFields(rewrite);
  const patches = draftPatches({}, fields);
  expect(patches.length).toBeGreaterThan(1);
  let revision = (await api.overview()).draft.revision;
  for (const patch of patches) {
    const answer = await request.patch(`${receiver.url}/admin/api/site/draft`, {
      headers,
      data: { revision, ...patch },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    revision = ((await answer.json()) as { revision: number }).revision;
  }
  const published = await api.publish(revision);
  expect(published.status(), await published.text()).toBe(200);

  for (const language of ['en', 'es'] as const) {
    const pages = await Promise.all(
      documentsOf(language).map(async (address) => {
        const answer = await request.get(`${receiver.url}${address}`);
        expect(answer.status(), address).toBe(200);
        return answer.text();
      }),
    );
    const all = pages.join('\n');
    const missing = rewrite.filter((field) => !all.includes(field.marks[language]));
    expect(
      missing.map((field) => field.key),
      language,
    ).toEqual([]);
  }

  // Drawn on the page too, not only carried in it: the hero's texts, without JavaScript.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const hero = rewrite.filter((field) => field.key.startsWith('home.hero/eyebrow'));
  for (const [address, language] of [
    ['/', 'en'],
    ['/es/', 'es'],
  ] as const) {
    await page.goto(`${receiver.url}${address}`);
    for (const field of hero) {
      await expect(page.getByText(field.marks[language]).first()).toBeVisible();
    }
  }
  await context.close();
});

test('the editor saves a part over the rewritten draft, and publishes it', async ({ page }) => {
  const changed = { en: 'Rewritten again, in the editor', es: 'Escrito otra vez, en el editor' };
  await signInToInbox(page, owner.email, owner.password);
  await expect(
    page.getByRole('heading', { level: 1, name: adminText.inbox.heading }),
  ).toBeVisible();
  await page.goto('/admin/#/site');
  await page.getByRole('link', { name: 'Home: hero', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Home: hero' })).toBeVisible();
  const english = page.locator('input[lang="en"], textarea[lang="en"]').first();
  const spanish = page.locator('input[lang="es"], textarea[lang="es"]').first();
  await expect(english).toHaveValue(/^Rw\d+x /);
  await english.fill(changed.en);
  await page.getByRole('button', { name: text.editor.save }).click();
  await expect(page.getByText(text.editor.saved, { exact: true })).toBeVisible();

  // The Spanish is now older than its English: the site page counts it and links to it.
  await page.goto('/admin/#/site');
  const parts = page.getByRole('region', { name: text.parts.heading });
  await expect(parts.getByText(text.translations.count(1))).toBeVisible();
  const publish = page.getByRole('region', { name: text.publish.heading });
  await expect(publish.getByText(text.translations.publishIntro(1))).toBeVisible();
  await parts.getByText(text.translations.count(1)).click();
  await expectNoAxeViolations(page);
  await publish.getByRole('link', { name: /\(Spanish\)$/ }).click();
  await expect(spanish).toBeFocused();
  await spanish.fill(changed.es);
  await page.getByRole('button', { name: text.editor.save }).click();
  await expect(page.getByText(text.editor.saved, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/admin/#/site');
  await expect(page.getByText(text.translations.publishIntro(1))).toHaveCount(0);
  await page.getByRole('button', { name: text.publish.button, exact: true }).click();
  await expect(page.getByText(text.publish.live(2))).toBeVisible({ timeout: 60_000 });
  await page.goto('/');
  await expect(page.getByText(changed.en).first()).toBeVisible();
  await page.goto('/es/');
  await expect(page.getByText(changed.es).first()).toBeVisible();
  // The rest of the rewrite is still there: the part's save sent only what it changed.
  const intro = rewrite.find((field) => field.key === 'home.hero/intro');
  if (intro) await expect(page.getByText(intro.marks.es).first()).toBeVisible();
});
