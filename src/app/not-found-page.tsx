import { Home } from 'lucide-react';
import { routes } from '../content/routes';
import { pages, ui } from '../content/site';
import { ButtonLink } from '../components/button-link';
import { PageHeader } from '../components/page-header';

export function NotFoundPage() {
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
