import { useState } from 'react';
import { adminText } from '../../content/admin';
import type { SubmissionDetail } from '../contract';
import { DetailCard } from '../shared/detail-card';
import { withMissedAcknowledgement } from './missed-acknowledgement';
import { SaveMessage } from './save-message';
import { useSave } from './use-save';

const text = adminText.submission.spam;

/**
 * Why a submission went to Spam, in words, and the one tap that takes it back to New. The server
 * then sends the sender the acknowledgement they missed (under 7 days old, never twice), and the
 * page says so; no notification: the owner is looking at it already.
 */
export function SpamNotice({
  detail,
  onChange,
}: {
  detail: SubmissionDetail;
  onChange: (detail: SubmissionDetail) => void;
}) {
  const { save, saving, message } = useSave(detail, onChange);
  // Once taken back to New, only the message that says so stays.
  const [wasSpam] = useState(detail.status === 'spam');
  if (!wasSpam) return null;
  if (detail.status !== 'spam') return <SaveMessage message={message} />;
  const reasons = detail.spam?.reasons ?? [];
  return (
    <DetailCard id="spam-heading" title={text.heading}>
      <p className="mt-2 text-slate-700">
        {detail.acknowledgement.state === 'off' ? text.intro : text.introAcknowledged}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-900">
        {reasons.map((code) => (
          <li key={code}>{text.reasons[code] ?? text.unknownReason(code)}</li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          type="button"
          disabled={saving}
          onClick={() =>
            void save({ status: 'new' }, (saved) =>
              withMissedAcknowledgement(text.movedToNew, saved),
            )
          }
          className="min-h-11 rounded-md bg-navy-900 px-5 font-semibold text-white hover:bg-navy-800 disabled:opacity-60"
        >
          {text.notSpam}
        </button>
        <span className="text-sm text-slate-600">{text.notSpamHint}</span>
      </div>
      <div className="mt-3">
        <SaveMessage message={message} />
      </div>
    </DetailCard>
  );
}
