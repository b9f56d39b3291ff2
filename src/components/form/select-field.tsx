import { formsContent } from '../../content/forms';
import type { ChoiceOption } from '../../content/options';
import { postedText, useField, type FormFieldProps } from './field-context';
import { FieldFrame } from './field-frame';
import { controlClass } from './field-parts';
import { useContent } from '../../content/use-content';

interface SelectFieldProps extends FormFieldProps {
  options: readonly ChoiceOption[];
}

export function SelectField({ name, label, hint, optional, options }: SelectFieldProps) {
  const { formText } = useContent(formsContent);
  const { id, error, registration, postedValue } = useField(name);
  return (
    <FieldFrame id={id} label={label} hint={hint} optional={optional} error={error}>
      {(control) => (
        <select
          className={`${controlClass(error)} sm:max-w-xs`}
          {...control}
          {...postedText(postedValue)}
          {...registration}
        >
          <option value="">{formText.selectPlaceholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
