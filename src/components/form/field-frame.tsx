import type { ReactNode } from 'react';
import { ErrorBar, FieldError, FieldHint, FieldNote, LabelText } from './field-parts';

/** The words around a field: its label (or legend), an optional hint, and whether it may be left empty. */
export interface FieldText {
  label: string;
  hint?: string;
  optional?: boolean;
}

/** What the frame gives its control: the id the label points at and the ARIA wiring. */
export interface ControlProps {
  id: string;
  required: boolean;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldFrameProps extends FieldText {
  id: string;
  error?: string;
  /** A remark under the hint that does not block the send; it describes the control too. */
  note?: string;
  /**
   * Radios or checkboxes: a fieldset named by its legend and described by the hint and the error.
   * The control renders the inputs, each with its own label; `id` prefixes their ids.
   */
  group?: boolean;
  /** Places the error among more messages under the control; by default it stands alone. */
  renderMessages?: (error: ReactNode) => ReactNode;
  children: (control: ControlProps) => ReactNode;
}

/**
 * A form field after GOV.UK: its label, hint, note, the control, then the error (with a hidden
 * "Error:" prefix) beside a red bar. The control, or the group's fieldset, is described by the hint,
 * the note and the error that are shown.
 */
export function FieldFrame({
  id,
  label,
  hint,
  optional,
  error,
  note,
  group = false,
  renderMessages = (message) => message,
  children,
}: FieldFrameProps) {
  const ids = { hint: `${id}-hint`, note: `${id}-note`, error: `${id}-error` };
  const describedBy =
    [hint && ids.hint, note && ids.note, error && ids.error].filter(Boolean).join(' ') || undefined;
  const caption = <LabelText text={label} optional={optional} />;
  const body = (
    <>
      <FieldHint id={ids.hint} text={hint} />
      {note && <FieldNote id={ids.note} text={note} />}
      {children({
        id,
        required: !optional,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': group ? undefined : describedBy,
      })}
      {renderMessages(<FieldError id={ids.error} message={error} />)}
    </>
  );
  return (
    <ErrorBar error={error}>
      {group ? (
        <fieldset id={id} aria-describedby={describedBy} className="space-y-2">
          <legend className="font-semibold text-navy-950">{caption}</legend>
          {body}
        </fieldset>
      ) : (
        <>
          <label htmlFor={id} className="block font-semibold text-navy-950">
            {caption}
          </label>
          {body}
        </>
      )}
    </ErrorBar>
  );
}
