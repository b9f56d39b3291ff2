import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * Draft persistence: what a visitor types is kept in sessionStorage (this tab only, gone when it
 * closes), restored after a reload or a failed send, and cleared only after a successful send.
 */

export type DraftValues = Record<string, string | string[]>;

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** The saved draft over `empty`; a field whose saved value has the wrong shape stays empty. */
export function readDraft<T extends DraftValues>(key: string, empty: T): T {
  let saved: unknown;
  try {
    saved = JSON.parse(window.sessionStorage.getItem(key) ?? 'null');
  } catch {
    return empty;
  }
  if (typeof saved !== 'object' || saved === null) return empty;
  const draft: DraftValues = { ...empty };
  for (const [name, emptyValue] of Object.entries(empty)) {
    const value: unknown = (saved as Record<string, unknown>)[name];
    const fits = Array.isArray(emptyValue) ? isStringArray(value) : typeof value === 'string';
    if (fits) draft[name] = value as string | string[];
  }
  return draft as T;
}

export function writeDraft(key: string, values: unknown): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(values));
  } catch {
    // Storage full or disabled: the form still works, only without a draft.
  }
}

export function clearDraft(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // Storage disabled: there is nothing to clear.
  }
}

/** A text saved with `writeDraft` (e.g. the name of a chosen file), or '' when there is none. */
export function readDraftText(key: string): string {
  try {
    const saved: unknown = JSON.parse(window.sessionStorage.getItem(key) ?? '""');
    return typeof saved === 'string' ? saved : '';
  } catch {
    return '';
  }
}

function hasValue(value: unknown): boolean {
  return (typeof value === 'string' || Array.isArray(value)) && value.length > 0;
}

/**
 * Saves the form's `fields` under `key` on every change: only those, so that a file input
 * registered with the form (its value a FileList) never reaches the draft.
 */
export function useDraft<T extends FieldValues>(
  key: string,
  { watch, getValues }: Pick<UseFormReturn<T>, 'watch' | 'getValues'>,
  fields: readonly string[],
): void {
  useEffect(() => {
    const save = (values: Record<string, unknown>) =>
      writeDraft(key, Object.fromEntries(fields.map((name) => [name, values[name]])));
    // What the form took before this effect ran is saved now: a box ticked while the app was
    // starting reaches the form in its field's ref, before any change is watched, and a move to
    // the other language right after would lose it. An untouched form writes nothing, so that
    // the next visit still starts the app only on use.
    // getValues, not watch(): a watch of everything would draw the form again at every key.
    const current: Record<string, unknown> = getValues();
    if (fields.some((name) => hasValue(current[name]))) save(current);
    const subscription = watch(save);
    return () => subscription.unsubscribe();
  }, [key, watch, getValues, fields]);
}
