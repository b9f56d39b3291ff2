import type { ReactNode } from 'react';
import { PageTitle } from '../../components/page-title';
import { usePageFocus } from '../shared/use-page-focus';

/** A narrow card with the page's title and heading: the screens before the inbox opens. */
export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const headingRef = usePageFocus<HTMLHeadingElement>();
  return (
    <section
      aria-labelledby={id}
      className="mx-auto max-w-xl rounded-xl bg-white p-6 shadow-sm sm:p-8"
    >
      <PageTitle title={title} />
      <h1 id={id} ref={headingRef} tabIndex={-1} className="font-display text-3xl font-bold">
        {title}
      </h1>
      {children}
    </section>
  );
}

/** Said when the script never ran (the document, first-paint.ts, shows it): what needs it. */
export function NeedsScript({ words }: { words: string }) {
  return (
    <noscript>
      <p className="mt-4 rounded-md border-l-4 border-red-700 bg-red-50 p-3 font-semibold text-red-800">
        {words}
      </p>
    </noscript>
  );
}
