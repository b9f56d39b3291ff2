import { useEffect, useRef } from 'react';

let firstPage = true;

/**
 * Moves focus to a page's heading when the inbox moves to that page (not on the first page the
 * document opens with), so that a screen reader starts reading at the new page.
 */
export function usePageFocus<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (firstPage) {
      firstPage = false;
      return;
    }
    ref.current?.focus();
  }, []);
  return ref;
}
