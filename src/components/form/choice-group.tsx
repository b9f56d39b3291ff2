import type { ChoiceOption } from '../../content/options';
import { useField, type FormFieldProps } from './field-context';
import { FieldFrame } from './field-frame';

interface ChoiceGroupProps extends Omit<FormFieldProps, 'label'> {
  /** Checkboxes for a list of values, radios for one value. */
  type: 'checkbox' | 'radio';
  legend: string;
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
  const { id, error, registration, postedValue } = useField(name);
  const posted = postedValue === undefined ? undefined : [postedValue].flat();
  return (
    <FieldFrame id={id} label={legend} hint={hint} optional={optional} error={error} group>
      {(control) => (
        <div className={`grid gap-2 ${columnClasses[columns]}`}>
          {options.map((option, index) => (
            <label
              key={option.value}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 px-3 py-2 hover:border-navy-600 hover:bg-navy-50 has-checked:border-navy-700 has-checked:bg-navy-50"
            >
              <input
                id={`${id}-${index}`}
                type={type}
                value={option.value}
                className="size-5 shrink-0 accent-navy-800"
                aria-invalid={control['aria-invalid']}
                {...(posted ? { defaultChecked: posted.includes(option.value) } : {})}
                {...registration}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
      )}
    </FieldFrame>
  );
}
