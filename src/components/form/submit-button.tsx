import { LoaderCircle } from 'lucide-react';
import { formsContent } from '../../content/forms';
import { BUSY_LABEL_ATTRIBUTE } from '../../forms/held-submit';
import { buttonClasses } from '../button-link';
import { useContent } from '../../content/use-content';

/** The submit button: disabled with a spinner while sending, announced through a status region. */
export function SubmitButton({ label, sending }: { label: string; sending: boolean }) {
  const { formText } = useContent(formsContent);
  return (
    <div>
      <button
        type="submit"
        disabled={sending}
        // What a screen reader hears while a Send tapped before the app runs waits for it.
        {...{ [BUSY_LABEL_ATTRIBUTE]: formText.submitting }}
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
