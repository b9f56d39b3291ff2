import { useState } from 'react';
import { ChevronDown } from 'lucide-react';
import {
  availabilityOptions,
  experienceOptions,
  languageOptions,
  positionOptions,
  shiftOptions,
} from '../../content/application-form';
import { adminText } from '../../content/admin';
import type { ChoiceOption } from '../../content/options';
import { rosterFilterNames, type RosterFilterName } from '../contract-values';
import { withRosterValue } from './inbox-query';

const text = adminText.inbox.roster;

/** Each roster filter's choices, labelled as the application form labels them. */
const choices: Record<RosterFilterName, readonly ChoiceOption[]> = {
  position: positionOptions,
  language: languageOptions,
  day: availabilityOptions,
  shift: shiftOptions,
  experience: experienceOptions,
};

/** A roster value as the owner reads it ('noche' → 'Night (6:00 PM - 2:00 AM)'). */
export function rosterLabel(name: RosterFilterName, value: string): string {
  return choices[name].find((option) => option.value === value)?.label ?? value;
}

interface RosterProps {
  params: URLSearchParams;
  onChange: (params: URLSearchParams) => void;
}

function Group({ name, params, onChange }: RosterProps & { name: RosterFilterName }) {
  const chosen = new Set(params.getAll(name));
  return (
    <fieldset>
      <legend className="font-semibold text-navy-950">{text[name]}</legend>
      <ul className="mt-1 grid grid-cols-2 gap-x-3 sm:grid-cols-1">
        {choices[name].map((option) => {
          const id = `roster-${name}-${option.value}`;
          return (
            <li key={option.value} className="flex min-h-11 items-center gap-2 sm:min-h-9">
              <input
                id={id}
                type="checkbox"
                checked={chosen.has(option.value)}
                onChange={(event) => {
                  // The roster is the applications': ticking a box shows only them.
                  const next = withRosterValue(params, name, option.value, event.target.checked);
                  next.set('form', 'application');
                  onChange(next);
                }}
                className="size-5 shrink-0 accent-navy-700"
              />
              <label htmlFor={id} className="text-sm text-slate-800">
                {option.label}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/**
 * The applicant roster: who can do what, speaks what, works when. Several ticks in one group: any
 * of them; ticks in several groups: all of them. Folded away until the owner opens it.
 */
export function RosterFilters({ params, onChange: change }: RosterProps) {
  // A tick shows at once, before the router (which moves in a transition) brings the new address.
  const [ticked, setTicked] = useState<URLSearchParams | undefined>(undefined);
  const [seen, setSeen] = useState(params.toString());
  if (seen !== params.toString()) {
    setSeen(params.toString());
    setTicked(undefined);
  }
  const shown = ticked ?? params;
  const onChange = (next: URLSearchParams) => {
    setTicked(next);
    change(next);
  };
  const chosen = rosterFilterNames.reduce((sum, name) => sum + shown.getAll(name).length, 0);
  const [open, setOpen] = useState(chosen > 0);
  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="group mt-4 rounded-md border border-slate-200"
    >
      <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-2 px-3 font-semibold text-navy-900">
        <span>
          {text.heading}
          {chosen > 0 && <span className="font-normal"> · {text.chosen(chosen)}</span>}
        </span>
        <ChevronDown aria-hidden="true" className="size-5 transition group-open:rotate-180" />
      </summary>
      <div className="border-t border-slate-200 p-3">
        <p className="text-sm text-slate-600">{text.hint}</p>
        <div className="mt-3 grid gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {rosterFilterNames.map((name) => (
            <Group key={name} name={name} params={shown} onChange={onChange} />
          ))}
        </div>
      </div>
    </details>
  );
}
