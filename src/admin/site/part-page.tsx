import { useParams } from 'react-router';
import { siteEditorText } from '../../content/admin-site';
import { partOf } from '../../content/site-parts';
import { LoadFailed } from '../shared/load-failed';
import { PartEditor } from './part-editor';
import { useSiteOverview } from './use-site';
import { PageHeading } from '../shared/page-heading';

const text = siteEditorText;

function PartPage({ partId }: { partId: string }) {
  const part = partOf(partId);
  const { state, retry } = useSiteOverview();
  const title = part?.title ?? text.partNotFound;
  return (
    <div className="space-y-5">
      <PageHeading
        heading={title}
        back={{ to: '/site', label: text.backToSite }}
        intro={part && text.editor.intro}
      />
      {part && state.status === 'loading' && <p className="text-slate-600">{text.loading}</p>}
      {part && state.status === 'failed' && (
        <LoadFailed message={text.loadFailed} retry={text.retry} onRetry={retry} />
      )}
      {part && state.status === 'ready' && <PartEditor part={part} draft={state.overview.draft} />}
    </div>
  );
}

/** /site/:part — a new page (and draft state) for each part. */
export function PartRoute() {
  const { part = '' } = useParams();
  return <PartPage key={part} partId={part} />;
}
