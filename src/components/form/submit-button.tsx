import { LoaderCircle } from 'lucide-react';
import { formText } from '../../content/forms';
import { buttonClasses } from '../button-link';

/** The submit button: disabled with a spinner while sending, announced through a status region. */
export function SubmitButton({ label, sending }: { label: string; sending: boolean }) {
  return (
    <div>
      <button
        type="submit"
        disabled={sending}
        className={`${buttonClasses('primary', 'lg')} w-full sm:w-auto sm:min-w-56`}
      >
        {sending && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
        {sending ? formText.submitting : label}
      </button>
      <p role="status" className="sr-only">
        {sending ? formText.submitting : ''}
      </p>
    </div>
  );
}
