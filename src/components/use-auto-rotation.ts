import { useEffect, useState, type FocusEvent } from 'react';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';

function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

/**
 * Which of `count` slides is on show, moving on every `intervalMs` while it plays. It stops while
 * the pointer is over the carousel or keyboard focus is inside it, and under
 * `prefers-reduced-motion: reduce` it only plays once the visitor asks. A manual move restarts
 * the wait for the next slide.
 */
export function useAutoRotation(count: number, intervalMs: number) {
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  /** The visitor's own choice; until they make one, rotation follows the motion preference. */
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  /** Bumped by every manual move, so the wait for the next slide starts over. */
  const [moves, setMoves] = useState(0);

  const current = Math.min(index, Math.max(count - 1, 0));
  const playing = (playChoice ?? !reducedMotion) && count > 1;
  const rotating = playing && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return undefined;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [rotating, current, moves, intervalMs, count]);

  return {
    current,
    /** Rotation is on: the visitor did not stop it. */
    playing,
    /** Slides are moving right now (playing, and neither hovered nor focused). */
    rotating,
    goTo: (target: number) => {
      setIndex(((target % count) + count) % count);
      setMoves((n) => n + 1);
    },
    togglePlaying: () => setPlayChoice(!playing),
    /** For the carousel's region: hover and keyboard focus inside it hold the slides still. */
    holdHandlers: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: (event: FocusEvent<HTMLElement>) => setFocused(isKeyboardFocus(event.target)),
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      },
    },
  };
}
