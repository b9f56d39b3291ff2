import type { ComponentProps } from 'react';
import { describedBy, useField } from './field-context';
import { controlClass, FieldError, FieldFrame, FieldHint, LabelText } from './field-parts';

export interface FieldTextProps {
  name: string;
  label: string;
  hint?: string;
  optional?: boolean;
}

type InputProps = FieldTextProps &
  Omit<ComponentProps<'input'>, 'name' | 'id' | 'className' | 'required'>;

export function TextField({ name, label, hint, optional, ...inputProps }: InputProps) {
  const { id, error, registration, ...ids } = useField(name);
  return (
    <FieldFrame error={error}>
      <label htmlFor={id} className="block font-semibold text-navy-950">
        <LabelText text={label} optional={optional} />
      </label>
      <FieldHint id={ids.hintId} text={hint} />
      <input
        id={id}
        className={controlClass(error)}
        required={!optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
        {...inputProps}
        {...registration}
      />
      <FieldError id={ids.errorId} message={error} />
    </FieldFrame>
  );
}
