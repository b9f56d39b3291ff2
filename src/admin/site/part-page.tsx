import { useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { PageTitle } from '../../components/page-title';
import { siteEditorText } from '../../content/admin-site';
import { partOf } from '../../content/site-parts';
import { LoadFailed } from '../shared/load-failed';
import { PageLink } from '../shared/page-link';
import { usePageFocus } from '../shared/use-page-focus';
import { PartEditor } from './part-editor';
import { useSiteOverview } from './use-site';

const text = siteEditorText;

function PartPage({ partId }: { partId: string }) {
  const part = partOf(partId);
  const { state, retry } = useSiteOverview();
  const headingRef = usePageFocus<HTMLHeadingElement>();
  const title = part?.title ?? text.partNotFound;
  return (
    <div className="space-y-5">
      <PageTitle title={title} />
      <PageLink to="/site" icon={ArrowLeft}>
        {text.backToSite}
      </PageLink>
      <div>
        <h1 ref={headingRef} tabIndex={-1} className="font-display text-3xl font-bold break-words">
          {title}
        </h1>
        {part && <p className="mt-2 max-w-3xl text-slate-700">{text.editor.intro}</p>}
      </div>
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
