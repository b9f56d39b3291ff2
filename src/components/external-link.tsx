import type { ComponentProps } from 'react';
import { ui } from '../content/site';

/** A link to another site: opens in a new tab and says so to screen-reader users. */
export function ExternalLink({ children, ...props }: Omit<ComponentProps<'a'>, 'target' | 'rel'>) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...props}>
      {children} <span className="sr-only">{ui.newTab}</span>
    </a>
  );
}
