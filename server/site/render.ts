/**
 * The public documents made again from published content, with the build's own steps, by a
 * renderer (render/render-site.ts, bundled beside the server as render-site.js) in a worker thread:
 * its modules are its own, so each render reads only its content, and a render that fails or
 * hangs is stopped without touching the running server.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PublishedVersion } from '../../src/content/published.ts';
import type { RenderedFile, RenderJob } from './render/render-site-contract.ts';

/** A file of the published site, in memory, with the headers it is served with. */
export interface SiteFile {
  body: Buffer;
  br?: Buffer;
  gz?: Buffer;
  type: string;
  etag: string;
}

/** Path (relative to the site's root, e.g. `es/index.html`) → file. */
export type SiteFiles = ReadonlyMap<string, SiteFile>;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.jpg': 'image/jpeg',
};

const asBuffer = (bytes: string | Uint8Array) =>
  typeof bytes === 'string'
    ? Buffer.from(bytes)
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function toSiteFile(file: RenderedFile): SiteFile {
  const body = asBuffer(file.body);
  return {
    body,
    ...(file.br ? { br: asBuffer(file.br) } : {}),
    ...(file.gz ? { gz: asBuffer(file.gz) } : {}),
    type: TYPES[path.extname(file.path)] ?? 'application/octet-stream',
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
  };
}

/** Where the renderer is: beside the server's own bundle (build/server/render-site.js). */
export function defaultRenderer(): string {
  return fileURLToPath(new URL('./render-site.js', import.meta.url));
}

export interface RenderOptions {
  /** The renderer's bundle; its folder's parent is the build (BUILD_DIR). */
  renderer: string;
  /** A render that takes longer is stopped and fails. */
  timeoutMs?: number;
  /** The version the documents are of, written into them (none for a preview). */
  version?: number;
}

export class RenderFailed extends Error {}

/** Renders every public document of `content`; fails (and changes nothing) on any error. */
export async function renderSite(
  content: PublishedVersion,
  options: RenderOptions,
): Promise<SiteFiles> {
  if (!existsSync(options.renderer)) {
    throw new RenderFailed('The site renderer is missing: run npm run build');
  }
  const buildDir = path.dirname(path.dirname(options.renderer));
  const worker = new Worker(options.renderer, {
    workerData: {
      buildDir,
      content,
      ...(options.version !== undefined ? { version: options.version } : {}),
    } satisfies RenderJob,
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  });
  try {
    const files = await new Promise<RenderedFile[]>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new RenderFailed('Making the pages took too long')),
        options.timeoutMs ?? 60_000,
      );
      worker.once('message', (message: RenderedFile[]) => {
        clearTimeout(timer);
        resolve(message);
      });
      worker.once('error', (error) => {
        clearTimeout(timer);
        reject(new RenderFailed(`Making the pages failed: ${error.message}`));
      });
      worker.once('exit', (code) => {
        clearTimeout(timer);
        reject(new RenderFailed(`Making the pages stopped (exit code ${code})`));
      });
    });
    return new Map(files.map((file) => [file.path, toSiteFile(file)]));
  } finally {
    await worker.terminate();
  }
}
