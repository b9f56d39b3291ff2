import { useCallback, type MouseEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { language } from '../content/language';
import {
  routeHref,
  routes,
  sectionPath,
  sectionRoutes,
  sectionTarget,
  type SectionRoute,
} from '../content/routes';
import { scrollToSection, type SectionState } from './section-scroll';

/**
 * Goes to a home-page section: directly on the home page; from another page, home first, and the
 * ScrollManager scrolls to the section once the home page is there (SECTION_SCROLL_DELAY_MS later).
 */
function useSectionNavigation() {
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

interface SectionLinkProps {
  /** The home-page section id, e.g. "about". */
  section: string;
  className?: string;
  onChoose?: () => void;
  children: ReactNode;
}

function isSectionRoute(section: string): section is SectionRoute {
  return (sectionRoutes as readonly string[]).includes(section);
}

/**
 * A link to a home-page section. Its href works on its own: on the home page `#about`, which jumps
 * to the section's id without JavaScript; on another page the home page at that section (`#/about`
 * in the browser, `/#about` in the built HTML).
 * A plain click scrolls in place or goes home first.
 */
export function SectionLink({ section, className, onChoose, children }: SectionLinkProps) {
  const { pathname } = useLocation();
  const goToSection = useSectionNavigation();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) {
      return;
    }
    event.preventDefault();
    onChoose?.();
    goToSection(section);
  };
  const href =
    pathname !== routes.home.path && isSectionRoute(section)
      ? routeHref(language.documentPath, sectionPath(section))
      : sectionTarget(section);
  return (
    <a href={href} className={className} onClick={handleClick}>
      {children}
    </a>
  );
}
