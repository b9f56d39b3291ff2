import { useState } from 'react';
import { Link } from 'react-router';
import { Eye } from 'lucide-react';
import { buttonClasses } from '../../components/button-link';
import { siteEditorText } from '../../content/admin-site';
import { siteParts } from '../../content/site-parts';
import { siteApi } from '../api';
import { DetailCard } from '../shared/detail-card';
import { LoadFailed } from '../shared/load-failed';
import type { SiteOverview } from '../site-contract';
import { fieldLink } from './fields/field-ids';
import { MailChecklist } from './mail-checklist';
import { HistoryPanel } from './publish/history-panel';
import { PreviewResult, usePreview } from './publish/preview-panel';
import { PublishPanel } from './publish/publish-panel';
import { formatSiteTime } from './publish/site-format';
import { useSiteOverview } from './use-site';
import { changedKeys } from './draft/working-copy';
import { staleTranslations, type StaleTranslation } from './draft/stale-translations';
import { PartStaleTranslations } from './publish/stale-translations';
import { PageHeading } from '../shared/page-heading';

const text = siteEditorText;
const linkClass = 'inline-block min-h-6 py-0.5 text-navy-700 underline hover:text-navy-900';

function StateCard({ overview }: { overview: SiteOverview }) {
  const { live, draft, published } = overview;
  const unpublished = changedKeys(draft.fields, published).length;
  const rows = [
    {
      term: text.state.live,
      value:
        live.version > 0 && live.publishedAt !== null
          ? text.state.liveVersion(
              live.version,
              formatSiteTime(live.publishedAt),
              live.publishedBy ?? '',
            )
          : text.state.nothingLive,
    },
    {
      term: text.state.draft,
      value: `${
        draft.updatedAt === null
          ? text.state.draftNever
          : `${text.state.draftSaved(formatSiteTime(draft.updatedAt), draft.updatedBy ?? '')}.`
      } ${text.state.unpublished(unpublished)}`,
    },
  ];
  return (
    <DetailCard id="site-state-heading" title={text.state.heading}>
      <dl className="mt-3 space-y-3">
        {rows.map((row) => (
          <div key={row.term}>
            <dt className="font-semibold text-slate-700">{row.term}</dt>
            <dd className="break-words text-slate-900">{row.value}</dd>
          </div>
        ))}
      </dl>
    </DetailCard>
  );
}

function ChecklistCard({
  checklist,
  email,
}: {
  checklist: SiteOverview['checklist'];
  email: string;
}) {
  return (
    <DetailCard id="site-checklist-heading" title={text.checklist.heading}>
      {checklist.length === 0 ? (
        <p className="mt-3 text-slate-700">{text.checklist.done}</p>
      ) : (
        <>
          <p className="mt-3 text-slate-700">{text.checklist.intro}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {checklist.map((item) => (
              <li key={item.key}>
                <Link to={fieldLink(item.key)} className={linkClass}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      <MailChecklist email={email} />
    </DetailCard>
  );
}

function PartsCard({
  overview,
  stale,
}: {
  overview: SiteOverview;
  stale: readonly StaleTranslation[];
}) {
  const changed = changedKeys(overview.draft.fields, overview.published);
  return (
    <DetailCard id="site-parts-heading" title={text.parts.heading}>
      <ul className="mt-3 grid gap-x-6 gap-y-1 sm:grid-cols-2">
        {siteParts.map((part) => {
          const count = changed.filter((key) => key.startsWith(`${part.id}/`)).length;
          return (
            <li key={part.id}>
              <Link to={`/site/${encodeURIComponent(part.id)}`} className={linkClass}>
                {part.title}
              </Link>
              {count > 0 && (
                <span className="text-sm text-slate-600"> · {text.parts.changed(count)}</span>
              )}
              <PartStaleTranslations items={stale.filter((item) => item.partId === part.id)} />
            </li>
          );
        })}
      </ul>
    </DetailCard>
  );
}

function PreviewCard({ revision }: { revision: number }) {
  const preview = usePreview();
  return (
    <DetailCard id="site-preview-heading" title={text.preview.heading}>
      <p className="mt-3 text-slate-700">{text.preview.intro}</p>
      <button
        type="button"
        onClick={() => void preview.run(() => siteApi.preview(revision))}
        className={`${buttonClasses('secondary', 'md')} mt-3`}
      >
        <Eye aria-hidden="true" className="size-4" />
        {text.preview.button}
      </button>
      <div className="mt-3">
        <PreviewResult state={preview.state} onClose={preview.close} />
      </div>
    </DetailCard>
  );
}

function Overview({
  overview,
  onChanged,
  historyKey,
  email,
}: {
  overview: SiteOverview;
  onChanged: () => void;
  historyKey: number;
  email: string;
}) {
  const stale = staleTranslations(overview.draft.fields);
  return (
    <div className="space-y-5">
      <StateCard overview={overview} />
      <ChecklistCard checklist={overview.checklist} email={email} />
      <PartsCard overview={overview} stale={stale} />
      <PreviewCard revision={overview.draft.revision} />
      <DetailCard id="site-publish-heading" title={text.publish.heading}>
        <PublishPanel revision={overview.draft.revision} onPublished={onChanged} stale={stale} />
      </DetailCard>
      <DetailCard id="site-history-heading" title={text.history.heading}>
        <HistoryPanel refreshKey={historyKey} onRestored={onChanged} />
      </DetailCard>
    </div>
  );
}

/**
 * /site: what is live, the draft, the launch checklist (with the mail check; `email` is the
 * signed-in account's, where its test e-mail goes), the parts, preview, publish, history.
 */
export function SitePage({ email }: { email: string }) {
  const { state, retry, refresh } = useSiteOverview();
  const [historyKey, setHistoryKey] = useState(0);
  const changed = () => {
    refresh();
    setHistoryKey((key) => key + 1);
  };
  return (
    <div className="space-y-5">
      <PageHeading
        heading={text.heading}
        back={{ to: '/', label: text.backToInbox }}
        intro={text.intro}
      />
      {state.status === 'loading' && <p className="text-slate-600">{text.loading}</p>}
      {state.status === 'failed' && (
        <LoadFailed message={text.loadFailed} retry={text.retry} onRetry={retry} />
      )}
      {state.status === 'ready' && (
        <Overview
          overview={state.overview}
          onChanged={changed}
          historyKey={historyKey}
          email={email}
        />
      )}
    </div>
  );
}
