import { createContext, useContext } from 'react';
import {
  useFormContext,
  type FieldValues,
  type UseFormGetValues,
  type UseFormSetValue,
} from 'react-hook-form';
import { controlValues } from '../../forms/form-controls';
import { usePostedForm } from '../../forms/posted-form';
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

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The controls already met: only a control's first attachment may hold what was typed before. */
const metControls = new WeakSet<Element>();

/**
 * What the visitor gave each field of a form in the page's HTML before React took it over (the
 * text typed, the option chosen, the boxes ticked), read once, before react-hook-form writes its
 * own values into the first control: field name → value, for the fields that have one.
 */
const typedBeforeReact = new WeakMap<HTMLFormElement, Map<string, string | string[]>>();

function typedValues(form: HTMLFormElement): Map<string, string | string[]> {
  const values = Object.entries(controlValues(form));
  // An empty text or list: nothing was given there.
  return new Map(values.filter(([, value]) => value.length > 0));
}

/** The value typed into `control`'s field before React, once (then forgotten). */
function takeTypedValue(control: Control, name: string): string | string[] | undefined {
  const form = control.form;
  if (!form) return undefined;
  let typed = typedBeforeReact.get(form);
  if (!typed) {
    typed = typedValues(form);
    typedBeforeReact.set(form, typed);
  }
  const value = typed.get(name);
  typed.delete(name);
  return value;
}

/**
 * The field's registration, its ref first keeping what the visitor typed into the prerendered
 * form before the app arrived: react-hook-form writes its own value (the draft, or empty) into a
 * control it is given, so the typed value becomes the form's value first. Writing a control's own
 * value back changes nothing: its cursor and focus stay.
 */
function keepingTypedValue<T extends { ref: (element: Element | null) => void }>(
  name: string,
  registration: T,
  form: { getValues: UseFormGetValues<FieldValues>; setValue: UseFormSetValue<FieldValues> },
): T {
  return {
    ...registration,
    ref: (element: Element | null) => {
      if (element && !metControls.has(element)) {
        metControls.add(element);
        const typed = takeTypedValue(element as Control, name);
        const current: unknown = form.getValues(name);
        if (typed !== undefined && JSON.stringify(typed) !== JSON.stringify(current)) {
          form.setValue(name, typed, { shouldDirty: true });
        }
      }
      registration.ref(element);
    },
  };
}

/**
 * What a field needs: its registration, id, current error message, and the value a post without
 * JavaScript gave it (the receiver's answer renders it into the HTML: `defaultValue`).
 */
export function useField(name: string) {
  const formId = useContext(FormIdContext);
  const posted = usePostedForm();
  const {
    register,
    getValues,
    setValue,
    formState: { errors },
  } = useFormContext<FieldValues>();
  const message = errors[name]?.message;
  return {
    id: fieldId(formId, name),
    error: typeof message === 'string' ? message : undefined,
    registration: keepingTypedValue(name, register(name), { getValues, setValue }),
    postedValue: posted?.values[name],
  };
}

/** A text control's value from a post without JavaScript, as its `defaultValue`. */
export function postedText(value: string | string[] | undefined): { defaultValue?: string } {
  return typeof value === 'string' ? { defaultValue: value } : {};
}
