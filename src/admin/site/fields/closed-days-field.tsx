import { useRef, useState, type ReactNode } from 'react';
import { CalendarPlus, Plus, Trash2 } from 'lucide-react';
import { federalHolidaysFrom } from '../../../business-time/holidays';
import { buttonClasses } from '../../../components/button-link';
import { controlClass, FieldError } from '../../../components/form/field-parts';
import { hoursEditorText } from '../../../content/admin-hours';
import { MAX_CLOSED_DAYS, MAX_CLOSED_NOTE, type ClosedDay } from '../../../content/opening-hours';
import type { FieldNode } from '../../../content/site-fields';
import { useEditorActions } from '../draft/editor-context';
import { ruleMessage } from './field-control';
import { fieldDomId } from './field-ids';
import { fieldsetClass, legendClass } from './opening-hours-field';

const text = hoursEditorText.closedDays;
type Leaf = Extract<FieldNode, { type: 'leaf' }>;

interface Props {
  partId: string;
  path: readonly string[];
  node: Leaf;
  value: unknown;
  label: string;
}

/** Dates in order, undated rows (being typed) last. */
const byDate = (a: ClosedDay, b: ClosedDay) => (a.date || '9999').localeCompare(b.date || '9999');

/** `days` with this year's and next year's federal holidays that are not in it yet. */
export function withFederalHolidays(days: readonly ClosedDay[], year: number): ClosedDay[] {
  const taken = new Set(days.map((day) => day.date));
  const added = federalHolidaysFrom(year)
    .filter((holiday) => !taken.has(holiday.date))
    .map(({ holiday, date, observed }) => {
      const name = hoursEditorText.holidays[holiday];
      return { date, note: observed ? hoursEditorText.observed(name) : name };
    });
  return [...days, ...added].sort(byDate);
}

function ClosedDayRow(props: {
  id: string;
  index: number;
  day: ClosedDay;
  onChange: (day: ClosedDay) => void;
  onRemove: () => void;
}) {
  const { id, index, day, onChange, onRemove } = props;
  const item = text.item(index + 1);
  const rowId = `${id}-${index}`;
  return (
    <li className="flex flex-wrap items-end gap-x-3 gap-y-2 border-t border-slate-200 pt-3 first:border-t-0 first:pt-0">
      <label className="flex flex-col gap-1 text-sm font-semibold text-slate-900">
        <span>
          <span className="sr-only">{item}:</span> {text.date}
        </span>
        <input
          id={`${rowId}-date`}
          type="date"
          required
          value={day.date}
          aria-invalid={day.date === '' || undefined}
          className={`${controlClass(day.date === '' ? 'empty' : undefined)} w-44`}
          onChange={(event) => onChange({ ...day, date: event.target.value })}
        />
      </label>
      <label className="flex min-w-48 flex-1 flex-col gap-1 text-sm font-semibold text-slate-900">
        <span>
          <span className="sr-only">{item}:</span> {text.note}
        </span>
        <input
          id={`${rowId}-note`}
          type="text"
          autoComplete="off"
          maxLength={MAX_CLOSED_NOTE}
          value={day.note}
          className={controlClass()}
          onChange={(event) => onChange({ ...day, note: event.target.value })}
        />
      </label>
      <button type="button" className={buttonClasses('outline', 'md')} onClick={onRemove}>
        <Trash2 aria-hidden="true" className="size-4" />
        {text.remove} <span className="sr-only">{day.date || item}</span>
      </button>
    </li>
  );
}

function AddButtons(props: {
  id: string;
  year: number;
  full: boolean;
  past: number;
  onAddDay: () => void;
  onAddHolidays: () => void;
  onRemovePast: () => void;
}) {
  return (
    <>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={buttonClasses('outline', 'md')}
          onClick={props.onAddDay}
          disabled={props.full}
        >
          <Plus aria-hidden="true" className="size-4" />
          {text.add}
        </button>
        <button
          type="button"
          className={buttonClasses('outline', 'md')}
          onClick={props.onAddHolidays}
          aria-describedby={`${props.id}-holidays`}
        >
          <CalendarPlus aria-hidden="true" className="size-4" />
          {text.addHolidays(props.year, props.year + 1)}
        </button>
        {props.past > 0 && (
          <button
            type="button"
            className={buttonClasses('outline', 'md')}
            onClick={props.onRemovePast}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {text.removePast(props.past)}
          </button>
        )}
      </div>
      <p id={`${props.id}-holidays`} className="text-sm text-slate-600">
        {text.holidaysHint}
      </p>
    </>
  );
}

/** 'YYYY-MM-DD' of today on this device's calendar. */
const today = () => new Intl.DateTimeFormat('en-CA').format(new Date());

/** What the owner does to the list, each saying what it did (in `status`) and where focus goes. */
function useClosedDayActions(id: string, days: ClosedDay[], set: (next: ClosedDay[]) => void) {
  const [status, setStatus] = useState('');
  const list = useRef<HTMLUListElement>(null);
  const focusRow = (index: number) =>
    requestAnimationFrame(() => document.getElementById(`${id}-${index}-date`)?.focus());
  const past = days.filter((day) => day.date !== '' && day.date < today()).length;
  return {
    status,
    list,
    past,
    addDay() {
      set([...days, { date: '', note: '' }]);
      setStatus('');
      focusRow(days.length);
    },
    addHolidays(year: number) {
      const next = withFederalHolidays(days, year);
      // Past the most kept, the oldest dates go first.
      set(next.slice(-MAX_CLOSED_DAYS));
      setStatus(text.added(next.length - days.length));
    },
    removePast() {
      set(days.filter((day) => day.date === '' || day.date >= today()));
      setStatus(text.pastRemoved(past));
      list.current?.closest('fieldset')?.focus();
    },
    remove(index: number) {
      set(days.filter((_, at) => at !== index));
      setStatus('');
      // Focus stays in the list: on the row that took its place, or on the one before.
      if (days.length > 1) focusRow(Math.min(index, days.length - 2));
      else list.current?.closest('fieldset')?.focus();
    },
  };
}

/** The dates the office is closed: each with a name, and the federal holidays in one tap. */
export function ClosedDaysField({ partId, path, node, value, label }: Props): ReactNode {
  const actions = useEditorActions();
  const id = fieldDomId(partId, path);
  const days = Array.isArray(value) ? (value as ClosedDay[]) : [];
  const error = ruleMessage(node.schema, days);
  const year = new Date().getFullYear();
  const { status, list, past, ...act } = useClosedDayActions(id, days, (next) =>
    actions.set(partId, path, next),
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
        {text.hint}
      </p>
      {days.length === 0 && <p className="text-slate-700">{text.none}</p>}
      <ul ref={list} className="space-y-3">
        {days.map((day, index) => (
          <ClosedDayRow
            // Rows are keyed by place: a date being typed changes, its row must not remount.
            key={index}
            id={id}
            index={index}
            day={day}
            onChange={(next) =>
              actions.set(
                partId,
                path,
                days.map((each, at) => (at === index ? next : each)),
              )
            }
            onRemove={() => act.remove(index)}
          />
        ))}
      </ul>
      <FieldError id={`${id}-error`} message={error} />
      <AddButtons
        id={id}
        year={year}
        full={days.length >= MAX_CLOSED_DAYS}
        past={past}
        onAddDay={act.addDay}
        onAddHolidays={() => act.addHolidays(year)}
        onRemovePast={act.removePast}
      />
      <p role="status" className="text-sm font-semibold text-slate-900">
        {status}
      </p>
    </fieldset>
  );
}
