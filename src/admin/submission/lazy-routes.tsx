import { lazy, Suspense } from 'react';
import { adminText } from '../../content/admin';

/**
 * One submission's page, loaded when first opened: the list (the inbox's first screen, read on a
 * phone) does not wait for its editors, its history and its conversation.
 */
const loadPage = () => import('./submission-page');
const SubmissionPage = lazy(() =>
  loadPage().then((module) => ({ default: module.SubmissionPage })),
);

/**
 * Fetches the page's code ahead, when the browser is idle after the list showed: opening a
 * submission then waits for its data alone. Never before the list (the sign-in does not wait).
 */
let preloaded = false;
export function preloadSubmissionPage() {
  if (preloaded) return;
  preloaded = true;
  const load = () => void loadPage().catch(() => undefined);
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(load, { timeout: 5000 });
  } else window.setTimeout(load, 2000);
}

export function SubmissionScreen() {
  return (
    <Suspense fallback={<p className="py-10 text-center text-slate-600">{adminText.loading}</p>}>
      <SubmissionPage />
    </Suspense>
  );
}
