/**
 * What the server (../render.ts) and the publish's worker (render-site.ts) say to each other: the
 * worker is started with a RenderJob, and answers once with every file of the site.
 */
import type { PublishedVersion } from '../../../src/content/published.ts';

/** What a render worker is started with (its `workerData`). */
export interface RenderJob {
  /** BUILD_DIR: the SSR entries (prerender-<language>/) and the link preview cache. */
  buildDir: string;
  /** The version to render (a worker reads it from here alone: no global, no import order). */
  content: PublishedVersion;
  /** The site version the documents are of (src/site-version.ts); none for a preview. */
  version?: number;
}

/** A file of the published site, its path relative to the site's root (dist/). */
export interface RenderedFile {
  path: string;
  body: string | Uint8Array;
  br?: Uint8Array;
  gz?: Uint8Array;
}
