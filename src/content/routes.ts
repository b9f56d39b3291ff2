/**
 * Every path of the site and every home-page section id, written once: the router, the navigation
 * and the content link through these. They are data, not words: a document in another language
 * uses the same ones.
 */

export interface PageRoute {
  path: string;
  /** Further paths that open the same page. */
  aliases: readonly string[];
}

export const routes = {
  home: { path: '/', aliases: [] },
  team: { path: '/team', aliases: [] },
  contact: { path: '/contact', aliases: [] },
  quote: { path: '/request-service', aliases: ['/solicitar-servicio'] },
  application: { path: '/join-our-team', aliases: ['/trabajar-con-nosotros'] },
  privacy: { path: '/privacy', aliases: ['/privacidad'] },
} as const satisfies Record<string, PageRoute>;

/** A page's path first, then its aliases. */
export function pathsOf(route: PageRoute): string[] {
  return [route.path, ...route.aliases];
}

/** The ids of the home page's sections, the targets of its in-page links. */
export const homeSections = {
  about: 'about',
  services: 'services',
  references: 'references',
  venues: 'venues',
  clients: 'clients',
} as const;

/** Home-page sections that have their own path (/about opens the home page at #about). */
export const sectionRoutes = [
  homeSections.about,
  homeSections.services,
  homeSections.references,
] as const;
export type SectionRoute = (typeof sectionRoutes)[number];

export function sectionPath(section: SectionRoute): string {
  return `/${section}`;
}

/**
 * The route path of a location hash ("", "#/", "#/path?…"), as the hash router reads it: a hash
 * without the leading slash ("#about", what a section link sets without JavaScript) is "/about".
 */
export function hashRoute(hash: string): string {
  const path = hash.replace(/^#/, '').split('?')[0] ?? '';
  if (!path) return routes.home.path;
  return path.startsWith('/') ? path : `/${path}`;
}

/** Whether a route path shows the home page: its own, or one of its sections' (/about). */
export function isHomePath(path: string): boolean {
  return (
    path === routes.home.path || sectionRoutes.some((section) => sectionPath(section) === path)
  );
}

/** The section a home path opens at (/about → about); none for the home path itself. */
export function sectionOfPath(path: string): SectionRoute | undefined {
  return sectionRoutes.find((section) => sectionPath(section) === path);
}

/** A navigation target that is a home-page section ("#about"), as NavItem.to holds it. */
export function sectionTarget(section: string): string {
  return `#${section}`;
}

/**
 * Where the prerendered HTML of a page other than home is, beside its document (`pages/team.html`,
 * `/es/pages/team.html`); none for the home page (it is in the document) or an unknown path.
 */
export function prerenderedPageFile(path: string): string | undefined {
  const known = Object.values(routes).some(
    (route) => route !== routes.home && pathsOf(route).includes(path),
  );
  return known ? `pages${path}.html` : undefined;
}

/** A page's own document, relative to its language's (`/team` → `team/`); '' for the home page. */
export function pageDocumentDir(path: string): string {
  return path === routes.home.path ? '' : `${path.replace(/^\//, '')}/`;
}

/** Whether a path is a page's main path (not an alias): the pages with a document of their own. */
export function hasPageDocument(path: string): boolean {
  return Object.values(routes).some((route) => route.path === path);
}

/**
 * The page whose own document a URL path is (`/es/team/`, or `/es/team` without its slash → `/team`
 * in `/es/`); none for a
 * language's document itself or any other path.
 */
export function pageOfDocument(
  pathname: string,
): { documentPath: string; path: string } | undefined {
  const folder = pathname.endsWith('/') ? pathname : `${pathname}/`;
  const route = Object.values(routes).find(
    (candidate) => candidate !== routes.home && folder.endsWith(`${candidate.path}/`),
  );
  if (!route) return undefined;
  return { documentPath: folder.slice(0, -pageDocumentDir(route.path).length), path: route.path };
}

/**
 * A link to a route of a language's document (`documentPath`: `/` or `/es/`) as the built HTML
 * writes it, so that it works without JavaScript: the page's own document (`/es/team/`), a
 * home-page section as an anchor of its document (`/#about`).
 */
export function staticHref(documentPath: string, pathname: string, search = ''): string {
  const section = sectionOfPath(pathname);
  if (section) return `${documentPath}#${section}`;
  if (pathname === routes.home.path) return documentPath;
  if (hasPageDocument(pathname)) return `${documentPath}${pageDocumentDir(pathname)}${search}`;
  return `${documentPath}#${pathname}${search}`;
}

/** Whether this is the build's server render (Vite's SSR build); not in the browser, a test or the server. */
function isBuiltHtml(): boolean {
  return typeof import.meta.env !== 'undefined' && import.meta.env.SSR;
}

/**
 * A link to a route of a language's document as the app in the browser writes it: a hash route
 * of that document (`/es/#/team`), its home the document itself. In the built HTML (the server
 * render, `import.meta.env.SSR`) the link goes to the page's own document instead (staticHref);
 * src/enhance.ts turns it back into this one once it runs (scriptHref).
 */
export function documentHref(documentPath: string, pathname: string, search = ''): string {
  if (isBuiltHtml()) return staticHref(documentPath, pathname, search);
  return pathname === routes.home.path && !search
    ? documentPath
    : `${documentPath}#${pathname}${search}`;
}

/**
 * A link to a route of the document at `documentPath` from within it: `#/team` in the browser, as
 * the hash router writes it; the page's own document in the built HTML (staticHref).
 */
export function routeHref(documentPath: string, pathname: string, search = ''): string {
  return isBuiltHtml() ? staticHref(documentPath, pathname, search) : `#${pathname}${search}`;
}

/**
 * The link the app writes for a link the built HTML wrote (staticHref), with JavaScript: in the
 * document at `here` a hash route (`#/team`), in another document that document's hash route
 * (`/es/#/team`); undefined for any other link. `documents`: every language's document path.
 */
export function scriptHref(
  href: string,
  here: string,
  documents: readonly string[],
): string | undefined {
  const documentPath = [...documents]
    .sort((a, b) => b.length - a.length)
    .find((path) => href.startsWith(path));
  if (!documentPath) return undefined;
  const rest = href.slice(documentPath.length);
  const section = /^#([\w-]+)$/.exec(rest)?.[1];
  const page = /^([\w-]+)\/(\?[^#]*)?$/.exec(rest);
  let route: string | undefined;
  if (rest === '') route = routes.home.path;
  else if (section && sectionOfPath(`/${section}`)) route = `/${section}`;
  else if (page && hasPageDocument(`/${page[1]}`)) route = `/${page[1]}${page[2] ?? ''}`;
  if (!route) return undefined;
  if (documentPath === here) return `#${route}`;
  return route === routes.home.path ? documentPath : `${documentPath}#${route}`;
}

/** The home-page section a navigation target names ("#about" → "about"); none for a path. */
export function sectionOfTarget(to: string): string | undefined {
  return to.startsWith('#') ? to.slice(1) : undefined;
}

/** The query parameter that opens a form page with one of its fields in view and focused. */
export const FOCUS_FIELD_PARAM = 'field';

export function withFieldFocused(path: string, field: string): string {
  return `${path}?${FOCUS_FIELD_PARAM}=${field}`;
}

/**
 * The id of an empty element at the end of the home page's first screen (its hero). The document's
 * first paint waits until the parser has reached it (`<link rel="expect" blocking="render">`,
 * scripts/build/site-head.ts): on a slow phone the browser may otherwise paint a half-parsed page, whose
 * rest then moves what was painted.
 */
export const FIRST_SCREEN_END_ID = 'first-screen-end';

/**
 * Marks the home page's first image (its LCP): lazy in the HTML, made eager by the script in
 * <head> when the home page is the one shown (src/first-screen-image.ts).
 */
export const FIRST_SCREEN_IMAGE_ATTRIBUTE = 'data-first-screen-image';

/**
 * The event the app fires on the window each time it shows a page (app/app.tsx): its moves change
 * the address without a `hashchange`, and the visit beacon (src/visit-beacon.ts) counts them.
 */
export const ROUTE_SHOWN_EVENT = 'potomac:route';
