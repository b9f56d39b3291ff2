import { useMemo, useRef, useState, type BaseSyntheticEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type Path,
  type Resolver,
} from 'react-hook-form';
import { clearDraft, readDraft, useDraft, type DraftValues } from './draft';
import { usePostedForm } from './posted-form';
import { postJson, type Attachment, type SentBody } from './post-json';
import { proofOfWork } from './proof-of-work';
import { PROOF_OF_WORK_FIELD } from './rules';

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
  /** The file to send with the body, if any, read at the send; the form then goes as multipart/form-data. */
  attachment?: () => Attachment | undefined;
  onSent: () => void;
  onFailed?: () => void;
}

/** The receiver's messages as react-hook-form's errors. */
function postedErrors<T extends DraftValues>(errors: Record<string, string>): FieldErrors<T> {
  // Each key is one of the form's fields (the receiver read them from its schema).
  return Object.fromEntries(
    Object.entries(errors).map(([name, message]) => [name, { type: 'server', message }]),
  ) as FieldErrors<T>;
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
  // A post without JavaScript answered with the form again: its values and messages are the
  // server's (this render is the receiver's, posted-form.ts); otherwise the draft, if any.
  const posted = usePostedForm();
  const [defaultValues] = useState(() =>
    posted
      ? { ...emptyValues, ...posted.values }
      : typeof window === 'undefined'
        ? emptyValues
        : readDraft(draftKey, emptyValues),
  );
  const form = useForm<TInput, unknown, TOutput>({
    resolver,
    // A full set of values is a valid DefaultValues; TypeScript cannot see it through the generic.
    defaultValues: defaultValues as DefaultValues<TInput>,
    shouldFocusError: false,
    ...(posted ? { errors: postedErrors<TInput>(posted.errors) } : {}),
  });
  const draftFields = useMemo(() => Object.keys(emptyValues), [emptyValues]);
  useDraft(draftKey, form, draftFields);
  const [honeypot, setHoneypot] = useState('');
  const [failed, setFailed] = useState(false);
  const inFlight = useRef(false);
  // Started on the form's first focus (FormShell's onFirstFocus), taken by each send.
  const [work] = useState(() => proofOfWork(endpoint));

  const send = async (values: TOutput) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setFailed(false);
    try {
      const answer = await work.take();
      const body = { ...toBody(values, honeypot), [PROOF_OF_WORK_FIELD]: answer };
      if (await postJson(endpoint, body, attachment?.())) {
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
    onFirstFocus: work.start,
  };
}
