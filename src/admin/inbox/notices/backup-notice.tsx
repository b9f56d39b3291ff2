import { adminText } from '../../../content/admin';
import { fileSize } from '../../../forms/resume';
import type { BackupState, OtherCopies } from '../../contract';
import { formatAge, formatTime } from '../../shared/format';

const text = adminText.backups;

/** The copies beside the nightly ones, in one sentence: how many of each kind, their size, the oldest. */
function othersText(others: OtherCopies): string {
  const kinds = (['beforeUpgrade', 'beforeRestore', 'byHand'] as const)
    .filter((kind) => others[kind] > 0)
    .map((kind) => text.kinds[kind](others[kind]))
    .join(', ');
  const count = others.beforeUpgrade + others.beforeRestore + others.byHand;
  return (
    text.others(count, fileSize(others.bytes), kinds, formatAge(others.oldestAt)) + text.othersKept
  );
}

/** The main line: the last good copy, a warning, or the note that backups are not set up. */
function MainLine({ backups }: { backups: BackupState }) {
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

/**
 * The nightly backups' state (SessionInfo's `backups`): a quiet line with the last good copy, a
 * warning when it is older than two days or there is none, a gentle note when they are not set
 * up; then, when there are any, the other copies kept (before an upgrade, before a restore, by
 * hand) with their size and the oldest one's age, so that the owner knows what fills the disk.
 * Nothing on Postgres (no state), whose backups the server does not make.
 */
export function BackupNotice({ backups }: { backups: BackupState | undefined }) {
  if (!backups) return null;
  return (
    <>
      <MainLine backups={backups} />
      {backups.others && <p className="text-sm text-slate-700">{othersText(backups.others)}</p>}
    </>
  );
}
