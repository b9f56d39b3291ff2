import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createPath, Router, type Navigator, type To } from 'react-router';
import { AppRoutes } from './app/app';
import { language } from './content/language';
import type { PublishedVersion } from './content/published';
import { routeHref, routes } from './content/routes';
import { PublishedContext } from './content/use-content';
import type { PostedForm } from './forms/posted';
import { PostedFormContext } from './forms/posted-form';

export { otherPagePaths } from './app/app';

/** The pages with a document of their own (`team/index.html`): every page's main path. */
export const pageDocumentPaths: readonly string[] = Object.values(routes)
  .map((route) => route.path)
  .filter((path) => path !== routes.home.path);

/** What React puts first in a render without <head>: preloads it found and the page's <title>. */
const HOISTED = /^(?:<link [^>]*>|<meta [^>]*>|<title>[^<]*<\/title>)+/;

function stateless(): never {
  throw new Error('The prerendered page cannot navigate');
}

function hrefOf(to: To): string {
  const [pathname = '/', search = ''] = (typeof to === 'string' ? to : createPath(to)).split(
    /(?=\?)/,
  );
  return routeHref(language.documentPath, pathname, search);
}

/**
 * A router navigator for the build: it only writes links, each to its page's own document
 * (`/team/`, routeHref), so that the HTML's links work without JavaScript; src/enhance.ts makes
 * them the hash router's (`#/team`) once it runs.
 */
const documentLinks: Navigator = {
  createHref: hrefOf,
  go: stateless,
  push: stateless,
  replace: stateless,
};

export interface RenderedPage {
  /** The page's <title> text, as HTML. */
  title: string;
  /** `<link>` elements React hoisted (e.g. an image preload), for the document's head. */
  headLinks: string;
  /** The HTML of the root element. */
  body: string;
}

/**
 * A page as HTML, rendered at build time (scripts/build/prerender.ts) or at a publish
 * (server/site/render/render-site.ts) from `published`: the home page into the document, every
 * other page into a file of its own. The tree is the one src/main.tsx hydrates (with the same
 * version, which the document carries), with a static router in place of the hash router.
 */
export async function renderPage(
  path: string,
  published: PublishedVersion,
  posted?: PostedForm,
): Promise<RenderedPage> {
  const { prelude } = await prerender(
    <StrictMode>
      <PublishedContext value={published}>
        <PostedFormContext value={posted}>
          <Router location={path} navigator={documentLinks} static>
            <AppRoutes />
          </Router>
        </PostedFormContext>
      </PublishedContext>
    </StrictMode>,
    // One piece, in order: a larger Suspense boundary would otherwise be sent after a fallback,
    // to be swapped in by an inline script (no content without JavaScript, and no CSP hash).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  const hoisted = HOISTED.exec(html)?.[0] ?? '';
  return {
    title: /<title>([^<]*)<\/title>/.exec(hoisted)?.[1] ?? '',
    headLinks: (hoisted.match(/<link [^>]*>/g) ?? []).join(''),
    body: html.slice(hoisted.length),
  };
}

/**
 * The receiver's answer to a form sent without JavaScript (server/intake/): the form's page with
 * the posted values and messages, or its confirmation, in the live version, and the page's path.
 */
export async function renderFormAnswer(
  posted: PostedForm,
  published: PublishedVersion,
): Promise<RenderedPage & { path: string }> {
  const path = posted.form === 'quote' ? routes.quote.path : routes.application.path;
  return { ...(await renderPage(path, published, posted)), path };
}
