import { Home } from 'lucide-react';
import { routes } from '../content/routes';
import { ui, pagesContent } from '../content/site';
import { ButtonLink } from '../components/button-link';
import { PageHeader } from '../components/page-header';
import { useContent } from '../content/use-content';

export function NotFoundPage() {
  const { pages } = useContent(pagesContent);
  return (
    <>
      <PageHeader page={pages.notFound} />
      <div className="container-page py-16">
        <ButtonLink to={routes.home.path} variant="secondary" size="lg">
          <Home aria-hidden="true" className="size-5" />
          {ui.backToHome}
        </ButtonLink>
      </div>
    </>
  );
}
