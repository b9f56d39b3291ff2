import { startTransition, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { hashRoute } from '../content/routes';

/**
 * The route the browser opened, read once at start-up; while prerendering (no window) every
 * route is the one opened, so its HTML is the first frame's.
 */
const openedRoute = typeof window === 'undefined' ? undefined : hashRoute(window.location.hash);
let openedRouteRendered = false;

/**
 * On the page the browser opened, `false` for the first frame and then `true` in a non-blocking
 * (transition) render: what it guards paints a moment after the top of the page, and its rendering
 * yields to the browser instead of holding the main thread in one long task. On every later page,
 * and where `enabled` is false, `true` at once.
 *
 * Keep the guarded part's place with a tall placeholder, so nothing below it shifts.
 */
export function useRenderAfterFirstPaint(enabled = true): boolean {
  const { pathname } = useLocation();
  const [shown, setShown] = useState(
    () =>
      !enabled || openedRouteRendered || (openedRoute !== undefined && pathname !== openedRoute),
  );
  useEffect(() => {
    openedRouteRendered = true;
    if (!shown) startTransition(() => setShown(true));
  }, [shown]);
  return shown;
}
