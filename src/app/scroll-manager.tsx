import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { sectionRoutes, type SectionRoute } from '../content/navigation';
import { scrollToSection } from './section-scroll';

function sectionOf(pathname: string): SectionRoute | undefined {
  return sectionRoutes.find((section) => pathname === `/${section}`);
}

/**
 * On every path change: scroll to the top (or to the section a path like /about names) and,
 * after the first page, move focus to the main landmark so screen readers start at the new content.
 */
export function ScrollManager() {
  const { pathname } = useLocation();
  const first = useRef(true);

  useLayoutEffect(() => {
    if (!sectionOf(pathname)) window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    const section = sectionOf(pathname);
    const isFirst = first.current;
    first.current = false;
    if (section) {
      scrollToSection(section);
      return;
    }
    if (!isFirst) document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);

  return null;
}
