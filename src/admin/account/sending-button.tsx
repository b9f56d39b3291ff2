import { LoaderCircle } from 'lucide-react';
import { buttonClasses } from '../../components/button-link';

/** A form's full-width submit button that spins and says so while the form is being sent. */
export function SendingButton({
  sending,
  label,
  sendingLabel,
}: {
  sending: boolean;
  label: string;
  sendingLabel: string;
}) {
  return (
    <button
      type="submit"
      disabled={sending}
      className={`${buttonClasses('secondary', 'lg')} w-full`}
    >
      {sending && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
      {sending ? sendingLabel : label}
    </button>
  );
}
