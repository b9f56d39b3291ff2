/**
 * What every carousel does (the WAI-ARIA APG auto-rotating carousel), on the markup that
 * `Carousel` (carousel.tsx) renders. The one implementation: the prerendered page's first script
 * (src/enhance.ts) runs it on the HTML as it paints, and React's `Carousel` runs it on what it
 * renders. Plain DOM, no React: its state is written into attributes, which the stylesheet shows.
 *
 * - the root `[data-carousel=<ms>]`: `data-live` once this runs (its buttons show only then),
 *   `data-playing` ("true" while rotation is on);
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

/** How long after the page has loaded the next slide's images may load. */
export const NEXT_SLIDE_DELAY_MS = 1000;

/**
 * Runs `then` a moment after the document has loaded, past its first paint; at once in a document
 * that has loaded already (a page React renders later).
 */
function afterLoad(then: () => void): () => void {
  if (document.readyState === 'complete') {
    then();
    return () => {};
  }
  let timer: number | undefined;
  const wait = () => {
    timer = window.setTimeout(then, NEXT_SLIDE_DELAY_MS);
  };
  window.addEventListener('load', wait, { once: true });
  return () => {
    window.removeEventListener('load', wait);
    window.clearTimeout(timer);
  };
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

interface State {
  current: number;
  count: number;
  /** The visitor's own choice; until they make one, rotation follows the motion preference. */
  playChoice: boolean | null;
  hovered: boolean;
  focused: boolean;
  /** The page has loaded: the next slide's images may load too. */
  loaded: boolean;
  reducedMotion: MediaQueryList;
}

const isPlaying = (state: State) =>
  (state.playChoice ?? !state.reducedMotion.matches) && state.count > 1;
const isRotating = (state: State) => isPlaying(state) && !state.hovered && !state.focused;

/** Writes the state into the markup. */
function render(root: HTMLElement, parts: Parts, state: State) {
  const { current, count, loaded } = state;
  paint(parts, { current, next: loaded && count > 1 ? (current + 1) % count : null });
  const playing = isPlaying(state);
  root.dataset.playing = String(playing);
  const label = parts.toggle?.getAttribute(playing ? 'data-label-pause' : 'data-label-play');
  if (label) parts.toggle?.setAttribute('aria-label', label);
  parts.live?.setAttribute('aria-live', isRotating(state) ? 'off' : 'polite');
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
  const state: State = {
    current: Math.max(
      0,
      parts.slides.findIndex((slide) => slide.dataset.state === 'active'),
    ),
    count: parts.slides.length,
    playChoice: null,
    hovered: false,
    focused: false,
    loaded: false,
    reducedMotion: window.matchMedia('(prefers-reduced-motion: reduce)'),
  };
  let timer: number | undefined;
  let cancelLoad = () => {};

  /** After any change of state: the markup, and the wait for the next slide starts over. */
  function update() {
    window.clearTimeout(timer);
    if (!root.isConnected) {
      stop();
      return;
    }
    render(root, parts, state);
    if (isRotating(state)) timer = window.setTimeout(() => goTo(state.current + 1), intervalMs);
  }
  const set = (change: Partial<State>) => {
    Object.assign(state, change);
    update();
  };
  const goTo = (target: number) =>
    set({ current: ((target % state.count) + state.count) % state.count });

  function onClick(event: MouseEvent) {
    const button = (event.target as Element | null)?.closest('button');
    if (!button || !root.contains(button)) return;
    if (button.hasAttribute(CAROUSEL.dot)) goTo(Number(button.getAttribute(CAROUSEL.dot)));
    else if (button.hasAttribute(CAROUSEL.previous)) goTo(state.current - 1);
    else if (button.hasAttribute(CAROUSEL.next)) goTo(state.current + 1);
    else if (button.hasAttribute(CAROUSEL.toggle)) set({ playChoice: !isPlaying(state) });
  }
  const unlisten = listen(root, {
    click: onClick,
    mouseenter: () => set({ hovered: true }),
    mouseleave: () => set({ hovered: false }),
    focusin: (event) =>
      set({ focused: event.target instanceof Element && isKeyboardFocus(event.target) }),
    focusout: (event) => {
      if (!root.contains(event.relatedTarget as Node | null)) set({ focused: false });
    },
  });
  state.reducedMotion.addEventListener('change', update);

  function stop() {
    delete root.dataset.live;
    window.clearTimeout(timer);
    cancelLoad();
    unlisten();
    state.reducedMotion.removeEventListener('change', update);
  }

  root.dataset.live = '';
  update();
  // The next slide's images wait until the page has loaded: they never compete with the first.
  cancelLoad = afterLoad(() => {
    state.loaded = true;
    render(root, parts, state);
  });
  return stop;
}

/** Starts every carousel in `scope`; returns the function that stops them all. */
export function startCarousels(scope: ParentNode): () => void {
  const stops = [...scope.querySelectorAll<HTMLElement>(`[${CAROUSEL.root}]`)].map(startCarousel);
  return () => stops.forEach((stop) => stop());
}
