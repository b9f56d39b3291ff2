/**
 * A submission's visit (README.md): how the visit that sent it began, and its first page. Read on
 * the form post's path, in this order: the `Visit` header the page's script sends (its record of
 * the visit, kept in session storage), else the visitor's own day as the counter saw it (a post
 * without script), else the form page's own address (the post's same-origin `Referer`) when it
 * carries campaign tags. A visitor who sends Global Privacy Control gets none.
 */
import type { SubmissionVisit } from '../../src/admin/contract.ts';
import { pageOfDocument, pathsOf, routes } from '../../src/content/routes.ts';
import { sourceOf } from './sources.ts';
import type { VisitCounter } from './visit-types.ts';

/** The longest `Visit` header read; a longer one is ignored, as a malformed one is. */
export const VISIT_HEADER_MAX = 600;

/** The route path of the privacy note (a page of the site, counted as the others). */
export const PRIVACY_PATH = '/privacy';

/** What is read of the request: a FastifyRequest is one. */
export interface VisitRequest {
  headers: Record<string, string | string[] | undefined>;
  /** The client's address as the server trusts it. */
  ip: string;
}

export interface SubmissionVisitOptions {
  /** The visit counter: the visitor's own day, for a post without the header. */
  counter?: VisitCounter | undefined;
  /** The site's own hosts: a referrer on one of them is no referrer; a Referer on one is ours. */
  ownHosts?: readonly string[] | undefined;
  /** When the post came (ms since the epoch): the day the counter looks in. */
  at?: number | undefined;
}

function header(request: VisitRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

const ROUTE_KEYS = new Map<string, string>([
  ...Object.entries(routes).map(([key, route]): [string, string] => [key, route.path]),
  ['privacy', PRIVACY_PATH],
]);

/**
 * A path as the page it shows, by its route's own path: a route path or alias
 * ('/solicitar-servicio' → '/request-service'), a document's path ('/es/team/' → '/team'), a home
 * section ('/about' → '/'), the privacy note; '/' for anything else. A counted page's key
 * ('quote') is its route's path too.
 */
export function firstPageOf(path: string): string {
  const key = ROUTE_KEYS.get(path);
  if (key) return key;
  const document = pageOfDocument(path);
  if (document) return document.path;
  const trimmed = path.replace(/\/+$/, '').replace(/^\/es(?=\/|$)/, '') || '/';
  const route = Object.values(routes).find((candidate) => pathsOf(candidate).includes(trimmed));
  if (route) return route.path;
  if (trimmed === PRIVACY_PATH) return PRIVACY_PATH;
  // A home section ('/about') shows the home page; anything else is not a page: the home page.
  return routes.home.path;
}

/**
 * The `Visit` header's record (URLSearchParams text: `r` the external referrer, `q` the first
 * page's query, `p` its route path, `l` its language), or undefined when it is missing, too long
 * or malformed.
 */
export function visitHeader(
  value: string | undefined,
): { referrer: string; search: string; page: string } | undefined {
  if (!value || value.length > VISIT_HEADER_MAX) return undefined;
  const fields = new URLSearchParams(value);
  const page = fields.get('p');
  const language = fields.get('l');
  if (!page?.startsWith('/') || (language !== 'en' && language !== 'es')) return undefined;
  return { referrer: fields.get('r') ?? '', search: fields.get('q') ?? '', page };
}

/** The post's Referer when it is a page of this site (the request's own host, or one of ours). */
function ownReferer(request: VisitRequest, ownHosts: readonly string[]): URL | undefined {
  const referer = header(request, 'referer');
  if (!referer || referer.length > 2048 || !URL.canParse(referer)) return undefined;
  const url = new URL(referer);
  // The request's own Host, as a URL of the Referer's scheme writes it (no default port).
  const host = `${url.protocol}//${header(request, 'host') ?? ''}`;
  const sameHost = URL.canParse(host) && new URL(host).host === url.host;
  return sameHost || ownHosts.includes(url.hostname) ? url : undefined;
}

/** The visitor's own day as the counter saw it; none when it cannot say (never throws). */
async function countedVisit(
  request: VisitRequest,
  counter: VisitCounter,
  at: number,
): Promise<SubmissionVisit | undefined> {
  try {
    const client = { address: request.ip, userAgent: header(request, 'user-agent') ?? '' };
    const visit = await counter.visitOf(client, at);
    return visit && { ...visit, firstPage: firstPageOf(visit.firstPage) };
  } catch {
    return undefined;
  }
}

/** How the visit that sent this post began, and its first page; undefined when not known. */
export async function submissionVisit(
  request: VisitRequest,
  options: SubmissionVisitOptions = {},
): Promise<SubmissionVisit | undefined> {
  if (header(request, 'sec-gpc')?.trim() === '1') return undefined;
  const ownHosts = options.ownHosts ?? [];
  const recorded = visitHeader(header(request, 'visit'));
  if (recorded) {
    const source = sourceOf(recorded.referrer, recorded.search, ownHosts);
    return { ...source, firstPage: firstPageOf(recorded.page) };
  }
  if (options.counter) {
    const counted = await countedVisit(request, options.counter, options.at ?? Date.now());
    if (counted) return counted;
  }
  // Without script and uncounted, only the form page's own campaign tags say how it began: a QR
  // code's link to the form. Without tags nothing is known (not even that it was the first page).
  const page = ownReferer(request, ownHosts);
  if (!page) return undefined;
  const source = sourceOf(undefined, page.search, ownHosts);
  return source.kind === 'campaign'
    ? { ...source, firstPage: firstPageOf(page.pathname) }
    : undefined;
}
