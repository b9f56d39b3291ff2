import { useState } from 'react';
import { buttonClasses } from '../../components/button-link';
import { adminText } from '../../content/admin';

const text = adminText.signOutEverywhere;

/**
 * 'Sign out everywhere' (server: `/api/sign-out-everywhere`), away from the header's Sign out:
 * behind a disclosure, with a confirmation step, disabled while the request is pending. `onConfirm`
 * answers false when it failed (the account stays signed in; the reason is shown here).
 */
export function SignOutEverywhere({ onConfirm }: { onConfirm: () => Promise<boolean> }) {
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  async function confirm() {
    if (pending) return;
    setPending(true);
    setFailed(false);
    const done = await onConfirm();
    setPending(false);
    if (!done) setFailed(true);
  }

  return (
    <details className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-navy-950">
        {text.summary}
      </summary>
      <p className="mt-2 max-w-prose">{text.explain}</p>
      {confirming ? (
        <div role="group" aria-labelledby="sign-out-everywhere-confirm" className="mt-3">
          <p id="sign-out-everywhere-confirm" className="font-semibold text-navy-950">
            {text.confirm}
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <button
              type="button"
              disabled={pending}
              onClick={() => void confirm()}
              className={buttonClasses('secondary', 'md')}
            >
              {pending ? text.pending : text.confirmButton}
            </button>
            <button
              type="button"
              disabled={pending}
              onClick={() => setConfirming(false)}
              className={buttonClasses('outline', 'md')}
            >
              {text.cancel}
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          onClick={() => setConfirming(true)}
          className={`${buttonClasses('outline', 'md')} mt-3`}
        >
          {text.start}
        </button>
      )}
      {/* Inserted with its text, so that it is announced; no empty alert on every inbox page. */}
      {failed && (
        <p role="alert" className="mt-3 font-semibold text-red-800">
          {text.failed}
        </p>
      )}
    </details>
  );
}
