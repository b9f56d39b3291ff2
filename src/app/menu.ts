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

/** Enhances the popover menu `menu`; returns the function that stops. */
export function enhanceMenu(menu: HTMLElement): () => void {
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
  return () => {
    menu.removeEventListener('toggle', sync);
    menu.removeEventListener('click', onClick);
  };
}
