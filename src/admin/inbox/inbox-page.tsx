import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { BarChart3 } from 'lucide-react';
import { buttonClasses } from '../../components/button-link';
import { PageTitle } from '../../components/page-title';
import { adminText } from '../../content/admin';
import { BackupNotice } from './notices/backup-notice';
import type { BackupState, FailedSignIns, MailState, RetentionHold } from '../contract';
import { FailedSignInsNotice } from './notices/failed-sign-ins-notice';
import { MailNotice } from './notices/mail-notice';
import { InboxFilters, StatusTabs } from './inbox-filters';
import { hasFilters } from './inbox-query';
import { InboxList } from './inbox-list';
import { LoadFailed } from '../shared/load-failed';
import { PageLink } from '../shared/page-link';
import { RetentionHoldNotice } from './notices/retention-hold-notice';
import { RetentionNote } from './notices/retention-note';
import { usePageFocus } from '../shared/use-page-focus';
import { useInbox } from './use-inbox';

const text = adminText.inbox;

interface InboxPageProps {
  seenBefore: number;
  /** Once the list has shown: the inbox fetches what comes next (a submission's page) then. */
  onShown?: (() => void) | undefined;
  /** The failed sign-ins to the owner's account since the last visit, shown above the list. */
  failedSignIns?: FailedSignIns | undefined;
  /** The nightly backups' state, a line above the list. */
  backups?: BackupState | undefined;
  /** The e-mails waiting for the mail relay: a notice above the list when they wait too long. */
  mail?: MailState | undefined;
  /** A retention pass the guard stopped, waiting for the owner's word. */
  retentionHold?: RetentionHold | undefined;
}

export function InboxPage({
  seenBefore,
  failedSignIns,
  backups,
  mail,
  retentionHold,
  onShown,
}: InboxPageProps) {
  const [params, setParams] = useSearchParams();
  const { state, loadMore, retry } = useInbox(params);
  const headingRef = usePageFocus<HTMLHeadingElement>();
  const shown = state.status === 'ready';
  useEffect(() => {
    if (shown) onShown?.();
  }, [shown, onShown]);
  const change = useCallback(
    (next: URLSearchParams) => setParams(next, { replace: true }),
    [setParams],
  );

  return (
    <div className="space-y-5">
      <PageTitle title={adminText.appName} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1
          id="inbox-heading"
          ref={headingRef}
          tabIndex={-1}
          className="font-display text-3xl font-bold"
        >
          {text.heading}
        </h1>
        <PageLink to="/weekly" icon={BarChart3}>
          {text.weeklyLink}
        </PageLink>
      </div>
      <FailedSignInsNotice failed={failedSignIns} />
      <MailNotice mail={mail} />
      <BackupNotice backups={backups} />
      <RetentionHoldNotice hold={retentionHold} onStarted={retry} />
      <StatusTabs params={params} page={state.status === 'ready' ? state : undefined} />
      <InboxFilters params={params} onChange={change} />
      <p role="status" className="text-slate-700">
        {state.status === 'ready' && state.items.length > 0
          ? text.shown(state.items.length, state.next !== null)
          : ''}
      </p>
      {state.status === 'loading' && <p className="text-slate-600">{adminText.loading}</p>}
      {state.status === 'failed' && (
        <LoadFailed message={text.loadFailed} retry={text.retry} onRetry={retry} />
      )}
      {state.status === 'ready' && state.items.length === 0 && (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          {hasFilters(params) ? text.empty : text.emptyInbox}
        </p>
      )}
      {state.status === 'ready' && state.items.length > 0 && (
        <InboxList items={state.items} seenBefore={seenBefore} search={params.toString()} />
      )}
      {state.status === 'ready' && state.next && (
        <button
          type="button"
          onClick={() => void loadMore()}
          disabled={state.loadingMore}
          className={`${buttonClasses('secondary', 'md')} w-full sm:w-auto`}
        >
          {state.loadingMore ? text.loadingMore : text.more}
        </button>
      )}
      <RetentionNote />
    </div>
  );
}
