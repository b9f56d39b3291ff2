import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * False in the prerendered HTML and while React hydrates it, true right after (and at once on a
 * page rendered in the browser): what depends on it renders the same on both sides, then changes.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}
