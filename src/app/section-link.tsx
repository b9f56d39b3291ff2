import type { MouseEvent, ReactNode } from 'react';
import { sectionTarget } from '../content/routes';
import { useSectionNavigation } from './section-scroll';

interface SectionLinkProps {
  /** The home-page section id, e.g. "about". */
  section: string;
  className?: string;
  onChoose?: () => void;
  children: ReactNode;
}

/**
 * A link to a home-page section. Its href (#about) works on its own: without JavaScript it jumps
 * to the section's id, and opened in a new tab the router reads it as the /about route. A plain
 * click scrolls in place or goes home first.
 */
export function SectionLink({ section, className, onChoose, children }: SectionLinkProps) {
  const goToSection = useSectionNavigation();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) {
      return;
    }
    event.preventDefault();
    onChoose?.();
    goToSection(section);
  };
  return (
    <a href={sectionTarget(section)} className={className} onClick={handleClick}>
      {children}
    </a>
  );
}
