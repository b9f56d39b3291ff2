/// <reference lib="webworker" />
/**
 * The inbox's service worker, served as /admin/sw.js (scope /admin/; docs/push.md): it keeps the
 * inbox's shell and shows the pushes. Never a response with personal data in its caches.
 *
 * Install: the shell's files and the document, in a cache named by this build's version. A new
 * version then waits until the page asks it to take over (a 'skip-waiting' message:
 * src/admin/shared/app-update.ts) or every window of the old one is closed. Activate: the older
 * versions' caches deleted, the open windows claimed.
 */
import { listenForPushes } from './push-events';
import {
  DOCUMENT_WAIT_MS,
  SHELL_DOCUMENT,
  documentAnswer,
  SKIP_WAITING,
  cacheName,
  keepsDocument,
  replacesKeptDocument,
  routeOf,
  shellPaths,
  staleCaches,
} from './shell-routes';

declare const self: ServiceWorkerGlobalScope;

/** The shell this build keeps. */
const SHELL = { files: __SHELL_FILES__, version: __SHELL_VERSION__ };
const CACHE = cacheName(SHELL.version);
const PATHS = shellPaths(SHELL.files);

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([...PATHS, SHELL_DOCUMENT])));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(staleCaches(names, SHELL.version).map((name) => caches.delete(name))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  // Kept alive until the browser took it in: a worker stopped at once would not take over.
  if (event.data === SKIP_WAITING) event.waitUntil(self.skipWaiting());
});

/**
 * A file of the shell: from the cache (it never changes), else the network (kept no more). Its
 * Vary (Origin, Accept-Encoding) is ignored: the page's module scripts ask with an Origin that the
 * install's requests had not, and a hashed file is the same bytes for every one.
 */
async function fromShell(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  return (await cache.match(request, { ignoreVary: true })) ?? fetch(request);
}

/**
 * The document: a fresh one (a signed-in owner's, with nothing of theirs, kept for offline), else
 * the kept one when offline or when the network has not answered within DOCUMENT_WAIT_MS (a bad
 * network: the app opens at once, and the fresh one, when it comes, is kept for the next time).
 */
async function documentOf(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(CACHE);
  const fresh = fetch(event.request).then(async (response) => {
    const whole = keepsDocument({
      status: response.status,
      type: response.type,
      redirected: response.redirected,
      contentType: response.headers.get('content-type'),
    });
    if (whole && replacesKeptDocument(await response.clone().text())) {
      await cache.put(SHELL_DOCUMENT, response.clone());
    }
    return response;
  });
  // The worker lives until the fresh copy is kept, even when the kept one answered first.
  event.waitUntil(
    fresh.then(
      () => undefined,
      () => undefined,
    ),
  );
  return documentAnswer(fresh, await cache.match(SHELL_DOCUMENT), DOCUMENT_WAIT_MS);
}

self.addEventListener('fetch', (event) => {
  const route = routeOf(event.request, self.location.origin, PATHS);
  // Anything else (the API above all) is not answered here: the browser asks the network itself.
  if (route === 'shell') event.respondWith(fromShell(event.request));
  if (route === 'document') event.respondWith(documentOf(event));
});

listenForPushes(self);
