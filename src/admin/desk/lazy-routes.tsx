import { lazy, Suspense } from 'react';
import { adminText } from '../../content/admin';

/** The weekly picture and its charts, loaded when first opened: the list does not wait for them. */
const WeeklyPage = lazy(() =>
  import('./weekly-page').then((module) => ({ default: module.WeeklyPage })),
);

export function WeeklyScreen() {
  return (
    <Suspense fallback={<p className="py-10 text-center text-slate-600">{adminText.loading}</p>}>
      <WeeklyPage />
    </Suspense>
  );
}
