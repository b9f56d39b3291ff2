import { useId } from 'react';
import { adminText } from '../../content/admin';
import type { WeekFigures } from '../contract';
import { STEPS, type Steps } from './visits-figures';
import { Axes, barBox, ChartFrame, formatWeekDay, niceScale, range, slot } from './weekly-chart';

const text = adminText.visitsPicture;

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });

/** A step's share of the week's visitors ('42%'); null without visitors. */
export function shareOf(count: number, visitors: number): string | null {
  return visitors > 0 ? percent.format(count / visitors) : null;
}

/** Visitors per week (of the language and source chosen); the funnel's week drawn darker. */
export function VisitorsChart({
  weeks,
  visitors,
  shown,
  chosen,
}: {
  weeks: WeekFigures[];
  visitors: number[];
  /** What the filters show, in words. */
  shown: string;
  /** The funnel's week. */
  chosen: number;
}) {
  const { from, to } = range(weeks);
  const scale = niceScale(Math.max(0, ...visitors));
  return (
    <ChartFrame title={text.visitorsTitle} desc={text.visitorsDesc(from, to, shown, visitors)}>
      {() => (
        <>
          <Axes scale={scale} weeks={weeks} />
          {weeks.map((week, index) => {
            const count = visitors[index] ?? 0;
            if (count === 0) return null;
            const { x, width } = slot(index, weeks.length);
            const bar = width * 0.6;
            return (
              <rect
                key={week.start}
                {...barBox(x + (width - bar) / 2, bar, count, scale)}
                className={index === chosen ? 'fill-navy-950' : 'fill-navy-600'}
              />
            );
          })}
        </>
      )}
    </ChartFrame>
  );
}

/**
 * The way to a lead in one week as bars, one per step, each with its count and share of the
 * week's visitors. A list (read in order by a screen reader); the bars themselves are decoration.
 * `note`: a line under it (the week's leads of no known visit, left out of the bars).
 */
export function FunnelBars({
  week,
  steps,
  note = null,
}: {
  week: WeekFigures;
  steps: Steps;
  note?: string | null;
}) {
  const id = useId();
  const widest = Math.max(1, ...STEPS.map((step) => steps[step]));
  return (
    <section
      aria-labelledby={id}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h3 id={id} className="text-xl font-bold">
        {text.funnelTitle(formatWeekDay(week.start))}
      </h3>
      <ol aria-labelledby={id} className="space-y-3">
        {STEPS.map((step) => {
          const count = steps[step];
          const share = shareOf(count, steps.visitors);
          return (
            <li key={step} data-step={step}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                <span className="font-semibold text-slate-800">{text.steps[step]}</span>
                <span className="text-slate-700 tabular-nums">
                  <span className="font-semibold text-navy-950">{count}</span>
                  {step !== 'visitors' && (
                    <span>
                      {' · '}
                      {share === null ? text.noShare : text.share(share)}
                    </span>
                  )}
                </span>
              </div>
              <div aria-hidden="true" className="mt-1 h-3 rounded bg-slate-100">
                <div
                  className="h-3 rounded bg-navy-800"
                  style={{ width: `${(count / widest) * 100}%` }}
                />
              </div>
            </li>
          );
        })}
      </ol>
      {note && <p className="text-sm text-slate-700">{note}</p>}
    </section>
  );
}
