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

/** A navigation target that is a home-page section ("#about"), as NavItem.to holds it. */
export function sectionTarget(section: string): string {
  return `#${section}`;
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
