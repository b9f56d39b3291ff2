import { Link, useParams } from 'react-router';
import { adminText } from '../../content/admin';
import { labelledFields } from '../../forms/submission-fields';
import { adminApi, repliesApi } from '../api';
import type { SubmissionDetail } from '../contract';
import { LoadFailed } from '../shared/load-failed';
import { ComposerForm } from './composer-form';
import { PageHeading } from '../shared/page-heading';
import { useLoaded } from '../shared/use-loaded';

const text = adminText.composer;

/** The composer and the submission it answers, both asked at once: a shared link opens it cold. */
function useComposer(id: string) {
  return useLoaded(
    () =>
      Promise.all([repliesApi.composer(id), adminApi.submission(id)]).then(
        ([composer, detail]) => ({ composer, detail }),
      ),
    id,
  );
}

/** What the visitor sent, folded: at hand while writing, out of the way on a phone. */
function WhatTheySent({ detail }: { detail: SubmissionDetail }) {
  return (
    <details className="rounded-lg border border-slate-200 bg-white">
      <summary className="flex min-h-11 cursor-pointer items-center px-4 font-semibold">
        {text.whatTheySent}
      </summary>
      <dl className="divide-y divide-slate-100 px-4 pb-3">
        {labelledFields(detail.form, detail.fields).map((field) => (
          <div key={field.name} className="py-2">
            <dt className="text-sm font-semibold text-slate-700">{field.label}</dt>
            <dd className="break-words whitespace-pre-wrap text-slate-900">{field.value || '—'}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** Why no reply can be sent from here, in words, and no Send. */
function Refused({ id, why }: { id: string; why: 'spam' | 'no-address' }) {
  return (
    <div className="rounded-md border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950">
      <p className="font-semibold">{text.refused[why]}</p>
      <Link
        to={`/submissions/${encodeURIComponent(id)}`}
        className="mt-2 inline-flex min-h-11 items-center font-semibold text-navy-800 underline"
      >
        {text.toSubmission}
      </Link>
    </div>
  );
}

function nameOf(detail: SubmissionDetail): string {
  return String(detail.fields.clientName ?? detail.fields.fullName ?? detail.id);
}

/** #/submissions/:id/reply: a reply to one submission, from its form's templates. */
export function ComposerPage() {
  const { id = '' } = useParams();
  const { loaded, retry } = useComposer(id);
  const ready = loaded.status === 'ready' ? loaded.value : undefined;
  const name = ready ? nameOf(ready.detail) : '';
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <PageHeading
        heading={name ? text.heading(name) : text.title}
        back={{ to: `/submissions/${encodeURIComponent(id)}`, label: text.back }}
      />
      {loaded.status === 'loading' && <p className="text-slate-600">{adminText.loading}</p>}
      {loaded.status === 'missing' && <p role="alert">{text.notFound}</p>}
      {loaded.status === 'failed' && (
        <LoadFailed message={text.loadFailed} retry={text.retry} onRetry={retry} />
      )}
      {ready && <WhatTheySent detail={ready.detail} />}
      {ready &&
        (ready.composer.refused ? (
          <Refused id={id} why={ready.composer.refused} />
        ) : (
          <ComposerForm id={id} composer={ready.composer} />
        ))}
    </div>
  );
}
