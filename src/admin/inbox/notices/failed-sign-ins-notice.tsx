import { adminText } from '../../../content/admin';
import type { FailedSignIns } from '../../contract';
import { formatTime } from '../../shared/format';

/**
 * The failed sign-ins to the owner's account since the last visit (server/admin/failed-sign-ins.ts):
 * how many, from how many addresses, the last one's time. Nothing when there were none.
 */
export function FailedSignInsNotice({ failed }: { failed: FailedSignIns | undefined }) {
  if (!failed || failed.count === 0) return null;
  return (
    <p className="rounded-md border-l-4 border-amber-600 bg-amber-50 p-3 text-slate-900">
      {adminText.failedSignIns(failed.count, failed.sources, formatTime(failed.lastAt))}
    </p>
  );
}
