import { createContext, useContext } from 'react';
import { useFormContext, type FieldValues } from 'react-hook-form';
import type { FieldText } from './field-frame';

/** The id prefix of the form around a field, so that ids stay unique and predictable. */
export const FormIdContext = createContext('form');

export function fieldId(formId: string, name: string): string {
  return `${formId}-${name}`;
}

/** A field of the form around it: its name in the form's values and its words. */
export interface FormFieldProps extends FieldText {
  name: string;
}

/** What a field component needs: its registration, id and current error message. */
export function useField(name: string) {
  const formId = useContext(FormIdContext);
  const {
    register,
    formState: { errors },
  } = useFormContext<FieldValues>();
  const message = errors[name]?.message;
  return {
    id: fieldId(formId, name),
    error: typeof message === 'string' ? message : undefined,
    registration: register(name),
  };
}
