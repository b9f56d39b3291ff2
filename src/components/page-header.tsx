import type { ReactNode } from 'react';
import { PageTitle } from './page-title';
import type { PageText } from '../content/site';

/** The title band at the top of an inner page: sets the document title and renders the page's h1. */
export function PageHeader({ page, children }: { page: PageText; children?: ReactNode }) {
  return (
    <header className="on-dark bg-navy-950 py-12 text-white sm:py-16">
      <PageTitle title={page.title} />
      <div className="container-page">
        {children}
        <h1 className="font-display text-4xl font-bold text-white sm:text-5xl">{page.heading}</h1>
        {page.intro && <p className="mt-4 max-w-2xl text-lg text-navy-100">{page.intro}</p>}
      </div>
    </header>
  );
}
