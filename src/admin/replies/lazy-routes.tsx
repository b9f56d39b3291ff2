import { lazy, Suspense, type ReactNode } from 'react';
import { adminText } from '../../content/admin';

/**
 * The composer and the templates, loaded when first opened: the inbox's first script stays the
 * list's and the submission's.
 */
const ComposerPage = lazy(() =>
  import('./composer-page').then((module) => ({ default: module.ComposerPage })),
);
const TemplatesPage = lazy(() =>
  import('./templates-page').then((module) => ({ default: module.TemplatesPage })),
);

function Loading({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<p className="py-10 text-center text-slate-600">{adminText.loading}</p>}>
      {children}
    </Suspense>
  );
}

export function ComposerScreen() {
  return (
    <Loading>
      <ComposerPage />
    </Loading>
  );
}

export function TemplatesScreen() {
  return (
    <Loading>
      <TemplatesPage />
    </Loading>
  );
}
