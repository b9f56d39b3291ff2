import { useId, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import type { CarouselLabels } from '../content/types';
import { useAutoRotation } from './use-auto-rotation';

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

type Rotation = ReturnType<typeof useAutoRotation>;

interface ControlsProps {
  rotation: Rotation;
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
  onClick,
  children,
}: {
  tone: CarouselTone;
  slidesId: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`inline-flex size-11 shrink-0 items-center justify-center rounded-full shadow-sm transition-colors ${buttonTone[tone]}`}
      aria-controls={slidesId}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** One dot per slide, the current one wider; each shows its slide. */
function Dots({ rotation, slidesId, keys, labels, tone }: ControlsProps) {
  const dots = dotTone[tone];
  return (
    <div className="flex items-center">
      {keys.map((key, i) => (
        <button
          key={key}
          type="button"
          className="inline-flex h-6 min-w-6 items-center justify-center rounded-full px-1"
          aria-controls={slidesId}
          aria-current={i === rotation.current ? 'true' : undefined}
          onClick={() => rotation.goTo(i)}
        >
          <span
            aria-hidden="true"
            className={`block h-2.5 rounded-full transition-all motion-reduce:transition-none ${i === rotation.current ? dots.on : dots.off}`}
          />
          <span className="sr-only">{labels.showSlide(i + 1)}</span>
        </button>
      ))}
    </div>
  );
}

/** Pause/play first in tab order, then the dots, between the optional previous/next arrows. */
function CarouselControls(props: ControlsProps) {
  const { rotation, slidesId, labels, arrows, tone, className } = props;
  const { current, playing } = rotation;
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <ControlButton tone={tone} slidesId={slidesId} onClick={rotation.togglePlaying}>
        {playing ? (
          <Pause aria-hidden="true" className="size-5" />
        ) : (
          <Play aria-hidden="true" className="size-5" />
        )}
        <span className="sr-only">{playing ? labels.pause : labels.play}</span>
      </ControlButton>
      {arrows && (
        <ControlButton tone={tone} slidesId={slidesId} onClick={() => rotation.goTo(current - 1)}>
          <ChevronLeft aria-hidden="true" className="size-5" />
          <span className="sr-only">{labels.previous}</span>
        </ControlButton>
      )}
      <Dots {...props} />
      {arrows && (
        <ControlButton tone={tone} slidesId={slidesId} onClick={() => rotation.goTo(current + 1)}>
          <ChevronRight aria-hidden="true" className="size-5" />
          <span className="sr-only">{labels.next}</span>
        </ControlButton>
      )}
    </div>
  );
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
  const keys = items.map(getKey);
  const slidesId = useId();
  const rotation = useAutoRotation(count, intervalMs);
  const { current } = rotation;

  return (
    <section
      aria-roledescription={labels.carouselRole}
      aria-label={label}
      className={className}
      {...rotation.holdHandlers}
    >
      <CarouselControls
        rotation={rotation}
        slidesId={slidesId}
        keys={keys}
        labels={labels}
        arrows={arrows}
        tone={tone}
        className={controlsClassName}
      />
      <div
        id={slidesId}
        aria-live={rotation.rotating ? 'off' : 'polite'}
        className={slidesClassName}
      >
        {items.map((item, i) => {
          const active = i === current;
          return (
            <div
              key={keys[i]}
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
