import { useRef, useState, type BaseSyntheticEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type Path,
  type Resolver,
} from 'react-hook-form';
import { clearDraft, readDraft, useDraft, type DraftValues } from './draft';
import { postJson } from './post-json';

interface SentFormOptions<TInput extends DraftValues, TOutput, TBody> {
  resolver: Resolver<TInput, unknown, TOutput>;
  emptyValues: TInput;
  /** The sessionStorage key of the draft. */
  draftKey: string;
  /** The fields in page order: a failed submit focuses the first invalid one. */
  fieldOrder: readonly Path<TInput>[];
  endpoint: string;
  toBody: (values: TOutput, honeypot: string) => TBody;
  onSent: () => void;
  onFailed?: () => void;
}

/**
 * A form that validates on submit (re-validating on change), keeps a draft, focuses the first
 * invalid field, and POSTs its body once at a time.
 */
export function useSentForm<TInput extends DraftValues, TOutput, TBody>({
  resolver,
  emptyValues,
  draftKey,
  fieldOrder,
  endpoint,
  toBody,
  onSent,
  onFailed,
}: SentFormOptions<TInput, TOutput, TBody>) {
  const [defaultValues] = useState(() => readDraft(draftKey, emptyValues));
  const form = useForm<TInput, unknown, TOutput>({
    resolver,
    // A full set of values is a valid DefaultValues; TypeScript cannot see it through the generic.
    defaultValues: defaultValues as DefaultValues<TInput>,
    shouldFocusError: false,
  });
  useDraft(draftKey, form.watch);
  const [honeypot, setHoneypot] = useState('');
  const [failed, setFailed] = useState(false);
  const inFlight = useRef(false);

  const send = async (values: TOutput) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setFailed(false);
    try {
      if (await postJson(endpoint, toBody(values, honeypot))) {
        clearDraft(draftKey);
        onSent();
      } else {
        setFailed(true);
        onFailed?.();
      }
    } finally {
      inFlight.current = false;
    }
  };

  const focusFirstError = (errors: FieldErrors<TInput>) => {
    const first = fieldOrder.find((name) => name in errors);
    if (first) form.setFocus(first);
  };

  return {
    form,
    onSubmit: (event?: BaseSyntheticEvent) => form.handleSubmit(send, focusFirstError)(event),
    sending: form.formState.isSubmitting,
    failed,
    honeypot: { value: honeypot, onChange: setHoneypot },
  };
}
