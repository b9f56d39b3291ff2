import { PageTitle } from '../../components/page-title';
import { pagesContent } from '../../content/site';
import { AboutSection } from './about-section';
import { ClientsSection } from './clients-section';
import { HeroSection } from './hero-section';
import { PageNotices } from './page-notices';
import { ReferencesSection } from './references-section';
import { ServicesSection } from './services-section';
import { VenuesSection } from './venues-section';
import { useContent } from '../../content/use-content';

export function HomePage() {
  const { pages } = useContent(pagesContent);
  return (
    <>
      <PageTitle title={pages.home.title} />
      <PageNotices />
      <HeroSection />
      <AboutSection />
      <ServicesSection />
      <ReferencesSection />
      <VenuesSection />
      <ClientsSection />
    </>
  );
}
