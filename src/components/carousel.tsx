import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import type { CarouselLabels } from '../content/types';
import { CAROUSEL, initialSlideState, startCarousel } from './carousel-engine';

export type CarouselTone = 'light' | 'dark';

interface CarouselProps<T> {
  /** The accessible name of the carousel region. */
  label: string;
  items: readonly T[];
  intervalMs: number;
  labels: CarouselLabels;
  renderSlide: (item: T, index: number) => ReactNode;
  getKey: (item: T, index: number) => string;
  /** Previous/next buttons besides the dots. */
  arrows?: boolean;
  tone?: CarouselTone;
  className?: string;
  /** Lays out the slides; by default they share one grid cell, so the tallest sets the height. */
  slidesClassName?: string;
  /**
   * How a slide shows its `data-state` (active, next, idle). By default only the active one is
   * visible, at once (slides of text: half-faded text would fail the contrast minimum).
   */
  slideClassName?: string;
  controlsClassName?: string;
}

const buttonTone: Record<CarouselTone, string> = {
  dark: 'bg-navy-950/70 text-white ring-1 ring-white/50 hover:bg-navy-950',
  light: 'bg-white text-navy-900 ring-1 ring-slate-300 hover:bg-navy-50',
};
/** The dot's colour, the current one's (its button is `aria-current`) apart. */
const dotTone: Record<CarouselTone, string> = {
  dark: 'bg-white/80 group-aria-[current=true]:bg-gold-400',
  light: 'bg-slate-500 group-aria-[current=true]:bg-navy-900',
};

/**
 * The dot's mark: a round dot, the current one a wider bar. Drawn by clipping a bar of fixed size,
 * so that a step of the carousel moves nothing around it (no layout shift); changed at once, not
 * animated, since a clip-path animation runs on the main thread and would delay a tap meanwhile.
 */
const dotMark =
  'block h-2.5 w-6 rounded-full [clip-path:inset(0_7px_round_5px)] group-aria-[current=true]:[clip-path:inset(0_round_5px)]';

const defaultSlideClass =
  'col-start-1 row-start-1 invisible opacity-0 data-[state=active]:visible data-[state=active]:opacity-100';

interface ControlsProps {
  /** The id of the slides, which every control changes. */
  slidesId: string;
  /** One per slide. */
  keys: readonly string[];
  labels: CarouselLabels;
  arrows: boolean;
  tone: CarouselTone;
  className: string;
}

function ControlButton({
  tone,
  slidesId,
  part,
  children,
  ...rest
}: {
  tone: CarouselTone;
  slidesId: string;
  part: string;
  children: ReactNode;
  'aria-label'?: string;
  'data-label-pause'?: string;
  'data-label-play'?: string;
}) {
  return (
    <button
      type="button"
      className={`inline-flex size-11 shrink-0 items-center justify-center rounded-full shadow-sm transition-colors ${buttonTone[tone]}`}
      aria-controls={slidesId}
      {...{ [part]: '' }}
      {...rest}
    >
      {children}
    </button>
  );
}

/** One dot per slide, the current one wider; each shows its slide. */
function Dots({ slidesId, keys, labels, tone }: ControlsProps) {
  return (
    <div className="flex items-center">
      {keys.map((key, i) => (
        <button
          key={key}
          type="button"
          className="group inline-flex size-6 items-center justify-center rounded-full"
          aria-controls={slidesId}
          aria-current={i === 0 ? 'true' : undefined}
          {...{ [CAROUSEL.dot]: i }}
        >
          <span aria-hidden="true" className={`${dotMark} ${dotTone[tone]}`} />
          <span className="sr-only">{labels.showSlide(i + 1)}</span>
        </button>
      ))}
    </div>
  );
}

/**
 * Pause/play first in tab order, then the dots, between the optional previous/next arrows. The
 * pause button shows the icon and name of what it does now (the root's `data-playing`). They are
 * kept in place but not shown until the carousel is live (`data-live`): never a dead button.
 */
function CarouselControls(props: ControlsProps) {
  const { slidesId, labels, arrows, tone, className } = props;
  return (
    <div className={`flex items-center gap-2 group-not-data-live/carousel:invisible ${className}`}>
      <ControlButton
        tone={tone}
        slidesId={slidesId}
        part={CAROUSEL.toggle}
        aria-label={labels.pause}
        data-label-pause={labels.pause}
        data-label-play={labels.play}
      >
        <Pause aria-hidden="true" className="size-5 group-data-[playing=false]/carousel:hidden" />
        <Play
          aria-hidden="true"
          className="hidden size-5 group-data-[playing=false]/carousel:block"
        />
      </ControlButton>
      {arrows && (
        <ControlButton tone={tone} slidesId={slidesId} part={CAROUSEL.previous}>
          <ChevronLeft aria-hidden="true" className="size-5" />
          <span className="sr-only">{labels.previous}</span>
        </ControlButton>
      )}
      <Dots {...props} />
      {arrows && (
        <ControlButton tone={tone} slidesId={slidesId} part={CAROUSEL.next}>
          <ChevronRight aria-hidden="true" className="size-5" />
          <span className="sr-only">{labels.next}</span>
        </ControlButton>
      )}
    </div>
  );
}

/**
 * An auto-rotating carousel after the WAI-ARIA APG pattern: a labelled region, slides as groups
 * named "N of M", a pause/play button first in tab order, dots (and optional arrows). React renders
 * its first state; carousel-engine.ts, the same code the prerendered page runs, moves it.
 */
export function Carousel<T>({
  label,
  items,
  intervalMs,
  labels,
  renderSlide,
  getKey,
  arrows = false,
  tone = 'light',
  className = '',
  slidesClassName = 'grid',
  slideClassName = defaultSlideClass,
  controlsClassName = '',
}: CarouselProps<T>) {
  const count = items.length;
  const keys = items.map(getKey);
  const slidesId = useId();
  const ref = useRef<HTMLElement>(null);
  // Before the first paint, so that its buttons never show a frame late.
  useLayoutEffect(() => (ref.current ? startCarousel(ref.current) : undefined), []);

  return (
    <section
      ref={ref}
      aria-roledescription={labels.carouselRole}
      aria-label={label}
      className={`group/carousel ${className}`}
      data-playing="true"
      {...{ [CAROUSEL.root]: intervalMs }}
    >
      <CarouselControls
        slidesId={slidesId}
        keys={keys}
        labels={labels}
        arrows={arrows}
        tone={tone}
        className={controlsClassName}
      />
      <div id={slidesId} aria-live="off" className={slidesClassName} {...{ [CAROUSEL.slides]: '' }}>
        {items.map((item, i) => {
          const shown = i === 0;
          return (
            <div
              key={keys[i]}
              role="group"
              aria-roledescription={labels.slideRole}
              aria-label={labels.slide(i + 1, count)}
              aria-hidden={shown ? undefined : true}
              inert={!shown}
              data-state={initialSlideState(i)}
              className={slideClassName}
              {...{ [CAROUSEL.slide]: '' }}
            >
              {renderSlide(item, i)}
            </div>
          );
        })}
      </div>
    </section>
  );
}
