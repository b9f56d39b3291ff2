import { Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ui } from '../content/site';
import { ErrorBoundary } from './error-boundary';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollManager } from './scroll-manager';
import { focusMain, MAIN_ID } from './section-scroll';
import { SpanishOffer } from './spanish-offer';

/**
 * Says the page is live (`data-app="ready"`): placed after the page, inside its Suspense boundary,
 * its effect runs after the page's own (a carousel's timer…). React hydrates that boundary after the
 * header and footer, so nothing outside it can say so. The browser tests wait for it.
 */
function PageReady() {
  useEffect(() => {
    document.documentElement.setAttribute('data-app', 'ready');
  }, []);
  return null;
}

/** A page on its way: a moving bar and what is happening, under the header. */
function LoadingBar() {
  return (
    <div className="container-page py-10">
      <div className="h-1 overflow-hidden rounded-full bg-navy-100">
        <div className="h-full w-1/3 animate-page-loading rounded-full bg-gold-500" />
      </div>
      <p className="mt-4 text-center text-slate-600">{ui.pageLoading}</p>
    </div>
  );
}

/** The fallback of a page whose code is loading. */
function PageLoading() {
  return (
    <div className="min-h-[60vh]" aria-busy="true">
      <LoadingBar />
    </div>
  );
}

/**
 * The same bar in the prerendered page, hidden until a visitor moves to a page whose code is not
 * there yet (index.css, `data-route`); src/enhance.ts then says so in the status line beside it.
 */
function PrerenderedPageLoading() {
  return (
    <>
      <div data-page-loading="" aria-hidden="true">
        <LoadingBar />
      </div>
      <p aria-live="polite" className="sr-only" data-page-status="" data-message={ui.pageLoading} />
    </>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href={`#${MAIN_ID}`}
        onClick={(event) => {
          event.preventDefault();
          focusMain();
        }}
        className="sr-only z-50 rounded-md bg-gold-400 px-4 py-3 font-semibold text-navy-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {ui.skipLink}
      </a>
      <ScrollManager />
      <Header />
      <main id={MAIN_ID} tabIndex={-1} className="flex-1">
        <PrerenderedPageLoading />
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoading />}>
            {children}
            <PageReady />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      <SpanishOffer />
    </div>
  );
}
