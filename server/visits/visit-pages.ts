/** The pages the visits count, from a route path or a document's path (README.md). */
import type { VisitPage } from '../../src/admin/contract.ts';
import { isHomePath, pathsOf, routes, type PageRoute } from '../../src/content/routes.ts';

/** The privacy note's paths, until (and as) src/content/routes.ts names them. */
const PRIVACY_PATHS = ['/privacy', '/privacidad'];

/** Each route's key, when the visits count it, and its paths. */
const PAGES: readonly [VisitPage, readonly string[]][] = Object.entries(
  routes as Record<string, PageRoute>,
).flatMap(([key, route]) => (isVisitPage(key) ? [[key, pathsOf(route)] as const] : []));

function isVisitPage(key: string): key is VisitPage {
  return ['home', 'team', 'contact', 'quote', 'application', 'privacy'].includes(key);
}

/** A page's own route path ('home' → '/'): a submission's first page. */
export function pathOfPage(page: VisitPage): string {
  return PAGES.find(([key]) => key === page)?.[1][0] ?? (page === 'privacy' ? '/privacy' : '/');
}

/**
 * The page a route path ('/team', '/solicitar-servicio', '/about') or a document's path ('/',
 * '/es/', '/team/', '/es/contact/', '/index.html') shows; undefined for anything else (not counted).
 */
export function pageOf(path: string): VisitPage | undefined {
  let route = path.split(/[?#]/, 1)[0] ?? '';
  if (!route.startsWith('/') || route.length > 200) return undefined;
  if (route === '/es' || route.startsWith('/es/')) route = route.slice(3) || '/';
  route = route.replace(/\/index\.html$/, '/');
  if (route.length > 1) route = route.replace(/\/$/, '');
  if (isHomePath(route)) return 'home';
  const found = PAGES.find(([, paths]) => paths.includes(route));
  if (found) return found[0];
  return PRIVACY_PATHS.includes(route) ? 'privacy' : undefined;
}

/** The language of a document's path: '/es/…' is Spanish. */
export function languageOfPath(path: string): 'en' | 'es' {
  return path === '/es' || path.startsWith('/es/') || path.startsWith('/es?') ? 'es' : 'en';
}
