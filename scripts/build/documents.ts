import { routes } from '../../src/content/routes.ts';
import type { PostedForm } from '../../src/forms/posted.ts';
import type { PublishedVersion } from '../../src/content/published.ts';

// A built document and the pages rendered into it: the same steps at build time (prerender.ts) and
// when the owner publishes (render-site.ts), so that a publish of nothing is the build, byte for byte.

const ROOT_ELEMENT = '<div id="root"></div>';
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** What src/entry-server.tsx renders. */
export interface RenderedPage {
  title: string;
  headLinks: string;
  body: string;
}

/**
 * Puts the rendered home page into the built document's empty root element (marked as the page
 * it holds, for src/main.tsx), its links in the head.
 */
export function injectApp(
  document: string,
  page: RenderedPage,
  path: string = routes.home.path,
): string {
  if (!document.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
  return document
    .replace('</head>', () => `${page.headLinks}</head>`)
    .replace(ROOT_ELEMENT, () => `<div id="root" data-page="${path}">${page.body}</div>`);
}

/** The head tags site-head.ts writes, from the title to the structured data. */
const HEAD_TAGS = /<title>[\s\S]*?<script type="application\/ld\+json">[\s\S]*?<\/script>/;

/**
 * Writes a document's head tags again (`tags` gets the text of the inline script in <head>,
 * src/route-marker.ts, to keep): for a page's own document, or from published content.
 */
export function withHeadTags(document: string, tags: (routeMarker: string) => string): string {
  const old = HEAD_TAGS.exec(document)?.[0];
  if (!old) throw new Error('The built document has no head tags to write again');
  const routeMarker = /<script>([\s\S]*?)<\/script>/.exec(old)?.[1] ?? '';
  return document.replace(old, () => tags(routeMarker));
}

/**
 * Takes out Vite's module script and module preloads, which would fetch and run React at once:
 * src/enhance.ts loads them when they are needed (their addresses are on its script element).
 */
export function takeAppScripts(document: string): {
  document: string;
  entry: string;
  preloads: string[];
} {
  const entry = ENTRY_SCRIPT.exec(document)?.[1];
  if (!entry) throw new Error('index.html has no module script');
  const preloads = [...document.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  return {
    document: document.replace(ENTRY_SCRIPT, '').replaceAll(MODULE_PRELOAD, ''),
    entry,
    preloads,
  };
}

/** A page other than home, as its file holds it: its title, then the root element's HTML. */
export function pageFile(page: RenderedPage): string {
  return `<title>${page.title}</title>${page.body}`;
}

/**
 * The script element of src/enhance.ts, with the app's entry and the modules it imports at once
 * beside it. `defer`: fetched at once, but at a low priority that lets the stylesheet, the fonts
 * and the hero image go first (as a module, or without `defer`, Chrome would fetch it as urgently
 * as the stylesheet, and the first paint would wait for it); run once the HTML is parsed.
 */
export function enhanceScriptTag(src: string, app: { entry: string; preloads: string[] }) {
  return (
    `<script defer src="${src}" data-app-entry="${app.entry}"` +
    ` data-app-preloads="${app.preloads.join(' ')}"></script>`
  );
}

/** What src/entry-server.tsx gives (built per language into BUILD_DIR/prerender-<language>/). */
export interface ServerEntry {
  renderPage: (path: string, published: PublishedVersion) => Promise<RenderedPage>;
  /** A form sent without JavaScript, answered: its page with the values, or its confirmation. */
  renderFormAnswer: (
    posted: PostedForm,
    published: PublishedVersion,
  ) => Promise<RenderedPage & { path: string }>;
  otherPagePaths: readonly string[];
  /** The pages with a document of their own (their main paths, not the aliases). */
  pageDocumentPaths: readonly string[];
}

/** What a build keeps of a document to render it again later (`document.json` beside the SSR entry). */
export interface DocumentTemplate {
  /** The built document before the home page went in (its head tags written from content). */
  template: string;
  /** The address of src/enhance.ts's file. */
  enhance: string;
}

/** A document with its home page in it, the app's scripts handed to src/enhance.ts. */
export function assembleDocument(template: DocumentTemplate, home: RenderedPage): string {
  return withEnhanceScript(template, injectApp(template.template, home));
}

/** The app's scripts taken out of a document and handed to src/enhance.ts, whose tag goes in. */
function withEnhanceScript(template: DocumentTemplate, document: string): string {
  const app = takeAppScripts(document);
  return app.document.replace('</head>', () => `${enhanceScriptTag(template.enhance, app)}</head>`);
}

/**
 * A page's own document (`team/index.html`), which a link reaches without JavaScript: the page in
 * the root element, the head tags written for it (`headTags`: its title, canonical address and
 * alternates), and the same scripts as the home page's document.
 */
export function pageDocument(
  template: DocumentTemplate,
  page: RenderedPage,
  path: string,
  headTags: (routeMarker: string) => string,
): string {
  return withEnhanceScript(
    template,
    withHeadTags(injectApp(template.template, page, path), headTags),
  );
}

/**
 * The receiver's answer to a form sent without JavaScript (server/intake/): the page, rendered
 * with the posted values, as a document that runs no script of the app (nothing to hydrate: its
 * values and messages are the server's), its head tags written for the page.
 */
export function answerDocument(
  template: DocumentTemplate,
  page: RenderedPage,
  path: string,
  headTags: (routeMarker: string) => string,
): string {
  return takeAppScripts(withHeadTags(injectApp(template.template, page, path), headTags)).document;
}

/** Where a page's own document is, beside its language's document: `/team` → `team/index.html`. */
export function pageDocumentFile(path: string): string {
  return `${path.replace(/^\//, '')}/index.html`;
}
