// The first module render-site.ts loads: it puts the publish's content where src/content/published.ts
// reads it, before any content module is evaluated.
import { workerData } from 'node:worker_threads';
import type { PublishedContent } from '../../../src/content/published.ts';

/** What the server gives the render worker. */
export interface RenderJob {
  /** BUILD_DIR: the SSR entries (prerender-<language>/) and the link preview cache. */
  buildDir: string;
  content: PublishedContent;
}

/** A file of the published site, its path relative to the site's root (dist/). */
export interface RenderedFile {
  path: string;
  body: string | Uint8Array;
  br?: Uint8Array;
  gz?: Uint8Array;
}

if (workerData) globalThis.__SITE_CONTENT__ = (workerData as RenderJob).content;
