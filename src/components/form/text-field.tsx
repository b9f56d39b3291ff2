import type { ComponentProps } from 'react';
import { postedText, useField, type FormFieldProps } from './field-context';
import { FieldFrame } from './field-frame';
import { controlClass } from './field-parts';

type TextFieldProps = FormFieldProps &
  Omit<ComponentProps<'input'>, 'name' | 'id' | 'className' | 'required'>;

export function TextField({ name, label, hint, optional, ...inputProps }: TextFieldProps) {
  const { id, error, registration, postedValue } = useField(name);
  return (
    <FieldFrame id={id} label={label} hint={hint} optional={optional} error={error}>
      {(control) => (
        <input
          type="text"
          className={controlClass(error)}
          {...control}
          {...inputProps}
          {...postedText(postedValue)}
          {...registration}
        />
      )}
    </FieldFrame>
  );
}
