/**
 * What every carousel does (the WAI-ARIA APG auto-rotating carousel), on the markup that
 * `Carousel` (carousel.tsx) renders. The one implementation: the prerendered page's first script
 * (src/enhance.ts) runs it on the HTML as it paints, and React's `Carousel` runs it on what it
 * renders. Plain DOM, no React: its state is written into attributes, which the stylesheet shows.
 *
 * - the root `[data-carousel=<ms>]`: `data-playing` ("true" while rotation is on);
 * - each slide `[data-carousel-slide]`: `data-state` ("active", "next" — the one after it, whose
 *   images may load once the page has — or "idle"), `aria-hidden` and `inert` when not shown;
 * - each dot `[data-carousel-dot=<index>]`: `aria-current` on the shown one;
 * - the pause/play button `[data-carousel-toggle]`: its `aria-label`, from `data-label-pause` or
 *   `data-label-play`;
 * - the slides' box `[data-carousel-slides]`: `aria-live`, polite only while it stands still.
 */

export const CAROUSEL = {
  root: 'data-carousel',
  slides: 'data-carousel-slides',
  slide: 'data-carousel-slide',
  dot: 'data-carousel-dot',
  toggle: 'data-carousel-toggle',
  previous: 'data-carousel-previous',
  next: 'data-carousel-next',
} as const;

export type SlideState = 'active' | 'next' | 'idle';

/** The state a slide is rendered in before any script runs: the first shown, no other loading. */
export function initialSlideState(index: number): SlideState {
  return index === 0 ? 'active' : 'idle';
}

function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

/** Runs `then` once the document has loaded (at once if it has). */
function afterLoad(then: () => void): () => void {
  if (document.readyState === 'complete') {
    then();
    return () => {};
  }
  window.addEventListener('load', then, { once: true });
  return () => window.removeEventListener('load', then);
}

interface Parts {
  slides: HTMLElement[];
  dots: HTMLElement[];
  toggle: HTMLElement | null;
  live: HTMLElement | null;
}

function partsOf(root: HTMLElement): Parts {
  const all = (name: string) => [...root.querySelectorAll<HTMLElement>(`[${name}]`)];
  return {
    slides: all(CAROUSEL.slide),
    dots: all(CAROUSEL.dot),
    toggle: root.querySelector<HTMLElement>(`[${CAROUSEL.toggle}]`),
    live: root.querySelector<HTMLElement>(`[${CAROUSEL.slides}]`),
  };
}

/** Writes the state into the markup. */
function paint(parts: Parts, view: { current: number; next: number | null }) {
  parts.slides.forEach((slide, i) => {
    const active = i === view.current;
    slide.dataset.state = active ? 'active' : i === view.next ? 'next' : 'idle';
    slide.toggleAttribute('inert', !active);
    if (active) slide.removeAttribute('aria-hidden');
    else slide.setAttribute('aria-hidden', 'true');
  });
  parts.dots.forEach((dot, i) => {
    if (i === view.current) dot.setAttribute('aria-current', 'true');
    else dot.removeAttribute('aria-current');
  });
}

type Handlers = {
  [Type in 'click' | 'mouseenter' | 'mouseleave' | 'focusin' | 'focusout']: (
    event: HTMLElementEventMap[Type],
  ) => void;
};

/** Adds the listeners to `element`; returns the function that removes them. */
function listen(element: HTMLElement, handlers: Handlers): () => void {
  const entries = Object.entries(handlers) as [string, EventListener][];
  for (const [type, listener] of entries) element.addEventListener(type, listener);
  return () => {
    for (const [type, listener] of entries) element.removeEventListener(type, listener);
  };
}

/**
 * Makes the carousel at `root` live: it rotates every `data-carousel` ms, stops while the pointer
 * is over it or keyboard focus is inside it, never starts by itself under
 * `prefers-reduced-motion: reduce`, and its buttons move it (a move restarts the wait). Returns
 * the function that stops it. A carousel taken out of the page stops at its next step.
 */
export function startCarousel(root: HTMLElement): () => void {
  const intervalMs = Number(root.getAttribute(CAROUSEL.root)) || 5000;
  const parts = partsOf(root);
  const count = parts.slides.length;
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  let current = Math.max(
    0,
    parts.slides.findIndex((slide) => slide.dataset.state === 'active'),
  );
  /** The visitor's own choice; until they make one, rotation follows the motion preference. */
  let playChoice: boolean | null = null;
  let hovered = false;
  let focused = false;
  let loaded = false;
  let timer: number | undefined;
  let cancelLoad = () => {};

  const playing = () => (playChoice ?? !reducedMotion.matches) && count > 1;
  const rotating = () => playing() && !hovered && !focused;

  function update() {
    window.clearTimeout(timer);
    if (!root.isConnected) {
      stop();
      return;
    }
    paint(parts, { current, next: loaded && count > 1 ? (current + 1) % count : null });
    root.dataset.playing = String(playing());
    const label = parts.toggle?.getAttribute(playing() ? 'data-label-pause' : 'data-label-play');
    if (label) parts.toggle?.setAttribute('aria-label', label);
    parts.live?.setAttribute('aria-live', rotating() ? 'off' : 'polite');
    if (rotating()) timer = window.setTimeout(() => goTo(current + 1), intervalMs);
  }

  function goTo(target: number) {
    current = ((target % count) + count) % count;
    update();
  }

  function onClick(event: MouseEvent) {
    const button = (event.target as Element | null)?.closest('button');
    if (!button || !root.contains(button)) return;
    if (button.hasAttribute(CAROUSEL.dot)) goTo(Number(button.getAttribute(CAROUSEL.dot)));
    else if (button.hasAttribute(CAROUSEL.previous)) goTo(current - 1);
    else if (button.hasAttribute(CAROUSEL.next)) goTo(current + 1);
    else if (button.hasAttribute(CAROUSEL.toggle)) {
      playChoice = !playing();
      update();
    }
  }
  const unlisten = listen(root, {
    click: onClick,
    mouseenter: () => {
      hovered = true;
      update();
    },
    mouseleave: () => {
      hovered = false;
      update();
    },
    focusin: (event) => {
      focused = event.target instanceof Element && isKeyboardFocus(event.target);
      update();
    },
    focusout: (event) => {
      if (root.contains(event.relatedTarget as Node | null)) return;
      focused = false;
      update();
    },
  });
  reducedMotion.addEventListener('change', update);

  function stop() {
    window.clearTimeout(timer);
    cancelLoad();
    unlisten();
    reducedMotion.removeEventListener('change', update);
  }

  update();
  // The next slide's images wait until the page has loaded: they never compete with the first.
  cancelLoad = afterLoad(() => {
    loaded = true;
    update();
  });
  return stop;
}

/** Starts every carousel in `scope`; returns the function that stops them all. */
export function startCarousels(scope: ParentNode): () => void {
  const stops = [...scope.querySelectorAll<HTMLElement>(`[${CAROUSEL.root}]`)].map(startCarousel);
  return () => stops.forEach((stop) => stop());
}
