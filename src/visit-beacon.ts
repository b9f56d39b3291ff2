/**
 * The visit beacon (docs/visits.md, server/visits/README.md "The beacon"), started by the page's
 * first script (enhance.ts): one small text/plain POST to `/api/visit` when the document is shown
 * (`load`), when the app shows another page (`move`), and on the first input in each form
 * (`start`); and the visit's record for the forms (forms/visit-record.ts). Nothing when the visitor
 * sends Global Privacy Control, or when the forms go to another host (a static host has no
 * receiver). It never throws, and never holds the page up. Kept small: it is part of the first
 * script's budget (docs/performance.md).
 */
import { campaignTags, recordVisit } from './forms/visit-record';
import { hashRoute, isHomePath, ROUTE_SHOWN_EVENT } from './content/routes';

const URL_PATH = '/api/visit';

/** Sends `body` as text/plain by sendBeacon (every browser since 2018); nothing without it. */
function send(body: object): void {
  (navigator.sendBeacon as Navigator['sendBeacon'] | undefined)?.(URL_PATH, JSON.stringify(body));
}

/**
 * The page on screen, as its route path: the hash route's, a home section's being home. With
 * JavaScript every page is a hash route of its language's document: the script in <head> turns a
 * page's own document (`/team/`) into one (`/#/team`).
 */
function pageShown(): string {
  const path = hashRoute(window.location.hash);
  return isHomePath(path) ? '/' : path;
}

interface NavigationEntry extends PerformanceNavigationTiming {
  /** Chromium's: > 0 for a prerendered document, shown later. */
  activationStart?: number;
}

function begin() {
  try {
    // Forms that post to an absolute address (VITE_QUOTE_ENDPOINT, forms/endpoints.ts): a static
    // host, whose forms go to another service; no receiver of the site's answers the beacon.
    if (
      (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl ||
      (import.meta.env.VITE_QUOTE_ENDPOINT ?? '').includes('//')
    ) {
      return;
    }
    // The address the document came from (the script in <head> may have changed it since). A
    // browser without navigation timing (before Safari 15) sends nothing.
    const entry = performance.getEntriesByType('navigation')[0] as NavigationEntry;
    const address = new URL(entry.name);
    // The stamp of a document the server counted as it came: not one fetched ahead of the visit (a
    // prerender: not counted), nor the browser's cached copy (nothing transferred: its stamp is
    // old). A copy the server answered 304 for (a reload) was counted: its headers came, and its
    // stamp is new (Chromium's deliveryType says 'cache' for both).
    const counted = !entry.activationStart && entry.transferSize !== 0;
    const stamp =
      counted && entry.serverTiming.find((timing) => timing.name === 'visit')?.description;
    // 'en' or 'es': the built documents' own.
    const l = document.documentElement.lang;
    let p = pageShown();
    const load = {
      k: 'load',
      p,
      l,
      d: address.pathname,
      s: Number(stamp) || undefined,
      r: document.referrer,
      q: campaignTags(address.search),
    };
    // Its age as it leaves (the server knows the document it counted by the stamp and the age).
    const sendLoad = () => send({ ...load, a: (performance.now() - entry.responseStart) | 0 });
    // Two seconds after the document has loaded: a request made while the first screen paints would
    // share the phone's connection with its picture (Lighthouse's phone put the largest paint 150 ms
    // later). The server counted the document meanwhile; only what it could not see waits, and the
    // page shown first is the one said, whatever the visitor did since.
    if (document.readyState === 'complete') sendLoad();
    else window.addEventListener('load', () => setTimeout(sendLoad, 2e3));
    const onMove = () => {
      if (p === pageShown()) return;
      p = pageShown();
      send({ k: 'move', p, l });
    };
    // The first script's moves change the hash; React's say so (back and forward too).
    window.addEventListener('hashchange', onMove);
    window.addEventListener(ROUTE_SHOWN_EVENT, onMove);
    // Each form's first input, once per document: the site's forms are known by their ids (`quote`,
    // `application`: features/quote/quote-form.tsx, features/application/application-form.tsx),
    // its only forms.
    const started: Record<string, boolean> = {};
    document.addEventListener('input', (event) => {
      const f = (event.target as Element).closest('form')?.id;
      if (!f || started[f]) return;
      started[f] = true;
      send({ k: 'start', p, l, f });
    });
    // Last: session storage may be refused (a privacy mode), and throw.
    recordVisit(JSON.stringify(load));
  } catch {
    // Counting is never worth an error on the page.
  }
}

/**
 * Starts the beacon for this document, once it is shown (not while it is prerendered). A document
 * restored from the back/forward cache does not run this again: it sends nothing more.
 */
export function startVisitBeacon(): void {
  // Not yet in TypeScript's DOM types: a page prerendered for a likely next move.
  if ((document as { prerendering?: boolean }).prerendering) {
    document.addEventListener('prerenderingchange', begin);
  } else begin();
}
