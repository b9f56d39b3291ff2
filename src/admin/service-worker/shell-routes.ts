/**
 * What the service worker does with each request (docs/push.md, "The installable inbox"): pure,
 * so that it is tested without a worker. Nothing under /admin/api/ and nothing with personal data
 * is ever kept: only the shell's files and the inbox's document, which holds none.
 */

/** The inbox's document: network first, this copy kept only as the offline fallback. */
export const SHELL_DOCUMENT = '/admin/';
const API = '/admin/api/';
const ASSETS = '/admin/assets/';
const CACHE_PREFIX = 'inbox-shell-';

/** The message a page sends a waiting version of the worker to take over now. */
export const SKIP_WAITING = 'skip-waiting';

/**
 * `network`: not the worker's business (straight to the network, never kept); `shell`: a file of
 * the shell (hashed, never changes): the cache first; `document`: a visit to the inbox's document:
 * the network first, the kept copy when offline.
 */
export type Route = 'network' | 'shell' | 'document';

/** The parts of a Request the decision reads. */
export interface RequestFacts {
  url: string;
  method: string;
  mode: string;
}

/** The route of a request made under the worker's scope, from the worker's origin. */
export function routeOf(
  request: RequestFacts,
  origin: string,
  shellPaths: ReadonlySet<string>,
): Route {
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== origin) return 'network';
  const { pathname } = url;
  if (pathname.startsWith(API)) return 'network';
  if (request.mode === 'navigate') {
    return pathname === SHELL_DOCUMENT || pathname === `${SHELL_DOCUMENT}index.html`
      ? 'document'
      : 'network';
  }
  if (url.search === '' && (pathname.startsWith(ASSETS) || shellPaths.has(pathname))) {
    return 'shell';
  }
  return 'network';
}

/** The shell's addresses, from the build's files (paths under /admin/). */
export function shellPaths(files: readonly string[]): Set<string> {
  return new Set(files.map((file) => `/admin/${file}`));
}

/** The cache of one version of the shell. */
export function cacheName(version: string): string {
  return `${CACHE_PREFIX}${version}`;
}

/** The caches an activated version deletes: the shell's older versions (no one else's). */
export function staleCaches(names: readonly string[], version: string): string[] {
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== cacheName(version));
}

/** Whether a fresh copy of the document may be kept: a whole HTML page of this origin, as asked. */
export function keepsDocument(response: {
  status: number;
  type: string;
  redirected: boolean;
  contentType: string | null;
}): boolean {
  return (
    response.status === 200 &&
    response.type === 'basic' &&
    !response.redirected &&
    (response.contentType ?? '').startsWith('text/html')
  );
}

/** first-paint.ts's frame names its screen so (shell-routes.test.ts holds the two together). */
const PAINTED = /<div data-first-paint="([a-z-]+)"/;

/**
 * Whether a fresh document (a whole page, keepsDocument) replaces the kept copy: only one painted
 * for a signed-in owner (the quiet loading frame). Opened offline, the kept copy then shows that
 * frame and the offline screen, never a sign-in form that vanishes as the script finds no network
 * (the install's copy, whatever its screen, stays until a signed-in visit replaces it).
 */
export function replacesKeptDocument(html: string): boolean {
  return PAINTED.exec(html)?.[1] === 'loading';
}

/**
 * How long the document may take from the network before the kept copy opens the app instead (a
 * bad network, not none): the fresh one still replaces the kept copy when it comes.
 */
export const DOCUMENT_WAIT_MS = 2000;

/**
 * The document to answer a navigation with: the network's, unless it fails or has not answered
 * within `waitMs` while a kept copy exists; with no kept copy, the network's whatever it takes.
 */
export function documentAnswer<T>(
  fresh: Promise<T>,
  kept: T | undefined,
  waitMs: number,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((done) => setTimeout(done, ms)),
): Promise<T> {
  if (kept === undefined) return fresh;
  return Promise.race([fresh.catch(() => kept), wait(waitMs).then(() => kept)]);
}
