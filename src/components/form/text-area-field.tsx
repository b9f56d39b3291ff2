import type { ComponentProps } from 'react';
import { describedBy, useField } from './field-context';
import { controlClass, FieldError, FieldFrame, FieldHint, LabelText } from './field-parts';
import type { FieldTextProps } from './text-field';

type TextAreaProps = FieldTextProps &
  Omit<ComponentProps<'textarea'>, 'name' | 'id' | 'className' | 'required'>;

export function TextAreaField({ name, label, hint, optional, rows = 4, ...props }: TextAreaProps) {
  const { id, error, registration, ...ids } = useField(name);
  return (
    <FieldFrame error={error}>
      <label htmlFor={id} className="block font-semibold text-navy-950">
        <LabelText text={label} optional={optional} />
      </label>
      <FieldHint id={ids.hintId} text={hint} />
      <textarea
        id={id}
        rows={rows}
        className={`${controlClass(error)} resize-y`}
        required={!optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
        {...props}
        {...registration}
      />
      <FieldError id={ids.errorId} message={error} />
    </FieldFrame>
  );
}
