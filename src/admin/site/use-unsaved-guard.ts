import { useEffect } from 'react';
import { holdUpdates } from '../shared/app-update';

const pathOf = (hash: string) => hash.split('?')[0] ?? '';

/**
 * While there are unsaved edits: the browser asks before the page is closed or reloaded, and a
 * link to another screen of the inbox asks first (a confirm; going back in history does not), and a
 * new version of the inbox is not brought in by itself (shared/app-update.ts: only offered).
 */
export function useUnsavedGuard(dirty: boolean, question: string) {
  useEffect(() => {
    if (!dirty) return;
    const releaseUpdates = holdUpdates();
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    const click = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const link = target?.closest('a[href^="#/"]');
      const href = link?.getAttribute('href');
      if (!href || event.defaultPrevented) return;
      if (pathOf(href) === pathOf(window.location.hash)) return;
      // Before the router's own handler (on the root, later): a refusal stops the navigation.
      if (!window.confirm(question)) event.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      releaseUpdates();
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [dirty, question]);
}
