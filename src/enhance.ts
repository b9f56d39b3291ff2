/**
 * The prerendered page's first script (scripts/build/prerender.ts writes it: a few kilobytes with no
 * React, one file for both documents). Deferred, it runs once the HTML is parsed, as the page
 * first paints. What the HTML paints works from then on; what cannot work without it (a
 * carousel's buttons) is not shown until it runs:
 *
 * - the carousels (carousel-engine.ts), the phone menu's finish (app/menu.ts), section links and
 *   the skip link (app/section-scroll.ts), the Spanish offer and the copyright year, with the same
 *   code React runs later;
 * - a page other than home opened by its link (`/#/team`) paints its own prerendered HTML, which
 *   the script in <head> (route-marker.ts) has already asked for;
 * - links to other pages: the HTML's go to each page's own document (`/team/`), which works
 *   without JavaScript; this script makes them the hash routes the app uses (`#/team`);
 * - a form works in the HTML (it posts without JavaScript); React comes on the visitor's first use
 *   of it (a pointer over it, a focus, a key), or at once when there is a draft to restore;
 * - React (src/main.tsx, `mount`) loads only when it is needed: on the visitor's first move to
 *   another page, or the first use of a form. A move shows the loading bar at once, then the page
 *   as soon as its HTML or its code arrives;
 * - a Send tapped before React runs the form waits for it (forms/held-submit.ts, installed by the
 *   script in <head>): this script starts the app for it, or lets it go as the plain post when the
 *   app cannot start;
 * - the visit beacon (visit-beacon.ts): the document shown, the app's moves, a form started.
 */
import { enhanceMenu } from './app/menu';
import { focusMain, MAIN_ID, scrollToSection } from './app/section-scroll';
import {
  rememberDismissal,
  reserveOfferSpace,
  wantsSpanishOffer,
} from './app/spanish-offer-choice';
import { startCarousels } from './components/carousel-engine';
import { controlValues } from './forms/form-controls';
import { language } from './content/language';
import {
  FOCUS_FIELD_PARAM,
  hashRoute,
  isHomePath,
  routes,
  scriptHref,
  sectionOfPath,
} from './content/routes';
import type {} from './app-start';
import type {} from './forms/held-submit';
import { requestPrerenderedPage } from './prerendered-page';
import { startVisitBeacon } from './visit-beacon';
import { loadWebFontsAfterLoad } from './web-fonts';

/** Set by vite.config.ts: the year the site was built, which the HTML's copyright line shows. */
declare const __BUILD_YEAR__: number;

/** The app's entry and the modules it imports at once, on this script's element. */
const appScripts = document.querySelector<HTMLScriptElement>('script[data-app-entry]');
const appEntry = appScripts?.dataset.appEntry ?? '';
const appPreloads = (appScripts?.dataset.appPreloads ?? '').split(' ').filter(Boolean);

const html = document.documentElement;
const root = document.getElementById('root') as HTMLElement;
/** The page whose HTML is in #root. */
let shownPath = root.getAttribute('data-page') ?? routes.home.path;
let stopPage: (options?: { forReact?: boolean }) => void = () => {};
let app: Promise<void> | undefined;
/** Once React runs the page, it answers every click and move: this script stands aside. */
let appRunning = false;
let prefetched = false;
/** A section link followed on a page other than home: React opens home at that section. */
let pendingSection: string | undefined;
/** A move's page was shown from its HTML and focus went to it: React must not move focus again. */
let moveFocused = false;

/** The Spanish offer (app/spanish-offer.tsx renders it hidden): shown to whom it is for. */
function showSpanishOffer(): () => void {
  const offer = root.querySelector<HTMLElement>('[data-spanish-offer]');
  if (!offer || !wantsSpanishOffer()) return () => {};
  offer.hidden = false;
  const giveSpaceBack = reserveOfferSpace();
  const button = offer.querySelector('[data-dismiss]');
  const dismiss = () => {
    rememberDismissal();
    offer.hidden = true;
    giveSpaceBack();
  };
  button?.addEventListener('click', dismiss);
  return () => {
    button?.removeEventListener('click', dismiss);
    giveSpaceBack();
  };
}

/** The HTML carries the build's year; the visitor's clock may be in a later one. */
function showCurrentYear() {
  const year = String(new Date().getFullYear());
  if (year === String(__BUILD_YEAR__)) return;
  for (const line of root.querySelectorAll('[data-copyright]')) {
    line.textContent = (line.textContent ?? '').replace(String(__BUILD_YEAR__), year);
  }
}

/** Every language's document (`/`, `/es/`), and this one's: the longest the address starts with. */
const documentPaths = [language.documentPath, language.other.documentPath];
const thisDocument =
  [...documentPaths]
    .sort((a, b) => b.length - a.length)
    .find((path) => window.location.pathname.startsWith(path)) ?? language.documentPath;

/** The HTML's links to pages' own documents become the app's hash routes (`/team/` → `#/team`). */
function toHashLinks() {
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[href^="/"]')) {
    const href = scriptHref(link.getAttribute('href') ?? '', thisDocument, documentPaths);
    if (href) link.setAttribute('href', href);
  }
}

function hasDraft(key: string | undefined): boolean {
  try {
    return Boolean(key && window.sessionStorage.getItem(key));
  } catch {
    return false;
  }
}

/** A link that opens the form at one of its fields (`#/join-our-team?field=resume`). */
function asksForField(): boolean {
  const query = window.location.hash.split('?')[1] ?? '';
  return new URLSearchParams(query).has(FOCUS_FIELD_PARAM);
}

/** The visitor's first use of a form: a pointer over it, a touch, a focus, a key. */
const FORM_USE = ['pointerover', 'pointerdown', 'focusin', 'keydown'];

/**
 * What is typed before React runs the form is kept as its draft, so that a reload or the language
 * switch in between loses nothing; React's draft takes over once it runs.
 */
function keepDraft(form: HTMLFormElement, key: string): () => void {
  const save = () => {
    try {
      window.sessionStorage.setItem(key, JSON.stringify(controlValues(form)));
    } catch {
      // Storage full or disabled: the form still works, only without a draft.
    }
  };
  for (const type of ['input', 'change']) form.addEventListener(type, save);
  return () => ['input', 'change'].forEach((type) => form.removeEventListener(type, save));
}

/**
 * A form works in the HTML; React takes it over on the visitor's first use of it, keeping what is
 * typed meanwhile (components/form/field-context.ts), or at once when it has a draft to restore or
 * a field to show (`?field=resume`). Until then what is typed is kept as the draft.
 */
function startWithForm(): () => void {
  const form = root.querySelector<HTMLFormElement>('form[data-draft-key]');
  const key = form?.dataset.draftKey;
  if (!form || !key) return () => {};
  if (hasDraft(key) || asksForField()) {
    afterNextPaint(() => startApp(false));
    return () => {};
  }
  const start = () => startApp(false);
  for (const type of FORM_USE) form.addEventListener(type, start, { once: true, passive: true });
  const stopDraft = keepDraft(form, key);
  return () => {
    FORM_USE.forEach((type) => form.removeEventListener(type, start));
    stopDraft();
  };
}

/** Makes the page in #root live, and says so (`data-app="ready"`). */
function enhancePage() {
  const menu = root.querySelector<HTMLElement>('[popover]');
  toHashLinks();
  const stops = [startCarousels(root), showSpanishOffer(), startWithForm()];
  const stopMenu = menu ? enhanceMenu(menu) : () => {};
  showCurrentYear();
  // React's header takes the menu over from this script (app/menu.ts): until its first commit, a
  // choice in the menu must still close it, so React's start leaves it running.
  stopPage = ({ forReact = false } = {}) => {
    stops.forEach((stop) => stop());
    if (!forReact) stopMenu();
  };
  html.setAttribute('data-app', 'ready');
}

/** The status line beside the loading bar (app/layout.tsx): what is happening, or nothing. */
function sayLoading(loading: boolean) {
  const status = root.querySelector<HTMLElement>('[data-page-status]');
  if (status) status.textContent = loading ? (status.dataset.message ?? '') : '';
}

/** Fetches the app's code without running it: a move is likely (a tap on a link or the menu). */
function prefetchApp() {
  if (prefetched) return;
  prefetched = true;
  for (const href of [appEntry, ...appPreloads]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

/** Loads React and hands it the page; `moved`: a visitor's move brought it. */
function startApp(moved: boolean) {
  prefetchApp();
  app ??= import(/* @vite-ignore */ appEntry)
    .then(() => {
      const start = window.potomacApp;
      if (!start) throw new Error('The app did not say how to start it');
      appRunning = true;
      stopPage({ forReact: true });
      // Once the visitor has the moved-to page and its focus, React taking it over moves nothing:
      // focus may be on the menu they have opened since.
      return start.mount({ moved: moved && !moveFocused, section: pendingSection });
    })
    .catch((error: unknown) => {
      // Offline, or a new release replaced the files: the page on screen comes back, and the next
      // move tries again.
      console.error('The app did not start:', error);
      app = undefined;
      window.potomacSubmitHold?.appFailed();
      html.removeAttribute('data-route');
      sayLoading(false);
    });
}

function afterNextPaint(then: () => void) {
  requestAnimationFrame(() => window.setTimeout(then, 0));
}

/** Puts a page's prerendered HTML in #root and makes it live. */
function showPage(text: string, path: string, moved: boolean) {
  stopPage();
  const template = document.createElement('template');
  template.innerHTML = text;
  const title = template.content.querySelector('title');
  if (title) {
    document.title = title.textContent ?? document.title;
    title.remove();
  }
  root.replaceChildren(template.content);
  root.setAttribute('data-page', path);
  shownPath = path;
  html.removeAttribute('data-route');
  if (moved) {
    focusMain({ preventScroll: true });
    moveFocused = true;
  }
  enhancePage();
}

/** Shows `path`'s prerendered HTML once it arrives, unless React or another move came first. */
function showWhenThere(path: string, moved: boolean) {
  const page = requestPrerenderedPage(path);
  if (!page) {
    startApp(moved);
    return;
  }
  void page.then((text) => {
    if (appRunning || hashRoute(window.location.hash) !== path) return;
    if (text) showPage(text, path, moved);
    else startApp(moved);
  });
}

/** A move before React runs: within the home page, or to another page (React's first start). */
function go(path: string) {
  if (path === shownPath) {
    html.removeAttribute('data-route');
    sayLoading(false);
    return;
  }
  if (shownPath === routes.home.path && isHomePath(path)) {
    const section = sectionOfPath(path);
    if (section) scrollToSection(section);
    return;
  }
  html.setAttribute('data-route', 'other');
  html.removeAttribute('data-app');
  sayLoading(true);
  window.scrollTo(0, 0);
  startApp(true);
  showWhenThere(path, true);
}

function isPlainClick(event: MouseEvent): boolean {
  return !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0);
}

/**
 * The skip link and section links move within the page, without a hash the router would read; a
 * section link on another page (`#/about`) goes home first, as it does once React runs.
 */
function onClick(event: MouseEvent) {
  if (appRunning || event.defaultPrevented || !isPlainClick(event)) return;
  const href = (event.target as Element | null)?.closest('a')?.getAttribute('href') ?? '';
  const section = sectionOfPath(hashRoute(href));
  if (href.startsWith('#/') && section && shownPath !== routes.home.path) {
    event.preventDefault();
    pendingSection = section;
    window.location.hash = routes.home.path;
    return;
  }
  if (!href.startsWith('#') || href.startsWith('#/')) return;
  const id = href.slice(1);
  if (id === MAIN_ID) {
    event.preventDefault();
    focusMain();
  } else if (shownPath === routes.home.path && document.getElementById(id)) {
    event.preventDefault();
    scrollToSection(id);
  }
}

/** A finger or pointer on a link to another page: fetch the app. */
function onIntent(event: Event) {
  const target = event.target as Element | null;
  const href = target?.closest?.('a')?.getAttribute('href') ?? '';
  const toPage = href.startsWith('#/') && !isHomePath(hashRoute(href));
  if (toPage) prefetchApp();
}

html.setAttribute('data-enhanced', '');
startVisitBeacon();
loadWebFontsAfterLoad();
window.potomacSubmitHold?.whenHeld(() => startApp(false));
document.addEventListener('click', onClick);
for (const type of ['pointerdown', 'focusin', 'mouseover']) {
  document.addEventListener(type, onIntent, { passive: true });
}
window.addEventListener('hashchange', () => {
  if (!appRunning) go(hashRoute(window.location.hash));
});

const opened = hashRoute(window.location.hash);
if (html.getAttribute('data-route') === 'other') {
  // A link to another page: the script in <head> hid the home page and asked for this page's HTML.
  showWhenThere(opened, false);
} else if (opened !== shownPath && !(shownPath === routes.home.path && isHomePath(opened))) {
  // A tap on a link to another page before this script ran: not lost.
  go(opened);
} else {
  enhancePage();
  const section = sectionOfPath(opened);
  if (section) scrollToSection(section);
}
