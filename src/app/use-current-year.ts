import { useSyncExternalStore } from 'react';

/** Set by vite.config.ts: the year the site was built. */
declare const __BUILD_YEAR__: number;

const unchanging = () => () => {};

/**
 * The current year, from the visitor's clock. The prerendered page (and its hydration) use the
 * year of the build, so the two agree; React then re-renders with the clock's year if it differs.
 */
export function useCurrentYear(): number {
  return useSyncExternalStore(
    unchanging,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );
}
