import { Home } from 'lucide-react';
import { routes } from '../content/routes';
import { ui, pagesContent } from '../content/site';
import { ButtonLink } from '../components/button-link';
import { APP_ERROR_ATTRIBUTE } from '../forms/held-submit';
import { PageTitle } from '../components/page-title';
import { useContent } from '../content/use-content';

export function ErrorPage({ error }: { error: Error }) {
  const { pages } = useContent(pagesContent);
  return (
    <section
      className="container-page py-20"
      role="alert"
      aria-labelledby="error-heading"
      // A Send held for the form this replaced goes as the plain post (forms/held-submit.ts).
      {...{ [APP_ERROR_ATTRIBUTE]: '' }}
    >
      <PageTitle title={pages.error.title} />
      <h1 id="error-heading" className="font-display text-3xl font-bold sm:text-4xl">
        {pages.error.heading}
      </h1>
      <p className="mt-4 rounded-md bg-red-50 p-4 font-mono text-sm break-words text-red-800">
        {error.message}
      </p>
      <p className="mt-4 text-slate-600">{pages.error.intro}</p>
      <ButtonLink to={routes.home.path} variant="secondary" size="lg" className="mt-8">
        <Home aria-hidden="true" className="size-5" />
        {ui.backToHome}
      </ButtonLink>
    </section>
  );
}
