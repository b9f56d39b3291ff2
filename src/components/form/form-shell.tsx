import { useEffect, useRef, type BaseSyntheticEvent, type ReactNode } from 'react';
import {
  FormProvider,
  useFormContext,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { formsContent } from '../../content/forms';
import { language } from '../../content/language';
import { FORM_READY_ATTRIBUTE, FORM_READY_VALUE } from '../../forms/held-submit';
import { LANGUAGE_FIELD } from '../../forms/posted';
import { usePostedForm } from '../../forms/posted-form';
import type { MessageTable } from '../../forms/published-message';
import { ErrorSummary } from './error-summary';
import { FormMessages } from './form-messages';
import { fieldId, FormIdContext } from './field-context';
import { HoneypotField } from './honeypot-field';
import { SubmitButton } from './submit-button';
import { useContent } from '../../content/use-content';

interface FormShellProps<TInput extends FieldValues, TOutput> {
  /** Prefix of every id in the form. */
  id: string;
  /** Where the form posts without JavaScript (the script sends the same to it as JSON). */
  action: string;
  /** A form with a file posts as multipart/form-data without JavaScript. */
  withFile?: boolean;
  /**
   * The sessionStorage key of the form's draft: the page's first script (src/enhance.ts) starts
   * the app at once when there is one to restore, otherwise on the visitor's first use.
   */
  draftKey?: string;
  form: UseFormReturn<TInput, unknown, TOutput>;
  /** The fields in page order, for the error summary. */
  fieldOrder: readonly string[];
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  sending: boolean;
  honeypot: { value: string; onChange: (value: string) => void };
  /** Called when a field of the form first has focus (the proof of work starts then). */
  onFirstFocus?: () => void;
  submitLabel: string;
  /** The form's own messages (its content's), which the owner may have published anew. */
  messages: MessageTable;
  /** Shown just above the button, e.g. that a send failed. */
  beforeSubmit?: ReactNode;
  children: ReactNode;
}

function Summary({ formId, fieldOrder }: { formId: string; fieldOrder: readonly string[] }) {
  const {
    setFocus,
    formState: { errors, isSubmitted },
  } = useFormContext();
  // A post without JavaScript came back with its messages (posted-form.ts).
  const posted = usePostedForm();
  const items =
    isSubmitted || posted
      ? fieldOrder.flatMap((name) => {
          const message = errors[name]?.message;
          return typeof message === 'string'
            ? [{ name, message, targetId: fieldId(formId, name) }]
            : [];
        })
      : [];
  return <ErrorSummary id={`${formId}-summary`} items={items} onSelect={setFocus} />;
}

/** A form with its fields' context, error summary, spam trap and submit button. */
export function FormShell<TInput extends FieldValues, TOutput>({
  id,
  action,
  withFile = false,
  draftKey,
  form,
  fieldOrder,
  onSubmit,
  sending,
  honeypot,
  onFirstFocus,
  submitLabel,
  messages,
  beforeSubmit,
  children,
}: FormShellProps<TInput, TOutput>) {
  const { formText } = useContent(formsContent);
  const element = useRef<HTMLFormElement>(null);
  // The app runs the form from now on: a Send held until now goes to it (forms/held-submit.ts);
  // the page's first script and the browser tests read this too.
  useEffect(() => {
    element.current?.setAttribute(FORM_READY_ATTRIBUTE, FORM_READY_VALUE);
    // The focus that woke the app (src/enhance.ts) came before this form was React's.
    if (element.current?.contains(document.activeElement)) onFirstFocus?.();
  }, [onFirstFocus]);
  return (
    <FormProvider {...form}>
      <FormMessages messages={messages}>
        <FormIdContext value={id}>
          {/* Without JavaScript an ordinary post to the receiver, which answers with a page. */}
          <form
            ref={element}
            id={id}
            data-draft-key={draftKey}
            method="post"
            action={action}
            encType={withFile ? 'multipart/form-data' : 'application/x-www-form-urlencoded'}
            noValidate
            onSubmit={(event) => void onSubmit(event)}
            onFocus={onFirstFocus}
            aria-busy={sending}
            className="relative space-y-10 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
          >
            <p className="text-slate-600">{formText.requiredNote}</p>
            <Summary formId={id} fieldOrder={fieldOrder} />
            {children}
            <HoneypotField id={`${id}-gotcha`} {...honeypot} />
            <input type="hidden" name={LANGUAGE_FIELD} value={language.code} />
            <div className="space-y-6 border-t border-slate-200 pt-8">
              {beforeSubmit}
              <SubmitButton label={submitLabel} sending={sending} />
            </div>
          </form>
        </FormIdContext>
      </FormMessages>
    </FormProvider>
  );
}
