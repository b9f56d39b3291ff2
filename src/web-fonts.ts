/**
 * When the page uses its web fonts (`data-fonts` on <html>, src/theme.css): the first screen never
 * waits for them. A browser that has loaded them before (remembered here) has them in its cache
 * and uses them from the first paint; in any other they are asked for once the page has loaded and
 * painted, and swap in for the metric-matched fallbacks without moving anything.
 */

const ATTRIBUTE = 'data-fonts';
/** Where this browser remembers that it has the fonts. */
const REMEMBERED_KEY = 'web-fonts-loaded';

function turnOnWebFonts(): void {
  document.documentElement.setAttribute(ATTRIBUTE, '');
}

/** Before the first paint (route-marker.ts): the fonts at once where they are in the cache. */
export function applyCachedWebFonts(): void {
  try {
    if (window.localStorage.getItem(REMEMBERED_KEY)) turnOnWebFonts();
  } catch {
    // Storage disabled: the fonts come after the first paint.
  }
}

function remember(): void {
  try {
    window.localStorage.setItem(REMEMBERED_KEY, '1');
  } catch {
    // Storage disabled: the next page asks for them after its first paint again.
  }
}

function loadWebFonts(): void {
  // Heard, not asked: reading `document.fonts.ready` now would force a layout of the whole page.
  document.fonts.addEventListener('loadingdone', remember, { once: true });
  turnOnWebFonts();
}

/** Runs `then` once the page has shown its first content (at the latest a few seconds on). */
function afterFirstPaint(then: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    then();
  };
  window.setTimeout(once, 3000);
  try {
    new PerformanceObserver((_list, observer) => {
      observer.disconnect();
      window.setTimeout(once, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing here: a frame after now is near enough.
    requestAnimationFrame(() => window.setTimeout(once, 0));
  }
}

/** The fonts once the page has loaded and shown its first content (enhance.ts, main.tsx). */
export function loadWebFontsAfterLoad(): void {
  if (document.documentElement.hasAttribute(ATTRIBUTE)) return;
  const next = () => afterFirstPaint(loadWebFonts);
  if (document.readyState === 'complete') next();
  else window.addEventListener('load', next, { once: true });
}
