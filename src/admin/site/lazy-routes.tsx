import { lazy, Suspense } from 'react';
import { siteEditorText } from '../../content/admin-site';

/**
 * The site editor's screens, loaded when first opened: the inbox (read on a phone, between
 * events) does not download every text and field of the site to show a list of messages.
 */
const SitePage = lazy(() => import('./site-page').then((module) => ({ default: module.SitePage })));
const PartRoute = lazy(() =>
  import('./part-page').then((module) => ({ default: module.PartRoute })),
);

function Loading() {
  return <p className="py-10 text-center text-slate-600">{siteEditorText.loading}</p>;
}

/** `email`: the signed-in account's, where the launch checklist's test e-mail goes. */
export function SiteScreen({ email }: { email: string }) {
  return (
    <Suspense fallback={<Loading />}>
      <SitePage email={email} />
    </Suspense>
  );
}

export function PartScreen() {
  return (
    <Suspense fallback={<Loading />}>
      <PartRoute />
    </Suspense>
  );
}
