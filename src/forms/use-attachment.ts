import { useRef, useState, useSyncExternalStore } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import { clearDraft, readDraftText, writeDraft } from './draft';
import type { Attachment } from './post-json';

type Problem = Promise<string | undefined>;

const unchanging = () => () => {};
const noName = () => '';

interface AttachmentOptions<TInput extends FieldValues, TOutput> {
  /** The field's (and the sent part's) name. */
  name: string;
  /** What is wrong with a chosen file, in the words shown under the field. */
  check: (file: File) => Problem;
  /** Where the chosen file's name is kept: a draft cannot hold the file itself. */
  storageKey: string;
  /** The form's own resolver, which knows nothing of the file. */
  resolver: Resolver<TInput, unknown, TOutput>;
}

/**
 * The check of the file chosen last, and the form's resolver with its problem added: on submit,
 * react-hook-form replaces all errors with the resolver's, which would drop the file's error.
 */
function fileCheck<TInput extends FieldValues, TOutput>(
  resolver: Resolver<TInput, unknown, TOutput>,
  name: string,
  check: (file: File) => Problem,
) {
  let problem: Problem = Promise.resolve(undefined);
  const guarded: Resolver<TInput, unknown, TOutput> = async (values, context, options) => {
    // A submit right after a choice waits for its check.
    const [result, message] = await Promise.all([resolver(values, context, options), problem]);
    if (!message) return result;
    const errors = Object.assign({}, result.errors, { [name]: { type: 'validate', message } });
    return { values: {}, errors };
  };
  return {
    resolver: guarded,
    run: (file: File | undefined) => (problem = file ? check(file) : Promise.resolve(undefined)),
  };
}

/**
 * A file chosen in a form, kept beside react-hook-form (which holds text, not files): the file,
 * its check, and its name next to the draft, so that after a reload the form can ask for it again.
 */
export function useAttachment<TInput extends FieldValues, TOutput>({
  name,
  check,
  storageKey,
  resolver,
}: AttachmentOptions<TInput, TOutput>) {
  const [file, setFile] = useState<File>();
  // Read in the browser only: the HTML (prerendered, then hydrated) has no note.
  const storedName = useSyncExternalStore(unchanging, () => readDraftText(storageKey), noName);
  const [chosenSince, setChosenSince] = useState(false);
  const lostName = chosenSince ? '' : storedName;
  const [checker] = useState(() => fileCheck(resolver, name, check));
  // What a send takes: the file chosen last, also when the render that shows it has not come yet
  // (a file chosen in the HTML and a Send held until the app ran, forms/held-submit.ts).
  const chosen = useRef<File>(undefined);

  /** Takes a newly chosen file (undefined: none) and resolves to its problem. */
  const choose = (next: File | undefined): Problem => {
    chosen.current = next;
    setFile(next);
    setChosenSince(true);
    if (next) writeDraft(storageKey, next.name);
    else clearDraft(storageKey);
    return checker.run(next);
  };

  return {
    file,
    /** The name of a file chosen before the page reloaded, '' when there is none. */
    lostName,
    choose,
    resolver: checker.resolver,
    /** The file to send with the form, read when it is sent. */
    attachment: (): Attachment | undefined =>
      chosen.current ? { name, file: chosen.current } : undefined,
    /** After a successful send: nothing is waiting to be chosen again. */
    forget: () => clearDraft(storageKey),
  };
}
