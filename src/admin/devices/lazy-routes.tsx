import { lazy, Suspense } from 'react';
import { adminText } from '../../content/admin';

/** The devices page, loaded when first opened: the inbox's first script stays the list's. */
const DevicesPage = lazy(() =>
  import('./devices-page').then((module) => ({ default: module.DevicesPage })),
);

export function DevicesScreen() {
  return (
    <Suspense fallback={<p className="py-10 text-center text-slate-600">{adminText.loading}</p>}>
      <DevicesPage />
    </Suspense>
  );
}
