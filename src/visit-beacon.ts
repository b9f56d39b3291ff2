/**
 * The visit beacon (docs/visits.md, server/visits/README.md "The beacon"), started by the page's
 * first script (enhance.ts): one small text/plain POST to `/api/visit` when the document is shown
 * (`load`), when the app shows another page (`move`), and on the first input in each form
 * (`start`); and the visit's record for the forms (forms/visit-record.ts). Nothing when the visitor
 * sends Global Privacy Control, or when the forms go to another host (a static host has no
 * receiver). It never throws, and never holds the page up.
 */
import { applicationEndpoint, quoteEndpoint } from './forms/endpoints';
import { campaignTags, externalReferrer, recordVisit } from './forms/visit-record';
import { hashRoute, isHomePath, pageOfDocument, ROUTE_SHOWN_EVENT, routes } from './content/routes';

const URL_PATH = '/api/visit';

interface Shown {
  /** Not yet in TypeScript's DOM types: a page prerendered for a likely next move. */
  prerendering?: boolean;
}

function send(body: object) {
  const text = JSON.stringify(body);
  try {
    if (navigator.sendBeacon(URL_PATH, text)) return;
  } catch {
    // No sendBeacon: fetch below.
  }
  fetch(URL_PATH, { method: 'POST', body: text, keepalive: true }).catch(() => {});
}

/** The document's own page ('/team' for /es/team/), and the page on screen. */
let ownPage: string = routes.home.path;
let shown: string = routes.home.path;

/** The page on screen: the hash route's (a home section is home), else the document's own. */
function pageShown(): string {
  const hash = window.location.hash;
  if (!hash) return ownPage;
  const path = hashRoute(hash);
  return isHomePath(path) ? routes.home.path : path;
}

/** Each form's first input ('quote' or 'application', by where it posts): once per document. */
function watchForms(l: string, signal?: AbortSignal) {
  const started = new Set<string>();
  document.addEventListener(
    'input',
    (event) => {
      const action = (event.target as Element).closest?.('form')?.getAttribute('action');
      const f =
        action === quoteEndpoint ? 'quote' : action === applicationEndpoint ? 'application' : '';
      if (!f || started.has(f)) return;
      started.add(f);
      send({ k: 'start', p: shown, l, f });
    },
    { signal },
  );
}

interface NavigationEntry extends PerformanceNavigationTiming {
  /** Chromium's: > 0 for a prerendered document, shown later. */
  activationStart?: number;
  /** Chromium's: 'navigational-prefetch' for a document fetched ahead of the click. */
  deliveryType?: string;
}

/**
 * The document's stamp (Server-Timing `visit`), when the server counted this document: not one
 * fetched ahead of the visit (a prefetch or a prerender, which the server does not count).
 */
function stampOf(entry: NavigationEntry | undefined): number | undefined {
  if (!entry || entry.activationStart || entry.deliveryType === 'navigational-prefetch') {
    return undefined;
  }
  const stamp = entry.serverTiming?.find(({ name }) => name === 'visit')?.description;
  return Number(stamp) || undefined;
}

function begin(signal?: AbortSignal) {
  // The address the document came from: the script in <head> turns a page's own document
  // (`/team/?ref=qr`) into its hash route (`/#/team?ref=qr`) before this runs.
  const entry = performance.getEntriesByType?.('navigation')[0] as NavigationEntry | undefined;
  const address = new URL(entry?.name || window.location.href);
  const d = address.pathname;
  const l = /^es/.test(document.documentElement.lang) || d.startsWith('/es/') ? 'es' : 'en';
  ownPage = pageOfDocument(d)?.path ?? routes.home.path;
  shown = pageShown();
  const r = document.referrer.slice(0, 300);
  const q = campaignTags(address.search);
  recordVisit({ r: externalReferrer(r, address.origin), q, p: shown, l });
  send({
    k: 'load',
    p: shown,
    l,
    d,
    s: stampOf(entry),
    a: entry ? Math.round(performance.now() - entry.responseStart) : undefined,
    r,
    q,
  });
  const onMove = () => {
    const page = pageShown();
    if (page === shown) return;
    shown = page;
    send({ k: 'move', p: page, l });
  };
  for (const type of ['hashchange', 'popstate', ROUTE_SHOWN_EVENT]) {
    window.addEventListener(type, onMove, { signal });
  }
  watchForms(l, signal);
}

function ownReceiver(): boolean {
  return new URL(quoteEndpoint, window.location.href).origin === window.location.origin;
}

/**
 * Starts the beacon for this document: once it is shown (not while prerendered). A document
 * restored from the back/forward cache does not run this again: it sends nothing more. `signal`
 * ends its listening (tests).
 */
export function startVisitBeacon(signal?: AbortSignal): void {
  try {
    if ((navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl || !ownReceiver()) {
      return;
    }
    const start = () => {
      try {
        begin(signal);
      } catch {
        // Counting is never worth an error on the page.
      }
    };
    if ((document as Shown).prerendering) {
      document.addEventListener('prerenderingchange', start, { once: true, signal });
    } else start();
  } catch {
    // As above.
  }
}
