import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../http/app.ts';
import { openStore, type Store } from '../store/store.ts';
import { tempDataDir } from '../testing/fixtures.ts';
import { INBOX_THEME_COLOR } from '../../src/admin/contract.ts';
import { publishedVersion, type PublishedVersion } from '../../src/content/published.ts';

let data: ReturnType<typeof tempDataDir>;
let store: Store;
let app: FastifyInstance | undefined;

async function manifestOf(published?: () => PublishedVersion) {
  app = await buildApp({
    store,
    admin: { cost: { log2N: 10, r: 8, p: 1 }, ...(published ? { published } : {}) },
  });
  return app.inject({ method: 'GET', url: '/admin/manifest.webmanifest' });
}

beforeEach(async () => {
  data = tempDataDir();
  store = await openStore(data.database);
});

afterEach(async () => {
  await app?.close();
  app = undefined;
  await store.close();
  data.remove();
});

describe('the installable inbox’s manifest', () => {
  it('is served as a manifest to anyone, standalone at the inbox, with the icons phones ask for', async () => {
    const response = await manifestOf();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = response.json();
    expect(manifest).toMatchObject({
      id: '/admin/',
      start_url: '/admin/',
      scope: '/admin/',
      display: 'standalone',
      name: 'Potomac Staffing Inbox',
      short_name: 'PS Inbox',
      theme_color: INBOX_THEME_COLOR,
    });
    expect(manifest.icons).toEqual([
      { src: '/admin/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/admin/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      {
        src: '/admin/icons/icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ]);
  });

  it('is named after the business as the live version has it', async () => {
    const live = publishedVersion({ version: 3, facts: { 'business/name': 'Chesapeake Events' } });
    const manifest = (await manifestOf(() => live)).json();
    expect(manifest.name).toBe('Chesapeake Events Inbox');
  });

  it('has the theme colour the inbox’s document says', () => {
    const html = readFileSync('src/admin/index.html', 'utf8');
    expect(html).toContain(`<meta name="theme-color" content="${INBOX_THEME_COLOR}" />`);
  });
});
