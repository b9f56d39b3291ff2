import { adminText } from '../../../content/admin';
import type { BackupState } from '../../contract';
import { formatTime } from '../../shared/format';

const text = adminText.backups;

/**
 * The nightly backups' state (SessionInfo's `backups`): a quiet line with the last good copy, a
 * warning when it is older than two days or there is none, a gentle note when they are not set
 * up. Nothing on Postgres (no state), whose backups the server does not make.
 */
export function BackupNotice({ backups }: { backups: BackupState | undefined }) {
  if (!backups) return null;
  if (!backups.configured) return <p className="text-sm text-slate-700">{text.notSetUp}</p>;
  const failed = backups.failedAt === null ? '' : text.lastFailed(formatTime(backups.failedAt));
  if (!backups.overdue && backups.lastGoodAt !== null) {
    return (
      <p className="text-sm text-slate-700">
        {text.lastGood(formatTime(backups.lastGoodAt))}
        {failed}
      </p>
    );
  }
  return (
    <p
      role="alert"
      className="rounded-md border-l-4 border-amber-600 bg-amber-50 p-3 text-slate-900"
    >
      {backups.lastGoodAt === null ? text.none : text.overdue(formatTime(backups.lastGoodAt))}
      {failed}
    </p>
  );
}
