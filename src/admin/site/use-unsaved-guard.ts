import { useEffect } from 'react';

const pathOf = (hash: string) => hash.split('?')[0] ?? '';

/**
 * While there are unsaved edits: the browser asks before the page is closed or reloaded, and a
 * link to another screen of the inbox asks first (a confirm; going back in history does not).
 */
export function useUnsavedGuard(dirty: boolean, question: string) {
  useEffect(() => {
    if (!dirty) return;
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
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [dirty, question]);
}
