import { useEffect, useId, useState, type FocusEvent, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import type { CarouselLabels } from '../content/types';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';

export interface CarouselSlideState {
  index: number;
  /** The slide on show. */
  active: boolean;
  /** The index of the slide on show. */
  current: number;
  count: number;
}

export type CarouselTone = 'light' | 'dark';

interface CarouselProps<T> {
  /** The accessible name of the carousel region. */
  label: string;
  items: readonly T[];
  intervalMs: number;
  labels: CarouselLabels;
  renderSlide: (item: T, state: CarouselSlideState) => ReactNode;
  getKey: (item: T, index: number) => string;
  /** Previous/next buttons besides the dots. */
  arrows?: boolean;
  /**
   * Cross-fade between slides. Leave it off for slides of text: half-faded text would fail the
   * contrast minimum while it fades.
   */
  fade?: boolean;
  tone?: CarouselTone;
  className?: string;
  /** Lays out the slides; by default they share one grid cell, so the tallest sets the height. */
  slidesClassName?: string;
  slideClassName?: string;
  controlsClassName?: string;
}

const buttonTone: Record<CarouselTone, string> = {
  dark: 'bg-navy-950/70 text-white ring-1 ring-white/50 hover:bg-navy-950',
  light: 'bg-white text-navy-900 ring-1 ring-slate-300 hover:bg-navy-50',
};
const dotTone: Record<CarouselTone, { on: string; off: string }> = {
  dark: { on: 'w-6 bg-gold-400', off: 'w-2.5 bg-white/80' },
  light: { on: 'w-6 bg-navy-900', off: 'w-2.5 bg-slate-500' },
};

function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

/**
 * An auto-rotating carousel after the WAI-ARIA APG pattern: a labelled region, slides as groups
 * named "N of M", a pause/play button first in tab order, dots (and optional arrows). Rotation stops
 * while the pointer is over it or keyboard focus is inside it, never starts by itself under
 * `prefers-reduced-motion: reduce`, and the slides are a polite live region only while it stands still.
 */
export function Carousel<T>({
  label,
  items,
  intervalMs,
  labels,
  renderSlide,
  getKey,
  arrows = false,
  fade = false,
  tone = 'light',
  className = '',
  slidesClassName = 'grid',
  slideClassName = 'col-start-1 row-start-1',
  controlsClassName = '',
}: CarouselProps<T>) {
  const count = items.length;
  const reducedMotion = usePrefersReducedMotion();
  const slidesId = useId();
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

  const goTo = (target: number) => {
    setIndex(((target % count) + count) % count);
    setMoves((n) => n + 1);
  };

  const handleBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  const controlButton = `inline-flex size-11 shrink-0 items-center justify-center rounded-full shadow-sm transition-colors ${buttonTone[tone]}`;
  const dots = dotTone[tone];

  return (
    <section
      aria-roledescription={labels.carouselRole}
      aria-label={label}
      className={className}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(event) => setFocused(isKeyboardFocus(event.target))}
      onBlur={handleBlur}
    >
      <div className={`flex items-center gap-2 ${controlsClassName}`}>
        <button
          type="button"
          className={controlButton}
          aria-controls={slidesId}
          onClick={() => setPlayChoice(!playing)}
        >
          {playing ? (
            <Pause aria-hidden="true" className="size-5" />
          ) : (
            <Play aria-hidden="true" className="size-5" />
          )}
          <span className="sr-only">{playing ? labels.pause : labels.play}</span>
        </button>
        {arrows && (
          <button
            type="button"
            className={controlButton}
            aria-controls={slidesId}
            onClick={() => goTo(current - 1)}
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
            <span className="sr-only">{labels.previous}</span>
          </button>
        )}
        <div className="flex items-center">
          {items.map((item, i) => (
            <button
              key={getKey(item, i)}
              type="button"
              className="inline-flex h-6 min-w-6 items-center justify-center rounded-full px-1"
              aria-controls={slidesId}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => goTo(i)}
            >
              <span
                aria-hidden="true"
                className={`block h-2.5 rounded-full transition-all motion-reduce:transition-none ${i === current ? dots.on : dots.off}`}
              />
              <span className="sr-only">{labels.showSlide(i + 1)}</span>
            </button>
          ))}
        </div>
        {arrows && (
          <button
            type="button"
            className={controlButton}
            aria-controls={slidesId}
            onClick={() => goTo(current + 1)}
          >
            <ChevronRight aria-hidden="true" className="size-5" />
            <span className="sr-only">{labels.next}</span>
          </button>
        )}
      </div>
      <div id={slidesId} aria-live={rotating ? 'off' : 'polite'} className={slidesClassName}>
        {items.map((item, i) => {
          const active = i === current;
          return (
            <div
              key={getKey(item, i)}
              role="group"
              aria-roledescription={labels.slideRole}
              aria-label={labels.slide(i + 1, count)}
              aria-hidden={active ? undefined : true}
              inert={!active}
              data-active={active}
              className={`${slideClassName} ${fade ? 'transition-[opacity,visibility] duration-700 motion-reduce:transition-none' : ''} ${active ? 'visible opacity-100' : 'invisible opacity-0'}`}
            >
              {renderSlide(item, { index: i, active, current, count })}
            </div>
          );
        })}
      </div>
    </section>
  );
}
