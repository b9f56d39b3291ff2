import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../http/app.ts';
import { liveSite } from '../site/live-site.ts';
import { siteStore, type SiteStore } from '../site/site-store.ts';
import { openStore, type Store } from '../store/store.ts';
import { multipartBody, sampleExecutable, tempDataDir } from '../testing/fixtures.ts';
import { draftPatches } from '../../src/admin/site-contract.ts';
import { publishProblems } from '../site/site-content.ts';
import { rewriteFields, wholeSiteRewrite } from '../testing/site-rewrite.ts';
import { users } from './users.ts';

/**
 * The site editor's API from outside and inside the sign-in: who may call it, what a save and a
 * photo must be. (Publishing itself renders with the build: e2e/site-publish.spec.ts.)
 */

const cost = { log2N: 10, r: 8, p: 1 };
const owner = { email: 'owner@example.com', password: 'a long enough password' };
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

let data: ReturnType<typeof tempDataDir>;
let store: Store;
let sites: SiteStore;
let app: FastifyInstance;
let cookie: string;

beforeEach(async () => {
  data = tempDataDir();
  store = await openStore(data.database);
  sites = siteStore(store.database);
  const live = liveSite({ store: sites, renderer: '/nowhere/render-site.js' });
  app = await buildApp({ store, site: { live, store: sites }, admin: { cost } });
  await users(store.database, { cost }).add(owner.email, owner.password);
  const signedIn = await app.inject({
    method: 'POST',
    url: '/admin/api/sign-in',
    headers: SAME_ORIGIN,
    payload: owner,
  });
  cookie = String(signedIn.headers['set-cookie']).split(';')[0] ?? '';
});

afterEach(async () => {
  await app.close();
  await store.close();
  data.remove();
});

const call = (options: InjectOptions) =>
  app.inject({ ...options, headers: { ...SAME_ORIGIN, cookie, ...options.headers } });

const phone = { display: '(202) 555-2368', e164: '+12025552368' };
const gonePhoto = {
  mediaId: 'f'.repeat(16),
  image: {
    sources: {
      avif: `/media/${'f'.repeat(16)}-640.avif 640w`,
      webp: `/media/${'f'.repeat(16)}-640.webp 640w`,
    },
    img: { src: `/media/${'f'.repeat(16)}-640.webp`, w: 640, h: 800 },
  },
  focus: { x: 50, y: 50 },
};

describe('the site editor’s API', () => {
  it('answers nobody who is not signed in, and refuses a change from another site', async () => {
    for (const [method, url] of [
      ['GET', '/admin/api/site'],
      ['PUT', '/admin/api/site/draft'],
      ['PATCH', '/admin/api/site/draft'],
      ['POST', '/admin/api/site/publish'],
      ['POST', '/admin/api/site/photos'],
      ['GET', '/admin/api/site/versions'],
      ['GET', '/admin/api/site/instances'],
      ['POST', '/admin/api/site/versions/1/restore'],
      ['GET', '/admin/preview/0123/'],
    ] as const) {
      const answer = await app.inject({ method, url, headers: SAME_ORIGIN, payload: {} });
      expect(answer.statusCode, `${method} ${url}`).toBe(401);
    }
    const crossSite = await call({
      method: 'PUT',
      url: '/admin/api/site/draft',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { revision: 0, fields: { 'business/phones.office': phone } },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await sites.draft()).revision).toBe(0);
  });

  it('saves the draft, records who saved it, and warns the second of two editors', async () => {
    const first = await call({
      method: 'PUT',
      url: '/admin/api/site/draft',
      payload: { revision: 0, fields: { 'business/phones.office': phone } },
    });
    expect(first.json()).toMatchObject({ ok: true, revision: 1 });
    const second = await call({
      method: 'PUT',
      url: '/admin/api/site/draft',
      payload: { revision: 0, fields: { 'business/email': 'b@example.com' } },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      ok: false,
      current: { revision: 1, updatedBy: owner.email, fields: { 'business/phones.office': phone } },
    });
    const overview = await call({ method: 'GET', url: '/admin/api/site' });
    expect(overview.json()).toMatchObject({
      live: { version: 0 },
      draft: { revision: 1, updatedBy: owner.email },
      checklist: expect.arrayContaining([
        { key: 'business/name', label: 'Business facts › Business name' },
      ]),
    });
  });

  it('saves a whole-site rewrite in both languages, patch by patch, as the editor sends it', async () => {
    const rewrite = wholeSiteRewrite();
    const fields = rewriteFields(rewrite);
    // Every text of every part, alt texts included: far more than one ordinary request holds.
    expect(rewrite.length).toBeGreaterThan(300);
    expect(rewrite.some((field) => field.key.includes('slideAlts'))).toBe(true);
    const whole = await call({
      method: 'PUT',
      url: '/admin/api/site/draft',
      payload: { revision: 0, fields },
    });
    expect(whole.statusCode).toBe(413);

    const patches = draftPatches({}, fields);
    expect(patches.length).toBeGreaterThan(1);
    let revision = 0;
    for (const patch of patches) {
      const answer = await call({
        method: 'PATCH',
        url: '/admin/api/site/draft',
        payload: { revision, ...patch },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      revision = answer.json<{ revision: number }>().revision;
    }
    const draft = await sites.draft();
    expect(draft.revision).toBe(patches.length);
    expect(draft.fields).toStrictEqual(fields);
    expect(publishProblems(draft.fields)).toEqual([]);
  });

  it('patches over the revision it was made from only, drops fields, and bounds each patch', async () => {
    const set = { 'business/phones.office': phone, 'business/email': 'a@example.com' };
    const first = await call({
      method: 'PATCH',
      url: '/admin/api/site/draft',
      payload: { revision: 0, set, drop: [] },
    });
    expect(first.json()).toMatchObject({ ok: true, revision: 1 });
    const stale = await call({
      method: 'PATCH',
      url: '/admin/api/site/draft',
      payload: { revision: 0, set: { 'business/name': 'Late' }, drop: [] },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ current: { revision: 1, fields: set } });
    const dropped = await call({
      method: 'PATCH',
      url: '/admin/api/site/draft',
      payload: { revision: 1, set: {}, drop: ['business/email'] },
    });
    expect(dropped.json()).toMatchObject({ revision: 2 });
    expect((await sites.draft()).fields).toStrictEqual({ 'business/phones.office': phone });

    for (const [body, status] of [
      [{ revision: 2, set: { 'business/secret': 'x' }, drop: [] }, 400],
      [{ revision: 2, set: {} }, 400],
      [
        {
          revision: 2,
          set: { 'home.hero/intro': { en: 'x'.repeat(5000), es: 'y' } },
          drop: Array.from({ length: 4000 }, (_, index) => `home.hero/${'k'.repeat(60)}${index}`),
        },
        413,
      ],
    ] as const) {
      const answer = await call({ method: 'PATCH', url: '/admin/api/site/draft', payload: body });
      expect(answer.statusCode).toBe(status);
      if (status === 413) expect(answer.json()).toMatchObject({ error: /256 KiB/ });
    }
    const broken = await call({
      method: 'PATCH',
      url: '/admin/api/site/draft',
      headers: { 'content-type': 'application/json' },
      payload: '{"revision": 2,',
    });
    expect(broken.statusCode).toBe(400);
    // A photo that is not on the server (removed unused while an editor held it unsaved).
    const gone = await call({
      method: 'PATCH',
      url: '/admin/api/site/draft',
      payload: { revision: 2, set: { 'home-images/founderPortrait': gonePhoto }, drop: [] },
    });
    expect(gone.json()).toMatchObject({ error: expect.stringMatching(/upload it again/) });
    expect((await sites.draft()).revision).toBe(2);
  });

  it('lists a version of a whole-site rewrite with its first 300 lines, and how many more', async () => {
    const changes = Array.from({ length: 722 }, (_, index) => `line ${index}`);
    await sites.addVersion({ after: 0, fields: {}, changes, by: owner.email });
    const answer = await call({ method: 'GET', url: '/admin/api/site/versions' });
    const [version] = answer.json<{ versions: { changes: string[] }[] }>().versions;
    expect(version?.changes).toHaveLength(301);
    expect(version?.changes.at(-1)).toBe('… and 422 more');
  });

  it('refuses a draft with a field that does not exist or a value of the wrong form', async () => {
    for (const fields of [{ 'business/secret': 'x' }, { 'home.hero/intro': 'one language only' }]) {
      const answer = await call({
        method: 'PUT',
        url: '/admin/api/site/draft',
        payload: { revision: 0, fields },
      });
      expect(answer.statusCode).toBe(400);
    }
  });

  it('names every broken rule before a publish, and makes nothing', async () => {
    const fields = {
      'business/phones.office': { display: '555-0142', e164: '' },
      'home.hero/eyebrow': { en: 'New', es: '' },
    };
    await call({ method: 'PUT', url: '/admin/api/site/draft', payload: { revision: 0, fields } });
    const answer = await call({
      method: 'POST',
      url: '/admin/api/site/publish',
      payload: { revision: 1 },
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().problems).toEqual([
      expect.objectContaining({
        key: 'business/phones.office',
        message: expect.stringMatching(/North American/),
      }),
      expect.objectContaining({ key: 'home.hero/eyebrow', language: 'es' }),
    ]);
    expect(await sites.latestVersion()).toBe(0);
  });

  it('publishes only the draft it was asked to', async () => {
    await call({
      method: 'PUT',
      url: '/admin/api/site/draft',
      payload: { revision: 0, fields: {} },
    });
    const stale = await call({
      method: 'POST',
      url: '/admin/api/site/publish',
      payload: { revision: 0 },
    });
    expect(stale.statusCode).toBe(409);
  });
});

describe('photo uploads', () => {
  const upload = (file: Buffer, place = 'hero', type = 'image/jpeg') => {
    const body = multipartBody({ place }, [
      { field: 'file', name: 'photo.jpg', type, content: file },
    ]);
    return call({
      method: 'POST',
      url: '/admin/api/site/photos',
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
  };

  it('makes an uploaded JPEG into the site’s images, stored in the database', async () => {
    const jpeg = await sharp({
      create: { width: 1400, height: 800, channels: 3, background: '#336699' },
    })
      .jpeg()
      .toBuffer();
    const answer = await upload(jpeg);
    expect(answer.statusCode, answer.body).toBe(200);
    const { photo } = answer.json();
    expect(photo.image.sources.avif).toMatch(/^\/media\/[0-9a-f]{16}-640\.avif 640w/);
    expect(await sites.hasMedia(photo.mediaId)).toBe(true);
    const served = await app.inject({ method: 'GET', url: photo.image.img.src });
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('refuses what is not a photo, judged by its content, with a message the owner understands', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="2000"/>');
    const svgAnswer = await upload(svg, 'hero', 'image/jpeg');
    expect(svgAnswer.statusCode).toBe(422);
    expect(svgAnswer.json().error).toMatch(/SVG/);
    const program = await upload(sampleExecutable());
    expect(program.statusCode).toBe(422);
    const tiny = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await upload(tiny)).json().error).toMatch(/1 × 1/);
  });

  it('refuses a file over 20 MB', async () => {
    const answer = await upload(Buffer.alloc(20 * 1024 * 1024 + 1, 1));
    expect(answer.statusCode).toBe(413);
    expect(answer.json().error).toMatch(/20 MB/);
  });
});
