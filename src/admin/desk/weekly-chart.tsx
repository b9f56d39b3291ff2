import { useId, type ReactNode } from 'react';
import { adminText } from '../../content/admin';
import { businessContent } from '../../content/business';
import type { WeekFigures, WeeklyPicture } from '../contract';
import { hoursOf } from '../shared/format';
import { NOTHING_PUBLISHED } from '../../content/published';

// The office's clock: the code's (the time zone is not a field the owner publishes).
const { business } = businessContent(NOTHING_PUBLISHED);

const text = adminText.weekly;
const HOUR = 60 * 60 * 1000;

const weekFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: business.timeZone,
  month: 'short',
  day: 'numeric',
});
const oneDecimal = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** A week's Monday as the office's calendar has it: 'Nov 17'. */
export function formatWeekDay(start: number): string {
  return weekFormat.format(new Date(start));
}

/** 9_000_000 → '2.5 h'. */
export function formatHours(ms: number): string {
  return text.hours(oneDecimal.format(ms / HOUR));
}

/** Null when no quote of the week has had a reply. */
export function withinPromise(week: WeekFigures, promiseMs: number): boolean | null {
  return week.medianResponseMs === null ? null : week.medianResponseMs <= promiseMs;
}

// The drawing's own units; the SVG scales to its container's width.
const WIDTH = 360;
const HEIGHT = 240;
const FONT = 14;
const plot = { left: 44, right: WIDTH - 12, top: 24, bottom: HEIGHT - 28 };

export interface Scale {
  top: number;
  ticks: number[];
  y: (value: number) => number;
}

/** An axis from 0 to a round number at or above `max`, in steps of 1, 2 or 5 (× 10ⁿ). */
export function niceScale(max: number): Scale {
  const rough = Math.max(max, 1) / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((f) => f * power).find((s) => s >= rough) ?? 1);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const y = (value: number) => plot.bottom - (value / top) * (plot.bottom - plot.top);
  return { top, ticks, y };
}

/** The horizontal room of week `index` of `count`: its left edge and width. */
export function slot(index: number, count: number) {
  const width = (plot.right - plot.left) / count;
  return { x: plot.left + index * width, width };
}

export function ChartFrame({
  title,
  desc,
  children,
}: {
  title: string;
  desc: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      className="block h-auto w-full"
      fontSize={FONT}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{desc}</desc>
      {children(id)}
    </svg>
  );
}

/**
 * Grid lines with their values, and the weeks under the plot: every other one (the latest always),
 * as the full list would not fit on a phone; the table has them all.
 */
export function Axes({
  scale,
  weeks,
  inHours,
}: {
  scale: Scale;
  weeks: WeekFigures[];
  inHours?: boolean;
}) {
  return (
    <g>
      {scale.ticks.map((tick) => (
        <g key={tick}>
          <line
            x1={plot.left}
            x2={plot.right}
            y1={scale.y(tick)}
            y2={scale.y(tick)}
            className={tick === 0 ? 'stroke-slate-500' : 'stroke-slate-200'}
          />
          <text
            x={plot.left - 6}
            y={scale.y(tick)}
            textAnchor="end"
            dominantBaseline="middle"
            className="fill-slate-700"
          >
            {inHours ? text.hours(String(tick)) : tick}
          </text>
        </g>
      ))}
      {weeks.map((week, index) => {
        if ((weeks.length - 1 - index) % 2 !== 0) return null;
        const { x, width } = slot(index, weeks.length);
        return (
          <text
            key={week.start}
            x={x + width / 2}
            y={HEIGHT - 8}
            textAnchor="middle"
            className="fill-slate-700"
          >
            {formatWeekDay(week.start)}
          </text>
        );
      })}
    </g>
  );
}

/** The applications' fill: gold stripes, so that they differ from the quotes' by more than colour. */
function StripePattern({ id }: { id: string }) {
  return (
    <pattern
      id={id}
      width="6"
      height="6"
      patternUnits="userSpaceOnUse"
      patternTransform="rotate(45)"
    >
      <rect width="6" height="6" className="fill-gold-100" />
      <line x1="0" y1="0" x2="0" y2="6" strokeWidth="4" className="stroke-gold-700" />
    </pattern>
  );
}

/** The small sample of each series' fill that the legend shows beside its name. */
function Swatch({ series }: { series: 'quotes' | 'applications' }) {
  const id = useId();
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4 shrink-0">
      {series === 'applications' && <StripePattern id={id} />}
      <rect
        x="0.5"
        y="0.5"
        width="15"
        height="15"
        fill={series === 'applications' ? `url(#${id})` : undefined}
        className={series === 'applications' ? 'stroke-gold-700' : 'fill-navy-800'}
      />
    </svg>
  );
}

export function CountsLegend() {
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
      <li className="flex items-center gap-2">
        <Swatch series="quotes" />
        {text.quotes}
      </li>
      <li className="flex items-center gap-2">
        <Swatch series="applications" />
        {text.applications}
      </li>
    </ul>
  );
}

export function range(weeks: WeekFigures[]) {
  const first = weeks[0];
  const last = weeks.at(-1);
  return {
    from: first ? formatWeekDay(first.start) : '',
    to: last ? formatWeekDay(last.start) : '',
  };
}

interface BarBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A bar from the axis up to `value`. */
export function barBox(x: number, width: number, value: number, scale: Scale): BarBox {
  const y = scale.y(value);
  return { x, y, width, height: plot.bottom - y };
}

/** Quotes and applications per week, side by side: quotes solid navy, applications striped gold. */
export function CountsChart({ picture }: { picture: WeeklyPicture }) {
  const { weeks } = picture;
  const { from, to } = range(weeks);
  const quotes = weeks.map((week) => week.quotes);
  const applications = weeks.map((week) => week.applications);
  const scale = niceScale(Math.max(0, ...quotes, ...applications));
  return (
    <ChartFrame title={text.countsTitle} desc={text.countsDesc(from, to, quotes, applications)}>
      {(id) => (
        <>
          <defs>
            <StripePattern id={`${id}-stripes`} />
          </defs>
          <Axes scale={scale} weeks={weeks} />
          {weeks.map((week, index) => {
            const { x, width } = slot(index, weeks.length);
            const bar = width * 0.34;
            const middle = x + width / 2;
            return (
              <g key={week.start}>
                {week.quotes > 0 && (
                  <rect
                    {...barBox(middle - bar - 1, bar, week.quotes, scale)}
                    className="fill-navy-800"
                  />
                )}
                {week.applications > 0 && (
                  <rect
                    {...barBox(middle + 1, bar, week.applications, scale)}
                    fill={`url(#${id}-stripes)`}
                    className="stroke-gold-700"
                  />
                )}
              </g>
            );
          })}
        </>
      )}
    </ChartFrame>
  );
}

/** The promise as a dashed line across the plot, on a white halo so that it shows over bars. */
function PromiseLine({ y, label }: { y: number; label: string }) {
  return (
    <g>
      <line x1={plot.left} x2={plot.right} y1={y} y2={y} strokeWidth="5" className="stroke-white" />
      <line
        x1={plot.left}
        x2={plot.right}
        y1={y}
        y2={y}
        strokeWidth="2"
        strokeDasharray="6 4"
        className="stroke-gold-800"
      />
      <text
        x={plot.right}
        y={y - 7}
        textAnchor="end"
        stroke="white"
        strokeWidth="4"
        paintOrder="stroke"
        className="fill-gold-800 font-semibold"
      >
        {label}
      </text>
    </g>
  );
}

/** Each week's median time to first response; no bar for a week without a reply. */
export function ResponseChart({ picture }: { picture: WeeklyPicture }) {
  const { weeks, promiseMs } = picture;
  const { from, to } = range(weeks);
  const medians = weeks.map((week) => week.medianResponseMs);
  const measured = medians.filter((ms) => ms !== null);
  const promise = hoursOf(promiseMs);
  const scale = niceScale(Math.max(...measured, promiseMs * 1.25) / HOUR);
  const desc = text.responseDesc({
    from,
    to,
    medians: medians.map((ms) => (ms === null ? text.noRepliesShort : formatHours(ms))),
    within: measured.filter((ms) => ms <= promiseMs).length,
    measured: measured.length,
    promise,
  });
  return (
    <ChartFrame title={text.responseTitle} desc={desc}>
      {() => (
        <>
          <Axes scale={scale} weeks={weeks} inHours />
          {weeks.map((week, index) => {
            if (week.medianResponseMs === null) return null;
            const { x, width } = slot(index, weeks.length);
            const bar = width * 0.5;
            // A reply within minutes still shows as a sliver, unlike a week without one.
            const hours = Math.max(week.medianResponseMs / HOUR, scale.top / 100);
            return (
              <rect
                key={week.start}
                {...barBox(x + (width - bar) / 2, bar, hours, scale)}
                className="fill-navy-600"
              />
            );
          })}
          <PromiseLine y={scale.y(promiseMs / HOUR)} label={text.promise(promise)} />
        </>
      )}
    </ChartFrame>
  );
}
