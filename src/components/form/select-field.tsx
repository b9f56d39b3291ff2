import type { ChoiceOption } from '../../content/forms';
import { formText } from '../../content/forms';
import { describedBy, useField } from './field-context';
import { controlClass, FieldError, FieldFrame, FieldHint, LabelText } from './field-parts';
import type { FieldTextProps } from './text-field';

interface SelectFieldProps extends FieldTextProps {
  options: readonly ChoiceOption[];
}

export function SelectField({ name, label, hint, optional, options }: SelectFieldProps) {
  const { id, error, registration, ...ids } = useField(name);
  return (
    <FieldFrame error={error}>
      <label htmlFor={id} className="block font-semibold text-navy-950">
        <LabelText text={label} optional={optional} />
      </label>
      <FieldHint id={ids.hintId} text={hint} />
      <select
        id={id}
        className={`${controlClass(error)} sm:max-w-xs`}
        required={!optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
        {...registration}
      >
        <option value="">{formText.selectPlaceholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={ids.errorId} message={error} />
    </FieldFrame>
  );
}
