import type { ReactNode } from 'react';
import type { z } from 'zod';
import { controlClass, FieldError } from '../../../components/form/field-parts';
import { siteEditorText } from '../../../content/admin-site';

/** The first rule a value breaks, in the owner's words, or undefined. */
export function ruleMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : (result.error.issues[0]?.message ?? undefined);
}

export interface ControlProps {
  id: string;
  label: string;
  /** The rule the value breaks now, tied to the control. */
  error?: string | undefined;
  /** The character count against the bound. */
  count?: { length: number; max: number } | undefined;
  /** A remark under the label (the Spanish's "Needs translation update"). */
  badge?: ReactNode;
  hint?: string | undefined;
  /** The id of a hint shown once for several controls (a text's English and Spanish). */
  sharedHint?: string | undefined;
  /** The control, given its id, description and invalid state. */
  children: (props: {
    id: string;
    'aria-describedby': string | undefined;
    'aria-invalid': true | undefined;
    className: string;
  }) => ReactNode;
}

/** One field's label, remark, control, character count and rule message, tied together. */
export function FieldControl(props: ControlProps) {
  const { id, label, error, count, badge, hint, sharedHint, children } = props;
  const ids = {
    badge: badge ? `${id}-badge` : undefined,
    hint: hint ? `${id}-hint` : undefined,
    count: count ? `${id}-count` : undefined,
    error: error ? `${id}-error` : undefined,
  };
  const describedBy = [sharedHint, ids.badge, ids.hint, ids.error, ids.count]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`space-y-1.5 ${error ? '-ml-3 border-l-4 border-red-700 pl-2' : ''}`}>
      <label htmlFor={id} className="block font-semibold text-slate-900">
        {label}
      </label>
      {badge && <div id={ids.badge}>{badge}</div>}
      {hint && (
        <p id={ids.hint} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {children({
        id,
        'aria-describedby': describedBy || undefined,
        'aria-invalid': error ? true : undefined,
        className: controlClass(error),
      })}
      <FieldError id={ids.error ?? `${id}-error`} message={error} />
      {count && (
        <p
          id={ids.count}
          className={`text-sm ${count.length > count.max ? 'font-semibold text-red-700' : 'text-slate-600'}`}
        >
          {siteEditorText.editor.characters(count.length, count.max)}
        </p>
      )}
    </div>
  );
}
