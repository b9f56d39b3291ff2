import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { routes } from '../content/routes';

/** SPEC 9: after a cross-page navigation the section scroll waits this long for the home page to render. */
export const SECTION_SCROLL_DELAY_MS = 100;

/** The router state of a cross-page section link: the ScrollManager scrolls there after the page. */
export interface SectionState {
  section: string;
}

export function sectionOfState(state: unknown): string | undefined {
  const section = (state as Partial<SectionState> | null)?.section;
  return typeof section === 'string' ? section : undefined;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Scrolls a home-page section into view and moves keyboard focus there. Returns false when absent. */
export function scrollToSection(id: string): boolean {
  const section = document.getElementById(id);
  if (!section) return false;
  section.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  if (!section.hasAttribute('tabindex')) section.setAttribute('tabindex', '-1');
  section.focus({ preventScroll: true });
  return true;
}

/**
 * Goes to a home-page section: directly on the home page; from another page, home first, and the
 * ScrollManager scrolls to the section once the home page is there (SECTION_SCROLL_DELAY_MS later).
 */
export function useSectionNavigation() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (id: string) => {
      if (pathname === routes.home.path) scrollToSection(id);
      else navigate(routes.home.path, { state: { section: id } satisfies SectionState });
    },
    [pathname, navigate],
  );
}
