import { useId, type ReactNode } from 'react';
import { adminText } from '../../content/admin';
import { adminApi } from '../api';
import type { WeekFigures, WeeklyPicture } from '../contract';
import { LoadFailed } from '../shared/load-failed';
import { PageHeading } from '../shared/page-heading';
import { useLoaded } from '../shared/use-loaded';
import { WeeklyEmailSettingSection } from './weekly-email-setting';
import {
  CountsChart,
  CountsLegend,
  formatHours,
  formatWeekDay,
  ResponseChart,
  withinPromise,
} from './weekly-chart';
import { VisitsSection } from './visits-section';

const text = adminText.weekly;

function ChartCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A '—' that a screen reader reads as what it means. */
function Missing({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{label}</span>
    </>
  );
}

function WeekRow({ week, promiseMs }: { week: WeekFigures; promiseMs: number }) {
  const within = withinPromise(week, promiseMs);
  const cell = 'px-3 py-2 text-right tabular-nums';
  return (
    <tr className="border-t border-slate-200">
      <th scope="row" className="px-3 py-2 text-left font-semibold whitespace-nowrap">
        {text.weekOf(formatWeekDay(week.start))}
      </th>
      <td className={cell}>{week.quotes}</td>
      <td className={cell}>{week.applications}</td>
      <td className={cell}>{week.responded}</td>
      <td className={cell}>
        {week.medianResponseMs === null ? (
          <Missing label={text.noReplies} />
        ) : (
          formatHours(week.medianResponseMs)
        )}
      </td>
      <td className={cell}>
        {within === null ? <Missing label={text.noReplies} /> : within ? text.yes : text.no}
      </td>
    </tr>
  );
}

/** Every figure of the charts; scrolls sideways on a phone (by keyboard too: it takes focus). */
function WeeklyTable({ picture }: { picture: WeeklyPicture }) {
  const captionId = useId();
  const figureHeads = [
    text.quotes,
    text.applications,
    text.replied,
    text.median,
    text.withinPromise,
  ];
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white"
    >
      <table className="w-full min-w-[36rem] text-sm">
        <caption
          id={captionId}
          className="px-3 pt-3 pb-2 text-left text-xl font-bold text-navy-950"
        >
          {text.tableCaption}
        </caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              {text.week}
            </th>
            {figureHeads.map((label) => (
              <th key={label} scope="col" className="px-3 py-2 text-right font-semibold">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {picture.weeks.map((week) => (
            <WeekRow key={week.start} week={week} promiseMs={picture.promiseMs} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function WeeklyFigures({ picture }: { picture: WeeklyPicture }) {
  return (
    <>
      <div className="grid gap-5 lg:grid-cols-2">
        <ChartCard id="weekly-counts-heading" title={text.countsTitle}>
          <CountsLegend />
          <CountsChart picture={picture} />
        </ChartCard>
        <ChartCard id="weekly-response-heading" title={text.responseTitle}>
          <ResponseChart picture={picture} />
        </ChartCard>
      </div>
      <WeeklyTable picture={picture} />
      <VisitsSection picture={picture} />
    </>
  );
}

/** The weekly picture (#/weekly): how many quotes and applications came, and how soon quotes had a reply. */
export function WeeklyPage() {
  const { loaded, retry } = useLoaded((signal) => adminApi.weekly(signal));

  return (
    <div className="space-y-5">
      <PageHeading
        title={text.title}
        heading={text.heading}
        back={{ to: '/', label: text.back }}
        intro={text.intro}
      />
      {loaded.status === 'loading' && <p className="text-slate-600">{adminText.loading}</p>}
      {(loaded.status === 'failed' || loaded.status === 'missing') && (
        <LoadFailed message={text.loadFailed} retry={text.retry} onRetry={retry} />
      )}
      {loaded.status === 'ready' && <WeeklyFigures picture={loaded.value} />}
      <WeeklyEmailSettingSection />
    </div>
  );
}
