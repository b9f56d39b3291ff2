import type { ReactNode } from 'react';
import type { To } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { PageTitle } from '../../components/page-title';
import { PageLink } from './page-link';
import { usePageFocus } from './use-page-focus';

/**
 * The top of an inbox page: the document's title, the link back, the page's heading (which takes
 * the focus when the inbox moves to the page, use-page-focus.ts), and its introduction if it has one.
 */
export function PageHeading({
  heading,
  title = heading,
  back,
  intro,
}: {
  heading: string;
  /** The document's title, when it is not the heading. */
  title?: string;
  back: { to: To; label: string };
  intro?: ReactNode;
}) {
  const headingRef = usePageFocus<HTMLHeadingElement>();
  return (
    <>
      <PageTitle title={title} />
      <PageLink to={back.to} icon={ArrowLeft}>
        {back.label}
      </PageLink>
      <div>
        <h1 ref={headingRef} tabIndex={-1} className="font-display text-3xl font-bold break-words">
          {heading}
        </h1>
        {intro && <p className="mt-2 max-w-prose text-slate-700">{intro}</p>}
      </div>
    </>
  );
}
