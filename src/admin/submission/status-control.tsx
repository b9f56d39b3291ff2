import { useState } from 'react';
import { adminText } from '../../content/admin';
import { submissionStatuses, type SubmissionDetail, type SubmissionStatus } from '../contract';
import { withMissedAcknowledgement } from './missed-acknowledgement';
import { SaveMessage } from './save-message';
import { useSave } from './use-save';

const text = adminText.submission;

/** The status as a radio group: choosing one shows and saves it at once (back if not saved). */
export function StatusControl({
  detail,
  onChange,
}: {
  detail: SubmissionDetail;
  onChange: (detail: SubmissionDetail) => void;
}) {
  const { save, message } = useSave(detail, onChange);
  const [chosen, setChosen] = useState<SubmissionStatus>();
  const shown = chosen ?? detail.status;

  async function choose(status: SubmissionStatus) {
    setChosen(status);
    await save({ status }, (saved) =>
      withMissedAcknowledgement(text.statusSaved(adminText.statuses[status]), saved),
    );
    // A later choice may be on its way: only the last one's save ends the wait.
    setChosen((current) => (current === status ? undefined : current));
  }

  return (
    <section className="rounded-lg border border-slate-200 bg-white p-5">
      <fieldset>
        <legend className="text-xl font-bold text-navy-950">{text.statusLegend}</legend>
        <div className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4 md:grid-cols-2">
          {submissionStatuses.map((status) => (
            <label
              key={status}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 hover:border-navy-600 has-checked:border-navy-900 has-checked:bg-navy-50 has-checked:font-semibold"
            >
              <input
                type="radio"
                name="status"
                value={status}
                checked={shown === status}
                onChange={() => void choose(status)}
                className="size-5 accent-navy-800"
              />
              {adminText.statuses[status]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-3">
        <SaveMessage message={message} />
      </div>
    </section>
  );
}
