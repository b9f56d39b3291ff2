import { useId, useState, type ReactNode } from 'react';
import { controlClass } from '../../components/form/field-parts';
import { adminText } from '../../content/admin';
import type { FunnelSource, WeeklyPicture } from '../contract';
import { sourceWords as visitSourceWords } from '../shared/source-words';
import { FunnelBars, VisitorsChart } from './visits-chart';
import {
  byPage,
  bySource,
  chosenRows,
  followedRows,
  latestFullWeek,
  STEPS,
  stepsByWeek,
  unknownLeads,
  type LanguageChoice,
  type SourceChoice,
  type Steps,
} from './visits-figures';
import { formatWeekDay } from './weekly-chart';

const text = adminText.visitsPicture;

/**
 * A source in the owner's words, as the submission's page says it; or 'Visit not known' for the
 * leads whose visit was not counted (GPC, not counted then).
 */
function sourceWords(source: FunnelSource): string {
  const { kind } = source;
  return kind === 'unknown' ? text.unknown : visitSourceWords({ ...source, kind });
}

/** Visitors not counted: a dash, said in words to a screen reader. */
const notCounted = (
  <>
    <span aria-hidden="true">{text.noVisitors}</span>
    <span className="sr-only">{text.notCounted}</span>
  </>
);

function Choice(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: [value: string, label: string][];
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block font-semibold text-navy-950">
        {props.label}
      </label>
      <select
        id={id}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        className={`${controlClass()} mt-1`}
      >
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A table in its own box, which scrolls sideways on a phone (by keyboard too: it takes focus). */
function TableBox({
  caption,
  heads,
  minWidth,
  children,
}: {
  caption: string;
  heads: string[];
  minWidth: string;
  children: ReactNode;
}) {
  const captionId = useId();
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white"
    >
      <table className={`w-full text-sm ${minWidth}`}>
        <caption
          id={captionId}
          className="px-3 pt-3 pb-2 text-left text-lg font-bold text-navy-950"
        >
          {caption}
        </caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {heads.map((head, index) => (
              <th
                key={head}
                scope="col"
                className={`px-3 py-2 font-semibold ${index === 0 ? 'text-left' : 'text-right'}`}
              >
                {head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A row; its head on one line unless `wrap` (a source's name can be long: the table fits a phone). */
function Row({ head, cells, wrap = false }: { head: string; cells: ReactNode[]; wrap?: boolean }) {
  return (
    <tr className="border-t border-slate-200">
      <th
        scope="row"
        className={`px-3 py-2 text-left font-semibold ${wrap ? 'break-words' : 'whitespace-nowrap'}`}
      >
        {head}
      </th>
      {cells.map((cell, index) => (
        <td key={index} className="px-3 py-2 text-right tabular-nums">
          {cell}
        </td>
      ))}
    </tr>
  );
}

function VisitsTables({
  picture,
  byWeek,
  language,
}: {
  picture: WeeklyPicture;
  byWeek: Steps[];
  language: LanguageChoice;
}) {
  const sources = bySource(chosenRows(picture.funnel, language, 'all'));
  const unknown = sources.some((figures) => figures.source.kind === 'unknown');
  const languages = text.languages;
  return (
    <div className="space-y-5">
      <TableBox
        caption={text.tableCaption}
        heads={[text.weekHead, ...STEPS.map((step) => text.steps[step])]}
        minWidth="min-w-[34rem]"
      >
        {picture.weeks.map((week, index) => (
          <Row
            key={week.start}
            head={adminText.weekly.weekOf(formatWeekDay(week.start))}
            cells={STEPS.map((step) => byWeek[index]?.[step] ?? 0)}
          />
        ))}
      </TableBox>
      <div className="grid gap-5 lg:grid-cols-2">
        <div className="space-y-2">
          <TableBox
            caption={text.sourcesCaption}
            heads={[text.sourceHead, text.visitorsHead, text.leadsHead]}
            minWidth="min-w-[18rem]"
          >
            {sources.map((figures) => (
              <Row
                key={figures.key}
                head={sourceWords(figures.source)}
                cells={[
                  figures.source.kind === 'unknown' ? notCounted : figures.visitors,
                  figures.sent,
                ]}
                wrap
              />
            ))}
          </TableBox>
          {unknown && <p className="text-sm text-slate-700">{text.unknownHint}</p>}
        </div>
        <TableBox
          caption={text.pagesCaption}
          heads={[text.pageHead, languages.en, languages.es, text.totalHead]}
          minWidth="min-w-[18rem]"
        >
          {byPage(picture.pages).map(({ page, en, es }) => (
            <Row key={page} head={text.pages[page]} cells={[en, es, en + es]} />
          ))}
        </TableBox>
      </div>
    </div>
  );
}

/** The choices: a language, a source, the funnel's week. */
function useChoices(picture: WeeklyPicture) {
  const [language, setLanguage] = useState<LanguageChoice>('all');
  const [source, setSource] = useState<SourceChoice>('all');
  const [week, setWeek] = useState(() => latestFullWeek(picture));
  const sources = bySource(picture.funnel);
  const chosen = sources.find((figures) => figures.key === source);
  return {
    language,
    source,
    week,
    shown: text.shown(language, chosen ? sourceWords(chosen.source) : null),
    choices: (
      <div className="grid gap-4 sm:grid-cols-3" role="group" aria-label={text.filtersLabel}>
        <Choice
          label={text.language}
          value={language}
          onChange={(value) => setLanguage(value === 'en' || value === 'es' ? value : 'all')}
          options={(['all', 'en', 'es'] as const).map((value) => [value, text.languages[value]])}
        />
        <Choice
          label={text.source}
          value={source}
          onChange={setSource}
          options={[
            ['all', text.allSources],
            ...sources.map((figures): [string, string] => [
              figures.key,
              sourceWords(figures.source),
            ]),
          ]}
        />
        <Choice
          label={text.week}
          value={String(week)}
          onChange={(value) => setWeek(Number(value))}
          options={picture.weeks.map((figures, index) => [
            String(index),
            text.weekOption(formatWeekDay(figures.start), index === picture.weeks.length - 1),
          ])}
        />
      </div>
    ),
  };
}

/** Visits and the way to a lead: visitors per week, one week's funnel, and the tables under them. */
export function VisitsSection({ picture }: { picture: WeeklyPicture }) {
  const { language, source, week, shown, choices } = useChoices(picture);
  const rows = chosenRows(picture.funnel, language, source);
  // All sources: the funnel of counted visits, and a line for the leads of no known visit.
  const all = source === 'all';
  const byWeek = stepsByWeek(all ? followedRows(rows) : rows, picture.weeks.length);
  const unknown = all ? unknownLeads(rows, week) : 0;
  const chosenWeek = picture.weeks[week];
  return (
    <section aria-labelledby="weekly-visits-heading" className="space-y-5">
      <div className="space-y-2">
        <h2 id="weekly-visits-heading" className="text-2xl font-bold text-navy-950">
          {text.heading}
        </h2>
        <p className="text-slate-700">{text.intro}</p>
      </div>
      <div className="rounded-lg border border-slate-200 bg-white p-4">{choices}</div>
      <div className="grid gap-5 lg:grid-cols-2">
        <section
          aria-labelledby="weekly-visitors-heading"
          className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-5"
        >
          <h3 id="weekly-visitors-heading" className="text-xl font-bold">
            {text.visitorsTitle}
          </h3>
          <VisitorsChart
            weeks={picture.weeks}
            visitors={byWeek.map((steps) => steps.visitors)}
            shown={shown}
            chosen={week}
          />
        </section>
        {chosenWeek && (
          <FunnelBars
            week={chosenWeek}
            steps={byWeek[week] ?? { visitors: 0, sawForm: 0, started: 0, sent: 0, replied: 0 }}
            note={unknown > 0 ? text.unknownNote(unknown) : null}
          />
        )}
      </div>
      {picture.funnel.length === 0 && <p className="text-slate-700">{text.none}</p>}
      <VisitsTables picture={picture} byWeek={byWeek} language={language} />
    </section>
  );
}
