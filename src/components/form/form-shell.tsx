import type { BaseSyntheticEvent, ReactNode } from 'react';
import {
  FormProvider,
  useFormContext,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { formText } from '../../content/forms';
import { ErrorSummary } from './error-summary';
import { fieldId, FormIdContext } from './field-context';
import { HoneypotField } from './honeypot-field';
import { SubmitButton } from './submit-button';

interface FormShellProps<TInput extends FieldValues, TOutput> {
  /** Prefix of every id in the form. */
  id: string;
  form: UseFormReturn<TInput, unknown, TOutput>;
  /** The fields in page order, for the error summary. */
  fieldOrder: readonly string[];
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  sending: boolean;
  honeypot: { value: string; onChange: (value: string) => void };
  submitLabel: string;
  /** Shown just above the button, e.g. that a send failed. */
  beforeSubmit?: ReactNode;
  children: ReactNode;
}

function Summary({ formId, fieldOrder }: { formId: string; fieldOrder: readonly string[] }) {
  const {
    setFocus,
    formState: { errors, isSubmitted },
  } = useFormContext();
  const items = isSubmitted
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
  form,
  fieldOrder,
  onSubmit,
  sending,
  honeypot,
  submitLabel,
  beforeSubmit,
  children,
}: FormShellProps<TInput, TOutput>) {
  return (
    <FormProvider {...form}>
      <FormIdContext value={id}>
        <form
          id={id}
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          aria-busy={sending}
          className="relative space-y-10 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
        >
          <p className="text-slate-600">{formText.requiredNote}</p>
          <Summary formId={id} fieldOrder={fieldOrder} />
          {children}
          <HoneypotField id={`${id}-gotcha`} {...honeypot} />
          <div className="space-y-6 border-t border-slate-200 pt-8">
            {beforeSubmit}
            <SubmitButton label={submitLabel} sending={sending} />
          </div>
        </form>
      </FormIdContext>
    </FormProvider>
  );
}
