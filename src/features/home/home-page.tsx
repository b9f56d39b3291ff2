import { useLocation } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { useRenderAfterFirstPaint } from '../../components/use-render-after-first-paint';
import { pages } from '../../content/site';
import { AboutSection } from './about-section';
import { ClientsSection } from './clients-section';
import { HeroSection } from './hero-section';
import { ReferencesSection } from './references-section';
import { ServicesSection } from './services-section';
import { VenuesSection } from './venues-section';

export function HomePage() {
  // Opened on `/`, the first frame shows the hero (and its large image) and the sections below
  // follow. Opened on a section route (/about…), everything renders at once, to scroll to it.
  const sectionsShown = useRenderAfterFirstPaint(useLocation().pathname === '/');
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
