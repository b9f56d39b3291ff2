import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { routes } from '../../content/routes';
import { ui, type PageText } from '../../content/site';
import { PageHeader } from '../page-header';

/** The frame of a form page: the title band with a way home, then the form or its confirmation. */
export function FormPage({ page, children }: { page: PageText; children: ReactNode }) {
  return (
    <>
      <PageHeader page={page}>
        <Link
          to={routes.home.path}
          className="mb-6 inline-flex min-h-11 items-center gap-2 rounded-md font-semibold text-gold-300 hover:text-gold-200 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
          {ui.backToHome}
        </Link>
      </PageHeader>
      <div className="bg-slate-50 py-10 sm:py-14">
        <div className="container-page max-w-4xl">
          {/* In the HTML from the first paint; it posts without JavaScript too (form-shell.tsx). */}
          {children}
        </div>
      </div>
    </>
  );
}
