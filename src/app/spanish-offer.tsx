import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { X } from 'lucide-react';
import { useHydrated } from '../components/use-hydrated';
import { language } from '../content/language';
import { spanishOffer } from '../content/spanish-offer';
import { otherLanguageHref } from './language-links';

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

function remember(): void {
  try {
    window.localStorage.setItem(OFFER_DISMISSED_KEY, '1');
  } catch {
    // Storage disabled: the offer only comes back on the next page load.
  }
}

/** True once mounted, on the English site, for a Spanish-preferring browser that has not said no. */
function useOffer(): [boolean, () => void] {
  const hydrated = useHydrated();
  const [hidden, setHidden] = useState(false);
  const shown =
    hydrated &&
    !hidden &&
    language.offersSpanish &&
    prefersSpanish(navigator.languages.length ? navigator.languages : [navigator.language]) &&
    !dismissed();
  useEffect(() => {
    if (!shown) return;
    // The card covers the bottom of the window: whatever gets focus is scrolled clear of it.
    const root = document.documentElement;
    root.style.scrollPaddingBottom = '8rem';
    return () => {
      root.style.scrollPaddingBottom = '';
    };
  }, [shown]);
  return [shown, () => setHidden(true)];
}

/**
 * A small card at the bottom of the English site that offers the Spanish one to a browser whose
 * first language is Spanish: never a redirect. Fixed in place, so it moves no content when it
 * appears; "No, gracias" hides it on every page from then on.
 */
export function SpanishOffer() {
  const [shown, hide] = useOffer();
  const { pathname, search } = useLocation();
  if (!shown) return null;
  const text = spanishOffer.banner;
  return (
    <aside
      lang="es"
      aria-label={text.label}
      className="fixed inset-x-3 bottom-3 z-40 mx-auto flex max-w-md flex-wrap items-center gap-x-4 gap-y-2 rounded-lg bg-navy-950 p-4 pe-12 text-sm text-white shadow-xl sm:inset-x-auto sm:right-4"
    >
      <p>{text.text}</p>
      <a
        href={otherLanguageHref(pathname, search)}
        hrefLang="es"
        className="font-semibold text-gold-300 underline underline-offset-4 hover:text-gold-200"
      >
        {text.link}
      </a>
      <button
        type="button"
        onClick={() => {
          remember();
          hide();
        }}
        className="absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-md text-navy-100 hover:bg-navy-800 hover:text-white"
      >
        <X aria-hidden="true" className="size-4" />
        <span className="sr-only">{text.dismiss}</span>
      </button>
    </aside>
  );
}
