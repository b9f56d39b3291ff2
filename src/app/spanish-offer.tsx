import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { X } from 'lucide-react';
import { useHydrated } from '../components/use-hydrated';
import { language } from '../content/language';
import { spanishOffer } from '../content/spanish-offer';
import { otherLanguageHref } from './language-links';
import { rememberDismissal, reserveOfferSpace, wantsSpanishOffer } from './spanish-offer-choice';

/** True once mounted, for a Spanish-preferring browser that has not said no. */
function useOffer(): [boolean, () => void] {
  const hydrated = useHydrated();
  const [hidden, setHidden] = useState(false);
  const shown = hydrated && !hidden && wantsSpanishOffer();
  useEffect(() => (shown ? reserveOfferSpace() : undefined), [shown]);
  return [shown, () => setHidden(true)];
}

/**
 * A small card at the bottom of the English site that offers the Spanish one to a browser whose
 * first language is Spanish: never a redirect. Fixed in place, so it moves no content when it
 * appears; "No, gracias" hides it on every page from then on. It is in the prerendered HTML,
 * hidden, so that the page's first script can show it before React (src/enhance.ts).
 */
export function SpanishOffer() {
  const [shown, hide] = useOffer();
  const { pathname, search } = useLocation();
  if (!language.offersSpanish) return null;
  const text = spanishOffer.banner;
  return (
    <aside
      lang="es"
      aria-label={text.label}
      hidden={!shown}
      data-spanish-offer=""
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
        data-dismiss=""
        onClick={() => {
          rememberDismissal();
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
