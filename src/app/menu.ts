/**
 * The phone menu is a native popover (`popover` on the list, `popovertarget` on its button): it
 * opens, closes on Escape and on a tap outside, and gives focus back to its button, with no script
 * at all. This adds what the platform leaves out, in plain DOM so that the prerendered page's
 * script (src/enhance.ts) and React's header (header.tsx) run the same code: the button's
 * `aria-expanded` follows the menu, and choosing a link closes it.
 */

function isOpen(menu: HTMLElement): boolean {
  try {
    return menu.matches(':popover-open');
  } catch {
    // A browser (or jsdom) without popovers.
    return false;
  }
}

/** The enhancement each menu element has now: one at a time, whoever asked last. */
const enhancements = new WeakMap<HTMLElement, () => void>();

/**
 * Enhances the popover menu `menu`; returns the function that stops. A second call for the same
 * element (React's header taking over the prerendered page's menu) replaces the first one's
 * listeners, so that the hand-off leaves no moment when a choice does not close the menu.
 */
export function enhanceMenu(menu: HTMLElement): () => void {
  enhancements.get(menu)?.();
  const toggles = [...document.querySelectorAll(`[popovertarget="${menu.id}"]`)];
  const sync = () => {
    for (const toggle of toggles) toggle.setAttribute('aria-expanded', String(isOpen(menu)));
  };
  const onClick = (event: MouseEvent) => {
    if ((event.target as Element | null)?.closest('a') && isOpen(menu)) menu.hidePopover();
  };
  menu.addEventListener('toggle', sync);
  menu.addEventListener('click', onClick);
  sync();
  const stop = () => {
    menu.removeEventListener('toggle', sync);
    menu.removeEventListener('click', onClick);
    if (enhancements.get(menu) === stop) enhancements.delete(menu);
  };
  enhancements.set(menu, stop);
  return stop;
}
