import { RefusalAlert } from './problem-list';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Eye, History } from 'lucide-react';
import { buttonClasses } from '../../../components/button-link';
import { siteEditorText } from '../../../content/admin-site';
import { siteApi } from '../../api';
import type { SiteVersions } from '../../site-contract';
import { LoadFailed } from '../../shared/load-failed';
import { reasonOf } from './errors';
import { PreviewResult, usePreview } from './preview-panel';
import { formatSiteTime } from './site-format';

const text = siteEditorText.history;

type Version = SiteVersions['versions'][number];
type VersionsState = { status: 'loading' | 'failed' } | { status: 'ready'; versions: Version[] };
type RestoreState =
  | { status: 'idle' }
  | { status: 'running'; version: number }
  | { status: 'done'; version: number; from: number }
  | { status: 'failed'; reason: string };

function useVersions(refreshKey: number) {
  const [state, setState] = useState<VersionsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    siteApi.versions().then(
      ({ versions }) => current && setState({ status: 'ready', versions }),
      () => current && setState((now) => (now.status === 'ready' ? now : { status: 'failed' })),
    );
    return () => {
      current = false;
    };
  }, [refreshKey, attempt]);
  const retry = () => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  };
  return { state, retry };
}

/** Asked in the page: restoring publishes the version again, as a new one. */
function RestoreConfirm({
  version,
  onYes,
  onCancel,
}: {
  version: number;
  onYes: () => void;
  onCancel: () => void;
}) {
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => yes.current?.focus(), []);
  const questionId = `restore-question-${version}`;
  return (
    <div
      role="group"
      aria-labelledby={questionId}
      className="space-y-3 rounded-md border-2 border-gold-400 bg-gold-50 p-4"
    >
      <p id={questionId} className="font-semibold text-navy-950">
        {text.confirm(version)}
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          ref={yes}
          type="button"
          onClick={onYes}
          className={buttonClasses('secondary', 'md')}
        >
          {text.confirmYes(version)}
        </button>
        <button type="button" onClick={onCancel} className={buttonClasses('outline', 'md')}>
          {text.cancel}
        </button>
      </div>
    </div>
  );
}

interface VersionProps {
  version: Version;
  confirming: boolean;
  onPreview: () => void;
  onRestoreAsk: () => void;
  onRestore: () => void;
  onCancel: () => void;
  preview?: ReactNode;
}

/** How many of a version's lines show at once: a whole-site rewrite has hundreds. */
const SHOWN_CHANGES = 8;

const changeListClass = 'list-disc space-y-1 pl-5 break-words text-slate-900';

/** A version's lines; past the first few, behind 'N more changes'. */
function ChangeList({ changes }: { changes: readonly string[] }) {
  const rest = changes.slice(SHOWN_CHANGES);
  return (
    <>
      <ul className={changeListClass}>
        {changes.slice(0, SHOWN_CHANGES).map((change, index) => (
          <li key={index}>{change}</li>
        ))}
      </ul>
      {rest.length > 0 && (
        <details>
          <summary className="min-h-6 cursor-pointer text-navy-700">
            {text.moreChanges(rest.length)}
          </summary>
          <ul className={`${changeListClass} mt-1`}>
            {rest.map((change, index) => (
              <li key={index}>{change}</li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

function VersionItem({
  version: v,
  confirming,
  onPreview,
  onRestoreAsk,
  onRestore,
  onCancel,
  preview,
}: VersionProps) {
  const restoreId = `restore-version-${v.version}`;
  return (
    <li className="space-y-3 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
      <h3 className="text-lg font-bold">{text.version(v.version)}</h3>
      <p className="text-slate-700">{text.by(formatSiteTime(v.publishedAt), v.publishedBy)}</p>
      {v.restoredFrom !== null && (
        <p className="text-slate-700">{text.restoredFrom(v.restoredFrom)}</p>
      )}
      {v.changes.length > 0 ? (
        <ChangeList changes={v.changes} />
      ) : (
        <p className="text-slate-600">{text.noChanges}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={onPreview} className={buttonClasses('outline', 'md')}>
          <Eye aria-hidden="true" className="size-4" />
          {text.preview(v.version)}
        </button>
        <button
          id={restoreId}
          type="button"
          onClick={onRestoreAsk}
          className={buttonClasses('outline', 'md')}
        >
          <History aria-hidden="true" className="size-4" />
          {text.restore(v.version)}
        </button>
      </div>
      {confirming && (
        <RestoreConfirm
          version={v.version}
          onYes={onRestore}
          onCancel={() => {
            onCancel();
            document.getElementById(restoreId)?.focus();
          }}
        />
      )}
      {preview}
    </li>
  );
}

function restoreLine(restore: RestoreState): string {
  if (restore.status === 'running') return text.restoring(restore.version);
  if (restore.status === 'done') return text.restored(restore.version, restore.from);
  return '';
}

/** Every published version: what changed, its preview, and its restore (asked first). */
export function HistoryPanel({
  refreshKey,
  onRestored,
}: {
  refreshKey: number;
  onRestored: () => void;
}) {
  const { state, retry } = useVersions(refreshKey);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [restore, setRestore] = useState<RestoreState>({ status: 'idle' });
  const [previewOf, setPreviewOf] = useState<number | null>(null);
  const preview = usePreview();

  const restoreVersion = async (version: number) => {
    setConfirming(null);
    setRestore({ status: 'running', version });
    try {
      const done = await siteApi.restoreVersion(version);
      setRestore({ status: 'done', version: done.version, from: version });
      onRestored();
    } catch (error) {
      setRestore({ status: 'failed', reason: reasonOf(error) });
    }
  };
  const showPreview = (version: number) => {
    setPreviewOf(version);
    void preview.run(() => siteApi.previewVersion(version));
  };

  return (
    <div className="mt-3 space-y-4">
      <p className="text-slate-700">{text.intro}</p>
      <p role="status" className="font-semibold text-green-800">
        {restoreLine(restore)}
      </p>
      {restore.status === 'failed' && (
        <RefusalAlert>{text.restoreFailed(restore.reason)}</RefusalAlert>
      )}
      {state.status === 'loading' && <p className="text-slate-600">{siteEditorText.loading}</p>}
      {state.status === 'failed' && (
        <LoadFailed message={text.loadFailed} retry={siteEditorText.retry} onRetry={retry} />
      )}
      {state.status === 'ready' && state.versions.length === 0 && (
        <p className="text-slate-700">{text.empty}</p>
      )}
      {state.status === 'ready' && state.versions.length > 0 && (
        <ol className="space-y-4">
          {state.versions.map((version) => (
            <VersionItem
              key={version.version}
              version={version}
              confirming={confirming === version.version}
              onPreview={() => showPreview(version.version)}
              onRestoreAsk={() => setConfirming(version.version)}
              onRestore={() => void restoreVersion(version.version)}
              onCancel={() => setConfirming(null)}
              preview={
                previewOf === version.version ? (
                  <PreviewResult
                    state={preview.state}
                    onClose={() => {
                      preview.close();
                      setPreviewOf(null);
                    }}
                  />
                ) : undefined
              }
            />
          ))}
        </ol>
      )}
    </div>
  );
}
