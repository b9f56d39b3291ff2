import { createContext, useContext } from 'react';
import { useFormContext, type FieldValues } from 'react-hook-form';

/** The id prefix of the form around a field, so that ids stay unique and predictable. */
export const FormIdContext = createContext('form');

export function fieldId(formId: string, name: string): string {
  return `${formId}-${name}`;
}

/** What a field component needs: its registration, ids and current error message. */
export function useField(name: string) {
  const formId = useContext(FormIdContext);
  const {
    register,
    formState: { errors },
  } = useFormContext<FieldValues>();
  const message = errors[name]?.message;
  const id = fieldId(formId, name);
  return {
    id,
    hintId: `${id}-hint`,
    errorId: `${id}-error`,
    error: typeof message === 'string' ? message : undefined,
    registration: register(name),
  };
}

/** The aria-describedby value: the hint, then the error, when present. */
export function describedBy(
  ids: { hintId: string; errorId: string },
  hint?: string,
  error?: string,
) {
  return [hint && ids.hintId, error && ids.errorId].filter(Boolean).join(' ') || undefined;
}
