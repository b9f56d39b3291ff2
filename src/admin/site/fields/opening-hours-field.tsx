import type { ReactNode } from 'react';
import { FieldError } from '../../../components/form/field-parts';
import { hoursEditorText } from '../../../content/admin-hours';
import { businessContent } from '../../../content/business';
import { DEFAULT_OPENING_HOURS, type DayHours } from '../../../content/opening-hours';
import { NOTHING_PUBLISHED } from '../../../content/published';
import type { FieldNode } from '../../../content/site-fields';

// The office's clock: the code's (the time zone is not a field the owner publishes).
const { business } = businessContent(NOTHING_PUBLISHED);
import { useEditorActions } from '../draft/editor-context';
import { ruleMessage } from './field-control';
import { fieldDomId } from './field-ids';

const text = hoursEditorText.week;
type Leaf = Extract<FieldNode, { type: 'leaf' }>;

export const fieldsetClass = 'space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-5';
export const legendClass = 'px-1 text-lg font-bold text-navy-950';
const timeClass = (invalid: boolean) =>
  `block w-full min-w-0 rounded-md border bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs ${
    invalid ? 'border-red-700 ring-1 ring-red-700' : 'border-slate-500'
  }`;

interface Props {
  partId: string;
  path: readonly string[];
  node: Leaf;
  value: unknown;
  label: string;
}

/** A day whose times break a rule now (its row is marked; the message says which day). */
const dayBreaks = (day: DayHours) =>
  day.open && !(/^\d\d:\d\d$/.test(day.opens) && day.closes > day.opens);

function DayRow(props: { id: string; day: DayHours; onChange: (day: DayHours) => void }) {
  const { id, day, onChange } = props;
  const name = hoursEditorText.days[day.day];
  const invalid = dayBreaks(day);
  const time = (key: 'opens' | 'closes', label: string) => (
    <label className="flex flex-col gap-1 text-sm font-semibold text-slate-900 sm:w-40">
      <span>
        <span className="sr-only">{name}</span> {label}
      </span>
      <input
        id={`${id}-${day.day}-${key}`}
        type="time"
        required
        value={day[key]}
        aria-invalid={invalid || undefined}
        className={timeClass(invalid)}
        onChange={(event) => onChange({ ...day, [key]: event.target.value })}
      />
    </label>
  );
  return (
    <li className="flex flex-wrap items-end gap-x-4 gap-y-2 border-t border-slate-200 pt-3 first:border-t-0 first:pt-0">
      <label className="flex min-h-11 items-center gap-3 font-semibold text-slate-900 sm:w-36">
        <input
          id={`${id}-${day.day}`}
          type="checkbox"
          className="size-5 accent-navy-900"
          checked={day.open}
          onChange={(event) => onChange({ ...day, open: event.target.checked })}
        />
        <span>
          <span className="sr-only">{text.openOn}</span> {name}
        </span>
      </label>
      {day.open ? (
        // Under the day on a phone, side by side; on its line from 640 px.
        <div className="grid w-full grid-cols-2 gap-3 sm:flex sm:w-auto">
          {time('opens', text.opens)}
          {time('closes', text.closes)}
        </div>
      ) : (
        <span className="flex min-h-11 items-center text-slate-600">{text.closed}</span>
      )}
    </li>
  );
}

/** Each weekday's hours: a tick for open, and its opening and closing times. */
export function OpeningHoursField({ partId, path, node, value, label }: Props): ReactNode {
  const actions = useEditorActions();
  const id = fieldDomId(partId, path);
  const week = Array.isArray(value) ? (value as DayHours[]) : DEFAULT_OPENING_HOURS;
  const error = ruleMessage(node.schema, week);
  const set = (index: number, day: DayHours) =>
    actions.set(
      partId,
      path,
      week.map((each, at) => (at === index ? day : each)),
    );
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      className={`${fieldsetClass} ${error ? 'border-l-4 border-l-red-700' : ''}`}
    >
      <legend className={legendClass}>{label}</legend>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {text.hint(business.timeZone)}
      </p>
      <ul className="space-y-3">
        {week.map((day, index) => (
          <DayRow key={day.day} id={id} day={day} onChange={(next) => set(index, next)} />
        ))}
      </ul>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
