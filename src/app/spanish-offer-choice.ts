/**
 * Whether the English site offers the Spanish one, and the visitor's "No, gracias", in plain DOM:
 * the prerendered page's script (src/enhance.ts) and React's SpanishOffer (spanish-offer.tsx) both
 * decide with these.
 */

/** Where a dismissal is remembered (this browser, every visit). */
export const OFFER_DISMISSED_KEY = 'spanish-offer-dismissed';

/** Whether the browser's first language is Spanish ('es', 'es-US', 'es-419'…). */
export function prefersSpanish(languages: readonly string[]): boolean {
  return /^es\b/i.test(languages[0] ?? '');
}

function dismissed(): boolean {
  try {
    return window.localStorage.getItem(OFFER_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Remembers "No, gracias" in this browser. */
export function rememberDismissal(): void {
  try {
    window.localStorage.setItem(OFFER_DISMISSED_KEY, '1');
  } catch {
    // Storage disabled: the offer only comes back on the next page load.
  }
}

/** A browser whose first language is Spanish that has not said no. */
export function wantsSpanishOffer(): boolean {
  const languages = navigator.languages.length ? navigator.languages : [navigator.language];
  return prefersSpanish(languages) && !dismissed();
}

/**
 * The card covers the bottom of the window while shown: whatever gets focus is scrolled clear of
 * it. Returns the function that gives the space back.
 */
export function reserveOfferSpace(): () => void {
  const root = document.documentElement;
  root.style.scrollPaddingBottom = '8rem';
  return () => {
    root.style.scrollPaddingBottom = '';
  };
}
