import { adminText } from '../../content/admin';
import type { SubmissionStatus } from '../contract';

const colours: Record<SubmissionStatus, string> = {
  new: 'bg-blue-100 text-blue-900 ring-blue-300',
  in_progress: 'bg-amber-100 text-amber-900 ring-amber-300',
  handled: 'bg-green-100 text-green-900 ring-green-300',
  spam: 'bg-slate-200 text-slate-800 ring-slate-300',
};

export function StatusBadge({ status }: { status: SubmissionStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${colours[status]}`}
    >
      {adminText.statuses[status]}
    </span>
  );
}
