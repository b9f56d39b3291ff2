import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** SPEC 9: after a cross-page navigation the section scroll waits this long for the home page to render. */
export const SECTION_SCROLL_DELAY_MS = 100;

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
 * The router renders a navigation as a transition, which a slow device may not have finished when
 * the delay is over: keep trying on the next frames, for a while, until the section is there.
 */
function scrollWhenRendered(id: string, deadline = performance.now() + 3000): void {
  if (scrollToSection(id) || performance.now() > deadline) return;
  window.requestAnimationFrame(() => scrollWhenRendered(id, deadline));
}

/** Goes to a home-page section: directly on the home page, otherwise via "/" and a short delay. */
export function useSectionNavigation() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (id: string) => {
      if (pathname === '/') {
        scrollToSection(id);
        return;
      }
      navigate('/');
      window.setTimeout(() => scrollWhenRendered(id), SECTION_SCROLL_DELAY_MS);
    },
    [pathname, navigate],
  );
}
