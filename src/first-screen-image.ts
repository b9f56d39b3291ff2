import { FIRST_SCREEN_IMAGE_ATTRIBUTE } from './content/routes';

/**
 * The home page's first image (the hero's first slide, its LCP) is `loading="lazy"` in the HTML:
 * the browser's preload scanner reads the whole document before any script runs, and would fetch
 * an eager image even for a link to another page (`/#/request-service`), which hides the home page
 * and never shows it. When the home page is the one shown, the script in <head>
 * (route-marker.ts) calls this: the image becomes eager as soon as the parser has it, before the
 * first paint, and loads at the high priority its `fetchpriority` asks. Without JavaScript the
 * browser ignores `loading="lazy"` and loads it at once.
 */
export function loadFirstScreenImage(): void {
  const selector = `img[${FIRST_SCREEN_IMAGE_ATTRIBUTE}]`;
  const observer = new MutationObserver(() => {
    const image = document.querySelector<HTMLImageElement>(selector);
    if (!image) return;
    image.setAttribute('loading', 'eager');
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
  document.addEventListener('DOMContentLoaded', () => observer.disconnect(), { once: true });
}
