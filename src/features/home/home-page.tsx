import { startTransition, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { pages } from '../../content/site';
import { AboutSection } from './about-section';
import { ClientsSection } from './clients-section';
import { HeroSection } from './hero-section';
import { ReferencesSection } from './references-section';
import { ServicesSection } from './services-section';
import { VenuesSection } from './venues-section';

/** Whether the browser opened the site on the home page (hash routes: "", "#/" or "#/?…"). */
let firstRenderOfALoadedHomePage =
  (window.location.hash.replace(/^#/, '').split('?')[0] || '/') === '/';

/**
 * When the site is opened on `/`, the first frame shows only the hero and the sections below it
 * follow in a non-blocking render, so the first screen (and its large image) paints sooner. Every
 * later visit, e.g. from a section link that must scroll at once, renders everything at once.
 */
function useSectionsBelowTheFold(): boolean {
  const { pathname } = useLocation();
  const [shown, setShown] = useState(() => !(firstRenderOfALoadedHomePage && pathname === '/'));
  useEffect(() => {
    firstRenderOfALoadedHomePage = false;
    if (!shown) startTransition(() => setShown(true));
  }, [shown]);
  return shown;
}

export function HomePage() {
  const sectionsShown = useSectionsBelowTheFold();
  return (
    <>
      <PageTitle title={pages.home.title} />
      <HeroSection />
      {sectionsShown ? (
        <>
          <AboutSection />
          <ServicesSection />
          <ReferencesSection />
          <VenuesSection />
          <ClientsSection />
        </>
      ) : (
        // Keeps the footer below the fold until the sections arrive: no layout shift.
        <div className="min-h-screen" />
      )}
    </>
  );
}
