/**
 * Moving to a place on the page, in plain DOM: the prerendered page's script (src/enhance.ts) and
 * React's links (section-link.tsx, scroll-manager.tsx, layout.tsx) call these same functions.
 */

/** SPEC 9: after a cross-page navigation the section scroll waits this long for the home page to render. */
export const SECTION_SCROLL_DELAY_MS = 100;

/** The id of the main landmark, the skip link's target. */
export const MAIN_ID = 'main';

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

/** How long a section scroll waits for the page that holds it (its code may be on its way). */
const SECTION_WAIT_MS = 10_000;

/**
 * Scrolls to a section as soon as it is on the page: at once if it is, else when the page that
 * holds it renders (the home page's code may still be loading). Returns a function that cancels.
 */
export function scrollToSectionWhenThere(id: string): () => void {
  if (scrollToSection(id)) return () => undefined;
  const observer = new MutationObserver(() => {
    if (scrollToSection(id)) stop();
  });
  const timer = window.setTimeout(stop, SECTION_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/**
 * The skip link's move: focus (and so scroll to) the main landmark, without setting `#main` in the
 * address, which the hash router would read as a page.
 */
export function focusMain(options?: FocusOptions): void {
  document.getElementById(MAIN_ID)?.focus(options);
}
