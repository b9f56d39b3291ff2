import { useEffect, useRef, useState, type RefObject } from 'react';
import { Download, Trash2 } from 'lucide-react';
import { buttonClasses } from '../../components/button-link';
import { adminText } from '../../content/admin';
import { adminApi } from '../api';
import type { PersonErased, PersonSubmission, SubmissionDetail } from '../contract';
import { DetailCard } from '../shared/detail-card';
import { formatTime } from '../shared/format';

const text = adminText.person;
/** The button that erases: red, apart from every other action. */
const DANGER =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-red-800 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-900 disabled:cursor-not-allowed disabled:opacity-70';

type Step =
  | { step: 'idle' | 'finding' | 'find-failed' }
  | { step: 'confirming' | 'erasing' | 'erase-failed'; found: PersonSubmission[] };

/** The confirmation: the person's submissions listed, Cancel focused first. */
function EraseDialog({
  dialogRef,
  state,
  onCancel,
  onClose,
  onConfirm,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  state: Step;
  onCancel: () => void;
  onClose: () => void;
  onConfirm: (found: PersonSubmission[]) => void;
}) {
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="erase-person-title"
      onClose={onClose}
      className="m-auto w-[min(36rem,calc(100%-2rem))] rounded-lg bg-white p-5 text-slate-900 backdrop:bg-slate-900/60"
    >
      {'found' in state && (
        <>
          <h2 id="erase-person-title" className="text-xl font-bold">
            {text.dialogTitle}
          </h2>
          <p className="mt-2">{text.dialogIntro(state.found.length)}</p>
          <ul className="mt-3 max-h-64 list-disc space-y-1 overflow-y-auto pl-5">
            {state.found.map((item) => (
              <li key={item.id}>
                {text.item(
                  adminText.forms[item.form] ?? item.form,
                  item.name,
                  formatTime(item.receivedAt),
                  adminText.statuses[item.status],
                  item.files,
                )}
              </li>
            ))}
          </ul>
          {state.step === 'erase-failed' && (
            <p role="alert" className="mt-3 text-red-800">
              {text.eraseFailed}
            </p>
          )}
          <div className="mt-5 flex flex-wrap justify-end gap-3">
            <button
              type="button"
              autoFocus
              onClick={onCancel}
              className={buttonClasses('outline', 'md')}
            >
              {text.cancel}
            </button>
            <button
              type="button"
              onClick={() => onConfirm(state.found)}
              disabled={state.step === 'erasing'}
              className={DANGER}
            >
              {state.step === 'erasing' ? text.erasing : text.confirm(state.found.length)}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}

/**
 * The person's data: a download of everything kept about them, and 'Erase this person', which
 * lists their submissions in a modal dialog (the browser's own: focus kept inside, Escape cancels)
 * and erases them only when confirmed.
 */
export function PersonCard({
  detail,
  onErased,
}: {
  detail: SubmissionDetail;
  onErased: (erased: PersonErased) => void;
}) {
  const [state, setState] = useState<Step>({ step: 'idle' });
  const dialog = useRef<HTMLDialogElement>(null);
  const open = 'found' in state;

  useEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) element.showModal();
  }, [open]);

  async function find() {
    setState({ step: 'finding' });
    try {
      const { submissions } = await adminApi.person(detail.id);
      setState({ step: 'confirming', found: submissions });
    } catch {
      setState({ step: 'find-failed' });
    }
  }

  async function erase(found: PersonSubmission[]) {
    setState({ step: 'erasing', found });
    try {
      const erased = await adminApi.erasePerson(
        detail.id,
        found.map((item) => item.id),
      );
      dialog.current?.close();
      onErased(erased);
    } catch {
      setState({ step: 'erase-failed', found });
    }
  }

  return (
    <DetailCard id="person-heading" title={text.heading}>
      <p className="mt-2 text-slate-700">{text.intro}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <a
          href={adminApi.personExportUrl(detail.id)}
          download
          className={buttonClasses('outline', 'md')}
        >
          <Download aria-hidden="true" className="size-4" />
          {text.download}
        </a>
        <button
          type="button"
          onClick={() => void find()}
          disabled={state.step === 'finding'}
          className={buttonClasses('outline', 'md')}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {state.step === 'finding' ? text.finding : text.erase}
        </button>
      </div>
      {state.step === 'find-failed' && (
        <p role="alert" className="mt-3 text-red-800">
          {text.findFailed}
        </p>
      )}
      <EraseDialog
        dialogRef={dialog}
        state={state}
        onCancel={() => dialog.current?.close()}
        onClose={() => setState({ step: 'idle' })}
        onConfirm={(found) => void erase(found)}
      />
    </DetailCard>
  );
}
