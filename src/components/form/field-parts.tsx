import { use, type ReactNode } from 'react';
import { CircleAlert, Info } from 'lucide-react';
import { formsContent } from '../../content/forms';
import { useContent } from '../../content/use-content';
import { MessageWords } from '../../forms/published-message';

export const controlClass = (error?: string) =>
  `block w-full rounded-md border bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs ${
    error ? 'border-red-700 ring-1 ring-red-700' : 'border-slate-500'
  }`;

export function LabelText({ text, optional }: { text: string; optional?: boolean }) {
  const { formText } = useContent(formsContent);
  return (
    <>
      {text}
      {optional && <span className="font-normal text-slate-600"> {formText.optional}</span>}
    </>
  );
}

export function FieldHint({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="text-sm text-slate-600">
      {text}
    </p>
  ) : null;
}

/** A remark that does not block the send, e.g. that a file was lost when the page reloaded. */
export function FieldNote({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} className="flex gap-2 rounded-md bg-navy-50 px-3 py-2 text-sm text-navy-900">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {text}
    </p>
  );
}

/** The error under a field, with the GOV.UK visually hidden "Error:" prefix. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  const { formText } = useContent(formsContent);
  const words = use(MessageWords);
  return message ? (
    <p id={id} className="flex items-start gap-1.5 text-sm font-semibold text-red-700">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <span className="sr-only">{formText.errorPrefix}</span> {words(message)}
      </span>
    </p>
  ) : null;
}

/** Marks a field in error with a red bar on its left, as GOV.UK does. */
export function ErrorBar({ error, children }: { error?: string; children: ReactNode }) {
  return (
    <div className={`space-y-2 ${error ? '-ml-4 border-l-4 border-red-700 pl-3' : ''}`}>
      {children}
    </div>
  );
}
