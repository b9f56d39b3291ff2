// The site as `npm start` serves it after an owner's publish (server/site/): a new office phone,
// a new first testimonial in both languages and a new hero photo, published through the editor's
// API. `npm run bench` measures its home pages beside the build's: they should score the same.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import sharp from 'sharp';
import { startBuiltServer } from '../run/local-server.mjs';

const owner = { email: 'bench.owner@example.com', password: 'a long bench password' };
const sameOrigin = { 'sec-fetch-site': 'same-origin' };

async function call(origin, cookie, path, init) {
  const response = await fetch(`${origin}${path}`, {
    ...init,
    headers: { ...sameOrigin, cookie, ...init.headers },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A 12-megapixel camera-like photo (noise over a gradient, so that it does not compress away). */
async function cameraPhoto() {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1) {
    pixels[index] = ((index % (width * 3)) / 16 + Math.random() * 40) & 255;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function publishChanges(origin) {
  const signIn = await fetch(`${origin}/admin/api/sign-in`, {
    method: 'POST',
    headers: { ...sameOrigin, 'content-type': 'application/json' },
    body: JSON.stringify(owner),
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0];
  const form = new FormData();
  form.append('place', 'hero');
  form.append('file', new Blob([await cameraPhoto()], { type: 'image/jpeg' }), 'gala.jpg');
  const { photo } = await call(origin, cookie, '/admin/api/site/photos', {
    method: 'POST',
    body: form,
  });
  const json = { 'content-type': 'application/json' };
  const fields = {
    'business/phones.office': { display: '(202) 555-2368', e164: '+12025552368' },
    'home.references/testimonials.items.0.text': {
      en: 'They staffed our embassy dinner for 300 without a single slip.',
      es: 'Atendieron nuestra cena de embajada para 300 sin un solo error.',
    },
    'home-images/heroImages.0': { ...photo, focus: { x: 40, y: 50 } },
  };
  const { revision } = await call(origin, cookie, '/admin/api/site/draft', {
    method: 'PUT',
    headers: json,
    body: JSON.stringify({ revision: 0, fields }),
  });
  await call(origin, cookie, '/admin/api/site/publish', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ revision }),
  });
}

/** `npm start`'s server on a database of its own, with the owner's changes published. */
export async function startPublishedSite({ port, dataDir }) {
  rmSync(dataDir, { recursive: true, force: true });
  const env = { ...process.env, DATA_DIR: dataDir };
  const added = spawnSync('node', ['scripts/run/admin.mjs', 'add-user', owner.email], {
    env,
    input: `${owner.password}\n`,
  });
  if (added.status !== 0) throw new Error(`add-user failed: ${added.stderr}`);
  const server = await startBuiltServer({ port, dataDir });
  await publishChanges(server.origin);
  return server;
}
