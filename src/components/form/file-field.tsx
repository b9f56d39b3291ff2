import { useEffect, useEffectEvent, useRef } from 'react';
import { useFormContext, type FieldValues } from 'react-hook-form';
import { FileText } from 'lucide-react';
import { useField, type FormFieldProps } from './field-context';
import { FieldFrame } from './field-frame';

interface FileFieldProps extends FormFieldProps {
  accept: string;
  /** The chosen file: what the visitor reads ('cv.pdf, 120 KB') and the remove button's name. */
  chosen?: { summary: string; removeLabel: string };
  removeText: string;
  /** A remark under the hint that does not block the send (e.g. a file lost on reload). */
  note?: string;
  /** Scrolls the field into view and focuses it once shown, for a link that leads to it. */
  focusOnMount?: boolean;
  /** Takes the chosen file (undefined when the choice is cleared); resolves to its problem. */
  onChoose: (file: File | undefined) => Promise<string | undefined>;
}

const inputClass = (error?: string) =>
  `block w-full cursor-pointer rounded-md border bg-white text-base text-slate-700 shadow-xs file:mr-4 file:min-h-11 file:cursor-pointer file:border-0 file:border-r file:border-slate-300 file:bg-navy-50 file:px-4 file:font-semibold file:text-navy-900 hover:file:bg-navy-100 ${
    error ? 'border-red-700 ring-1 ring-red-700' : 'border-slate-500'
  }`;

interface ChosenFileProps {
  summary: string;
  removeLabel: string;
  removeText: string;
  onRemove: () => void;
}

function ChosenFile({ summary, removeLabel, removeText, onRemove }: ChosenFileProps) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-slate-300 bg-slate-50 py-1 pr-1 pl-3">
      <FileText aria-hidden="true" className="size-5 shrink-0 text-navy-700" />
      <span className="min-w-0 flex-1 font-medium wrap-anywhere text-slate-900">{summary}</span>
      <button
        type="button"
        aria-label={removeLabel}
        onClick={onRemove}
        className="min-h-11 rounded-md px-3 font-semibold text-navy-800 underline underline-offset-2 hover:bg-navy-50 hover:text-navy-950"
      >
        {removeText}
      </button>
    </div>
  );
}

/**
 * A native file input, registered with the form by its ref only (for focus and the error summary):
 * the file itself stays with the caller, whose check becomes the field's error.
 */
export function FileField(props: FileFieldProps) {
  const { name, label, hint, optional, accept, chosen, removeText, note, focusOnMount } = props;
  const { id, error, registration } = useField(name);
  const { setError, clearErrors } = useFormContext<FieldValues>();
  const input = useRef<HTMLInputElement>(null);
  const latest = useRef(0);

  useEffect(() => {
    if (!focusOnMount) return;
    input.current?.scrollIntoView({ block: 'center' });
    input.current?.focus({ preventScroll: true });
  }, [focusOnMount]);

  const choose = async (file: File | undefined) => {
    const turn = ++latest.current;
    const problem = await props.onChoose(file);
    // A later choice has replaced this one while it was being read.
    if (turn !== latest.current) return;
    if (problem) setError(name, { type: 'validate', message: problem });
    else clearErrors(name);
  };

  // A file chosen in the page's HTML before the app took the form over is the chosen one.
  const takeChosenFile = useEffectEvent((file: File) => void choose(file));
  useEffect(() => {
    const file = input.current?.files?.[0];
    if (file) takeChosenFile(file);
  }, []);

  const remove = () => {
    if (input.current) input.current.value = '';
    void choose(undefined);
    input.current?.focus();
  };

  return (
    <FieldFrame
      id={id}
      label={label}
      hint={hint}
      optional={optional}
      error={error}
      note={note}
      renderMessages={(errorMessage) => (
        <div aria-live="polite" className="space-y-2">
          {chosen && <ChosenFile {...chosen} removeText={removeText} onRemove={remove} />}
          {errorMessage}
        </div>
      )}
    >
      {(control) => (
        <input
          type="file"
          name={registration.name}
          ref={(element) => {
            input.current = element;
            registration.ref(element);
          }}
          accept={accept}
          className={inputClass(error)}
          {...control}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      )}
    </FieldFrame>
  );
}
