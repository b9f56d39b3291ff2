import type { ChoiceOption } from '../../content/forms';
import { describedBy, useField } from './field-context';
import { FieldError, FieldFrame, FieldHint, LabelText } from './field-parts';

interface ChoiceGroupProps {
  name: string;
  /** Checkboxes for a list of values, radios for one value. */
  type: 'checkbox' | 'radio';
  legend: string;
  hint?: string;
  optional?: boolean;
  options: readonly ChoiceOption[];
  columns?: 1 | 2 | 3;
}

const columnClasses = { 1: '', 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-2 lg:grid-cols-3' };

/** Checkboxes or radios grouped in a fieldset, its legend the question. */
export function ChoiceGroup({
  name,
  type,
  legend,
  hint,
  optional,
  options,
  columns = 2,
}: ChoiceGroupProps) {
  const { id, error, registration, ...ids } = useField(name);
  return (
    <FieldFrame error={error}>
      <fieldset id={id} aria-describedby={describedBy(ids, hint, error)} className="space-y-2">
        <legend className="font-semibold text-navy-950">
          <LabelText text={legend} optional={optional} />
        </legend>
        <FieldHint id={ids.hintId} text={hint} />
        <div className={`grid gap-2 ${columnClasses[columns]}`}>
          {options.map((option, index) => (
            <label
              key={option.value}
              htmlFor={`${id}-${index}`}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 px-3 py-2 hover:border-navy-600 hover:bg-navy-50 has-checked:border-navy-700 has-checked:bg-navy-50"
            >
              <input
                id={`${id}-${index}`}
                type={type}
                value={option.value}
                className="size-5 shrink-0 accent-navy-800"
                aria-invalid={error ? true : undefined}
                {...registration}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
        <FieldError id={ids.errorId} message={error} />
      </fieldset>
    </FieldFrame>
  );
}
