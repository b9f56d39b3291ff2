import { useSyncExternalStore } from 'react';
import { RefreshCw, WifiOff } from 'lucide-react';
import { buttonClasses } from '../../components/button-link';
import { adminText } from '../../content/admin';
import { appUpdate } from './app-update';
import { isOffline, subscribeToConnection } from './connection';

const text = adminText.shell;

/**
 * The frame's notices about the app itself (docs/push.md, "The installable inbox"): offline, and a
 * new version ready, each a polite live region (role status) as the inbox's other notices;
 * nothing (and no room) otherwise.
 */
export function ShellNotices() {
  const offline = useSyncExternalStore(subscribeToConnection, isOffline, () => false);
  const update = useSyncExternalStore(appUpdate.subscribe, appUpdate.state, () => 'none' as const);
  return (
    <div className="container-page empty:hidden">
      {offline && (
        <p
          role="status"
          className="mt-3 flex items-start gap-2 rounded-md border-l-4 border-amber-600 bg-amber-50 p-3 text-slate-900"
        >
          <WifiOff aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-800" />
          {text.offline}
        </p>
      )}
      {update !== 'none' && (
        <div
          role="status"
          className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-md border-l-4 border-navy-700 bg-navy-50 p-3 text-slate-900"
        >
          <p>{text.updateReady}</p>
          <button
            type="button"
            onClick={appUpdate.apply}
            disabled={update === 'updating'}
            className={buttonClasses('primary', 'md')}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            {update === 'updating' ? text.updating : text.update}
          </button>
        </div>
      )}
    </div>
  );
}
