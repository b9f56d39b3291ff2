import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createPath, Router, type Navigator } from 'react-router';
import { AppRoutes } from './app/app';

export { otherPagePaths } from './app/app';

/** What React puts first in a render without <head>: preloads it found and the page's <title>. */
const HOISTED = /^(?:<link [^>]*>|<meta [^>]*>|<title>[^<]*<\/title>)+/;

function stateless(): never {
  throw new Error('The prerendered page cannot navigate');
}

/**
 * A router navigator for the build: it only writes links, as the browser's hash router does
 * (`#/team`), so that the HTML's links work without JavaScript and hydrate unchanged.
 * (react-router's StaticRouter writes `/team`.)
 */
const hashLinks: Navigator = {
  createHref: (to) => `#${typeof to === 'string' ? to : createPath(to)}`,
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
 * A page as HTML, rendered at build time (scripts/build/prerender.ts): the home page into the document,
 * every other page into a file of its own. The tree is the one src/main.tsx hydrates, with a
 * static router in place of the hash router.
 */
export async function renderPage(path: string): Promise<RenderedPage> {
  const { prelude } = await prerender(
    <StrictMode>
      <Router location={path} navigator={hashLinks} static>
        <AppRoutes />
      </Router>
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
