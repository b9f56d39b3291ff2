import type { ComponentProps } from 'react';
import { postedText, useField, type FormFieldProps } from './field-context';
import { FieldFrame } from './field-frame';
import { controlClass } from './field-parts';

type TextAreaFieldProps = FormFieldProps &
  Omit<ComponentProps<'textarea'>, 'name' | 'id' | 'className' | 'required'>;

export function TextAreaField({
  name,
  label,
  hint,
  optional,
  rows = 4,
  ...props
}: TextAreaFieldProps) {
  const { id, error, registration, postedValue } = useField(name);
  return (
    <FieldFrame id={id} label={label} hint={hint} optional={optional} error={error}>
      {(control) => (
        <textarea
          rows={rows}
          className={`${controlClass(error)} resize-y`}
          {...control}
          {...props}
          {...postedText(postedValue)}
          {...registration}
        />
      )}
    </FieldFrame>
  );
}
