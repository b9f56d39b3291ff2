// `tsx scripts/bench/publish-rewrite.ts ORIGIN`, run by published-site.mjs (`npm run bench`): an
// owner's whole-site rewrite published through the editor's API on the server at ORIGIN. Every
// translated text of every part in both languages, each as long as its field allows
// (server/testing/site-rewrite.ts), a new office phone and a new 12-megapixel hero photo, saved as
// the editor saves them (PATCH /admin/api/site/draft, in patches) and published; it returns once
// the measured documents serve them. The owner's e-mail and password come from BENCH_OWNER_EMAIL
// and BENCH_OWNER_PASSWORD (the account published-site.mjs added).
import sharp from 'sharp';
import {
  draftPatches,
  type SavedDraft,
  type SiteFields,
  type UploadedPhoto,
} from '../../src/admin/site-contract.ts';
import { rewriteFields, wholeSiteRewrite } from '../../server/testing/site-rewrite.ts';

const sameOrigin = { 'sec-fetch-site': 'same-origin' };
const json = { 'content-type': 'application/json' };
const office = { display: '(202) 555-2368', e164: '+12025552368' };
/** The documents the bench measures after the publish: each must serve the rewrite first. */
const DOCUMENTS = [
  '/',
  '/es/',
  '/request-service/',
  '/es/request-service/',
  '/join-our-team/',
  '/es/join-our-team/',
];

/** A request of the signed-in owner; its JSON answer (typed by the editor's contract). */
async function call<Answer>(
  origin: string,
  cookie: string,
  path: string,
  init: { method: string; body: string | FormData; json?: boolean },
): Promise<Answer> {
  const response = await fetch(`${origin}${path}`, {
    method: init.method,
    body: init.body,
    headers: { ...sameOrigin, cookie, ...(init.json ? json : {}) },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Answer;
}

async function signIn(origin: string): Promise<string> {
  const email = process.env.BENCH_OWNER_EMAIL;
  const password = process.env.BENCH_OWNER_PASSWORD;
  if (!email || !password) throw new Error('BENCH_OWNER_EMAIL and BENCH_OWNER_PASSWORD are unset');
  const response = await fetch(`${origin}/admin/api/sign-in`, {
    method: 'POST',
    headers: { ...sameOrigin, ...json },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** A 12-megapixel camera-like photo (noise over a gradient, so that it does not compress away). */
async function cameraPhoto(): Promise<Uint8Array<ArrayBuffer>> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1) {
    pixels[index] = ((index % (width * 3)) / 16 + Math.random() * 40) & 255;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer()
    .then((buffer) => new Uint8Array(buffer));
}

async function uploadHero(origin: string, cookie: string): Promise<UploadedPhoto['photo']> {
  const form = new FormData();
  form.append('place', 'hero');
  form.append('file', new Blob([await cameraPhoto()], { type: 'image/jpeg' }), 'gala.jpg');
  const { photo } = await call<UploadedPhoto>(origin, cookie, '/admin/api/site/photos', {
    method: 'POST',
    body: form,
  });
  return photo;
}

/** Saves `fields` over an empty draft in the editor's patches; the revision reached. */
async function saveDraft(origin: string, cookie: string, fields: SiteFields): Promise<number> {
  let revision = 0;
  for (const patch of draftPatches({}, fields)) {
    const saved = await call<SavedDraft>(origin, cookie, '/admin/api/site/draft', {
      method: 'PATCH',
      json: true,
      body: JSON.stringify({ revision, ...patch }),
    });
    revision = saved.revision;
  }
  return revision;
}

/** Waits until every measured document carries the new phone and rewritten texts of its language. */
async function untilServed(origin: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (const path of DOCUMENTS) {
    const mark = path.startsWith('/es/') ? /Rw\d+y /u : /Rw\d+x /u;
    for (;;) {
      const page = await fetch(`${origin}${path}`).then((response) => response.text());
      if (mark.test(page) && page.includes(office.display)) break;
      if (Date.now() > deadline) throw new Error(`${path} does not serve the rewrite`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function main(origin: string): Promise<void> {
  const cookie = await signIn(origin);
  const photo = await uploadHero(origin, cookie);
  const rewrite = wholeSiteRewrite();
  const fields: SiteFields = {
    ...rewriteFields(rewrite),
    'business/phones.office': office,
    'home-images/heroImages.0': { ...photo, focus: { x: 40, y: 50 } },
  };
  const revision = await saveDraft(origin, cookie, fields);
  await call<unknown>(origin, cookie, '/admin/api/site/publish', {
    method: 'POST',
    json: true,
    body: JSON.stringify({ revision }),
  });
  await untilServed(origin);
  console.log(`published a whole-site rewrite: ${rewrite.length} texts in both languages`);
}

const origin = process.argv[2];
if (!origin) throw new Error('usage: tsx scripts/bench/publish-rewrite.ts ORIGIN');
await main(origin);
