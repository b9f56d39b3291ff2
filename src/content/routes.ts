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
