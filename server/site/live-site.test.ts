import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../http/app.ts';
import { openStore, type Store } from '../store/store.ts';
import { tempDataDir } from '../testing/fixtures.ts';
import { instanceStore } from './instances.ts';
import { liveSite, notServingBecause } from './live-site.ts';
import { siteStore } from './site-store.ts';

/**
 * A renderer that makes two files and says which version they are of: the real one (a build's
 * render-site.js) needs the build; this one is enough for what the live site does with files.
 */
function fakeRenderer(dir: string): string {
  const file = path.join(dir, 'server', 'render-site.mjs');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    `import { parentPort, workerData } from 'node:worker_threads';
     parentPort.postMessage([
       { path: 'index.html', body: '<html><body>home ' + workerData.version + '</body></html>' },
       { path: 'pages/team.html', body: 'team ' + workerData.version },
     ]);`,
  );
  return file;
}

const eyebrow = (words: string) => ({ 'home.hero/eyebrow': { en: words, es: words } });
const text = (found: ReturnType<ReturnType<typeof liveSite>['pinnedFile']>) =>
  'file' in found ? found.file.body.toString() : found;

let data: ReturnType<typeof tempDataDir>;
let store: Store;
let renderDir: string;

beforeEach(async () => {
  data = tempDataDir();
  store = await openStore(data.database);
  renderDir = mkdtempSync(path.join(os.tmpdir(), 'renderer-'));
});

afterEach(async () => {
  await store.close();
  data.remove();
  rmSync(renderDir, { recursive: true, force: true });
});

describe('the live site', () => {
  it('tells anyone why it is not ready in its own words, never a worker’s error text', () => {
    const state = { checked: true, served: 0, latest: 2 };
    const failed = 'Making the pages failed: ENOENT: no such file /srv/potomac/build/x.js';
    expect(notServingBecause({ ...state, error: failed })).toBe(
      'serves site version 0, not the published 2: Making the pages failed (the server log says why)',
    );
    expect(notServingBecause({ ...state, error: 'Making the pages took too long' })).toBe(
      'serves site version 0, not the published 2: Making the pages took too long',
    );
  });

  it("answers a page's piece from the version its document names, while it holds it", async () => {
    const live = liveSite({ store: siteStore(store.database), renderer: fakeRenderer(renderDir) });
    for (const run of [1, 2, 3, 4]) await live.publish({ fields: eyebrow(`run ${run}`), by: 'a' });
    expect(text(live.pinnedFile('pages/team.html', 4))).toBe('team 4');
    // The e-mails and deadlines read the version just published here.
    expect(live.published().version).toBe(4);
    expect(text(live.pinnedFile('pages/team.html', 2))).toBe('team 2');
    // Older than the last three: gone (the app loads the page again).
    expect(live.pinnedFile('pages/team.html', 1)).toEqual({ gone: true });
    // The build's documents are version 0: their pieces are the build's.
    expect(live.pinnedFile('pages/team.html', 0)).toEqual({ build: true });
    expect(live.notReadyBecause()).toBeUndefined();
  });

  it('is not ready, says why and reports it, while it cannot make the published version', async () => {
    const sites = siteStore(store.database);
    await sites.addVersion({ after: 0, fields: eyebrow('published'), changes: [], by: 'a' });
    const instances = instanceStore(store.database);
    const live = liveSite({ store: sites, renderer: path.join(renderDir, 'none.js'), instances });
    await expect(live.sync()).rejects.toThrow('The site renderer is missing');
    const reason =
      'serves site version 0, not the published 1: The site renderer is missing: run npm run build';
    expect(live.notReadyBecause()).toBe(reason);
    expect(live.servesPlaceholders()).toBe(true);
    // The e-mails, answer pages and deadlines read the published version all the same.
    expect(live.published().version).toBe(1);
    expect(Object.keys(live.published().en)).toContain('home.hero/eyebrow');

    const app = await buildApp({
      store,
      site: { live, store: sites },
      ready: { dataDir: data.dir, site: live },
    });
    try {
      const ready = await app.inject('/readyz');
      expect([ready.statusCode, ready.json()]).toEqual([
        503,
        { ok: false, error: 'Not ready', reason },
      ]);
      // Never the build's placeholders once the owner has published.
      expect((await app.inject('/')).statusCode).toBe(503);
    } finally {
      await app.close();
    }

    live.start();
    try {
      await expect
        .poll(async () =>
          (await instances.recent()).map(({ served, latest, error }) => [served, latest, error]),
        )
        .toEqual([[0, 1, 'The site renderer is missing: run npm run build']]);
    } finally {
      live.stop();
    }
  });
});
