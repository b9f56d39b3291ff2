import { useMemo, useRef, useState, type BaseSyntheticEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type Path,
  type Resolver,
} from 'react-hook-form';
import { clearDraft, readDraft, useDraft, type DraftValues } from './draft';
import { postJson, type Attachment, type SentBody } from './post-json';

interface SentFormOptions<TInput extends DraftValues, TOutput, TBody> {
  resolver: Resolver<TInput, unknown, TOutput>;
  emptyValues: TInput;
  /** The sessionStorage key of the draft. */
  draftKey: string;
  /**
   * The fields in page order: a failed submit focuses the first invalid one. It may name a field
   * outside the values, such as a file input registered by its ref only.
   */
  fieldOrder: readonly string[];
  endpoint: string;
  toBody: (values: TOutput, honeypot: string) => TBody;
  /** A file to send with the body; the form then goes as multipart/form-data. */
  attachment?: Attachment;
  onSent: () => void;
  onFailed?: () => void;
}

/**
 * A form that validates on submit (re-validating on change), keeps a draft, focuses the first
 * invalid field, and POSTs its body once at a time.
 */
export function useSentForm<TInput extends DraftValues, TOutput, TBody extends SentBody>({
  resolver,
  emptyValues,
  draftKey,
  fieldOrder,
  endpoint,
  toBody,
  attachment,
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
  const draftFields = useMemo(() => Object.keys(emptyValues), [emptyValues]);
  useDraft(draftKey, form.watch, draftFields);
  const [honeypot, setHoneypot] = useState('');
  const [failed, setFailed] = useState(false);
  const inFlight = useRef(false);

  const send = async (values: TOutput) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setFailed(false);
    try {
      if (await postJson(endpoint, toBody(values, honeypot), attachment)) {
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
    // A name with an error is a registered field, also when it is not one of the typed values.
    if (first) form.setFocus(first as Path<TInput>);
  };

  return {
    form,
    onSubmit: (event?: BaseSyntheticEvent) => form.handleSubmit(send, focusFirstError)(event),
    sending: form.formState.isSubmitting,
    failed,
    honeypot: { value: honeypot, onChange: setHoneypot },
  };
}
