import type { ComponentProps } from 'react';
import { FieldFrame } from '../../components/form/field-frame';
import { controlClass } from '../../components/form/field-parts';

export interface FieldProps {
  id: string;
  label: string;
  hint?: string;
  error: string | undefined;
  input: ComponentProps<'input'>;
}

/** A text input with its label, hint and error (the site's own field frame), for the account's forms. */
export function Field({ id, label, hint, error, input }: FieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {(control) => <input className={controlClass(error)} {...control} {...input} />}
    </FieldFrame>
  );
}
