// The owner's publish (server/site/): the public documents made again from a published version,
// in a worker thread of the server (bundled into BUILD_DIR/server/render-site.js), which passes
// the version to every step (the pages, the head tags, the link preview, the sitemap).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { CONTENT_ELEMENT_ID, publishedVersion } from '../../../src/content/published.ts';
import { prerenderedPageFile } from '../../../src/content/routes.ts';
import {
  assembleDocument,
  pageDocument,
  pageDocumentFile,
  pageFile,
  withHeadTags,
  type DocumentTemplate,
  type ServerEntry,
} from '../../../scripts/build/documents.ts';
import { linkPreviewImage, previewFileName } from '../../../scripts/build/link-preview.ts';
import { withSiteVersion } from '../../../src/site-version.ts';
import {
  contentOf,
  jsonForScript,
  previewText,
  PREVIEW_FILE,
  robotsTxt,
  siteHeadTags,
  sitemapXml,
} from '../../../scripts/build/site-head.ts';
import type { RenderJob, RenderedFile } from './render-site-contract.ts';

const job = workerData as RenderJob;
// A structured clone of the keeper's value: made a version again (its empty parts included).
const published = publishedVersion(job.content);

/** The link preview picture, made once per text (satori and sharp take a second or two). */
async function linkPreview(language: string): Promise<Buffer> {
  const text = previewText(published, language);
  const key = createHash('sha256').update(JSON.stringify(text)).digest('hex').slice(0, 16);
  const cached = path.join(job.buildDir, 'link-previews', `${key}.jpg`);
  if (existsSync(cached)) return readFile(cached);
  const image = await linkPreviewImage(text);
  // Only a cache: an installed server's build is read-only to it (systemd's ProtectSystem=strict,
  // a container's non-root user), and the publish must work there all the same.
  await mkdir(path.dirname(cached), { recursive: true })
    .then(() => writeFile(cached, image))
    .catch(() => undefined);
  return image;
}

/** The link preview under the name its head tags give, and under its first name (link-preview.ts). */
function previewFiles(base: string, image: Buffer, language: string): RenderedFile[] {
  return [previewFileName(previewText(published, language)), PREVIEW_FILE].map((name) => ({
    path: `${base}${name}`,
    body: image,
  }));
}

/** A document marked as its version's (src/site-version.ts); a page's piece stays as it is. */
function stamped(file: RenderedFile): RenderedFile {
  if (job.version === undefined || typeof file.body !== 'string') return file;
  if (!file.path.endsWith('index.html')) return file;
  return { ...file, body: withSiteVersion(file.body, job.version) };
}

async function documentsOf(language: 'en' | 'es'): Promise<RenderedFile[]> {
  const folder = path.join(job.buildDir, `prerender-${language}`);
  const template = JSON.parse(
    await readFile(path.join(folder, 'document.json'), 'utf8'),
  ) as DocumentTemplate & { document: string };
  const entry = (await import(
    pathToFileURL(path.join(folder, 'entry-server.js')).href
  )) as ServerEntry;
  // The document carries the version it was made with, for React to hydrate it with the same
  // words (src/main.tsx): the facts and its own language's (never the other language's).
  const own = {
    version: published.version,
    facts: published.facts,
    [language]: published[language],
  };
  const content = `<script type="application/json" id="${CONTENT_ELEMENT_ID}">${jsonForScript(own)}</script>`;
  const home = assembleDocument(template, await entry.renderPage('/', published));
  const base = contentOf(published, language).language.documentPath.replace(/^\//, '');
  const files: RenderedFile[] = [
    {
      path: template.document,
      body: withHeadTags(home, (marker) => siteHeadTags(published, language, marker)).replace(
        '</head>',
        () => `${content}</head>`,
      ),
    },
    ...previewFiles(base, await linkPreview(language), language),
  ];
  for (const pagePath of entry.otherPagePaths) {
    const page = await entry.renderPage(pagePath, published);
    files.push({ path: `${base}${prerenderedPageFile(pagePath) ?? ''}`, body: pageFile(page) });
    if (!entry.pageDocumentPaths.includes(pagePath)) continue;
    const head = (marker: string) =>
      siteHeadTags(published, language, marker, { path: pagePath, title: page.title });
    files.push({
      path: `${base}${pageDocumentFile(pagePath)}`,
      body: pageDocument(template, page, pagePath, head).replace(
        '</head>',
        () => `${content}</head>`,
      ),
    });
  }
  return files;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Each text file with its brotli and gzip twins, as the build writes them (compress.mjs). */
async function compressed(file: RenderedFile): Promise<RenderedFile> {
  if (typeof file.body !== 'string') return file;
  const body = Buffer.from(file.body);
  return {
    ...file,
    br: await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gz: await gzipped(body, { level: 9 }),
  };
}

const files: RenderedFile[] = [
  ...(await documentsOf('en')),
  ...(await documentsOf('es')),
  { path: 'sitemap.xml', body: sitemapXml(published) },
  { path: 'robots.txt', body: robotsTxt(published) },
];
parentPort?.postMessage(await Promise.all(files.map((file) => compressed(stamped(file)))));
