import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { sectionOfPath } from '../content/routes';
import {
  scrollToSectionWhenThere,
  sectionOfState,
  SECTION_SCROLL_DELAY_MS,
} from './section-scroll';

/**
 * On every path change: scroll to the top (or to the section a path like /about names) and,
 * after the first page, move focus to the main landmark so screen readers start at the new content.
 * A section link followed from another page (router state) scrolls there once the home page is in.
 *
 * The page React first takes over stays where the visitor has scrolled it: its HTML has been on
 * screen, and the visitor may be about to tap a field further down (src/enhance.ts starts React
 * on a form's first use). A move before React ran has already scrolled to the top.
 */
export function ScrollManager() {
  const { pathname, state } = useLocation();
  const first = useRef(true);
  const scrolledFor = useRef(pathname);
  const stateSection = sectionOfState(state);

  useLayoutEffect(() => {
    if (scrolledFor.current === pathname) return;
    scrolledFor.current = pathname;
    if (!sectionOfPath(pathname)) window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    const section = sectionOfPath(pathname);
    const isFirst = first.current;
    first.current = false;
    if (section) return scrollToSectionWhenThere(section);
    if (stateSection) {
      // The home page's code may still be on its way: the scroll waits for its section.
      let cancel: () => void = () => undefined;
      const timer = window.setTimeout(() => {
        cancel = scrollToSectionWhenThere(stateSection);
      }, SECTION_SCROLL_DELAY_MS);
      return () => {
        window.clearTimeout(timer);
        cancel();
      };
    }
    if (!isFirst) document.getElementById('main')?.focus({ preventScroll: true });
    return undefined;
  }, [pathname, stateSection]);

  return null;
}
