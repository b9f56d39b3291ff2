import { Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ui } from '../content/site';
import { ErrorBoundary } from './error-boundary';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollManager } from './scroll-manager';
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

function PageLoading() {
  return <div className="min-h-[60vh]" aria-busy="true" />;
}

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
        className="sr-only z-50 rounded-md bg-gold-400 px-4 py-3 font-semibold text-navy-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {ui.skipLink}
      </a>
      <ScrollManager />
      <Header />
      <main id="main" tabIndex={-1} className="flex-1">
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
