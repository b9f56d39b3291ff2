import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { AttachmentList } from './attachment-list';
import { PageTitle } from '../../components/page-title';
import { adminText } from '../../content/admin';
import { labelledFields } from '../../forms/submission-fields';
import { adminApi } from '../api';
import { LoadFailed } from '../shared/load-failed';
import { useLoaded } from '../shared/use-loaded';
import type { SubmissionDetail } from '../contract';
import {
  formatDay,
  formatDeadline,
  formatPhone,
  formatTime,
  hoursOf,
  telLink,
} from '../shared/format';
import { ContactActions } from './contact-actions';
import { NoteEditor } from './note-editor';
import { StatusBadge } from '../shared/status-badge';
import { SpamNotice } from './spam-notice';
import { StatusControl } from './status-control';
import { SubmissionHistory } from './submission-history';
import { Conversation } from './conversation';
import { replySentTo } from '../shared/reply-sent';
import { PageLink } from '../shared/page-link';
import { usePageFocus } from '../shared/use-page-focus';
import { DetailCard } from '../shared/detail-card';
import { PersonCard } from './person-card';
import { VisitSourceRow } from './visit-source';
import type { PersonErased } from '../contract';

const text = adminText.submission;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A field's value: a day written out, a phone number as a call link, or the text as sent. */
function FieldValue({ name, value }: { name: string; value: string }) {
  const tel = name === 'phone' ? telLink(value) : undefined;
  if (tel) {
    return (
      <a href={tel} className="text-navy-700 underline hover:text-navy-900">
        {formatPhone(value)}
      </a>
    );
  }
  return <>{ISO_DAY.test(value) ? formatDay(value) : value || '—'}</>;
}

function Fields({ detail }: { detail: SubmissionDetail }) {
  return (
    <DetailCard id="fields-heading" title={text.fields}>
      <dl className="mt-4 divide-y divide-slate-100">
        {labelledFields(detail.form, detail.fields).map((field) => (
          <div key={field.name} className="py-3 sm:grid sm:grid-cols-3 sm:gap-4">
            <dt className="font-semibold text-slate-700">{field.label}</dt>
            <dd className="mt-1 break-words whitespace-pre-wrap text-slate-900 sm:col-span-2 sm:mt-0">
              <FieldValue name={field.name} value={field.value} />
            </dd>
          </div>
        ))}
        <div className="py-3 sm:grid sm:grid-cols-3 sm:gap-4">
          <dt className="font-semibold text-slate-700">{text.language}</dt>
          <dd className="mt-1 sm:col-span-2 sm:mt-0">{detail.language ?? text.unknownLanguage}</dd>
        </div>
        <div className="py-3 sm:grid sm:grid-cols-3 sm:gap-4">
          <dt className="font-semibold text-slate-700">{text.siteLanguage}</dt>
          <dd className="mt-1 sm:col-span-2 sm:mt-0">
            {(detail.siteLanguage && text.siteLanguages[detail.siteLanguage]) ??
              text.unknownLanguage}
          </dd>
        </div>
        <VisitSourceRow visit={detail.visit} />
      </dl>
    </DetailCard>
  );
}

/** A quote's deadlines (or the reply due to an answer) and when it was first answered. */
function PromiseCard({ detail }: { detail: SubmissionDetail }) {
  const { respondBy, quoteBy, firstResponseAt } = detail;
  // Read once: whether it is overdue does not change under the owner's eyes.
  const [now] = useState(Date.now);
  // A quote's, or an application's while a visitor's answer waits (no quote to send then).
  if (respondBy === null) return null;
  const overdue = detail.status === 'new' && respondBy < now;
  const rows = [
    {
      term: text.respondBy,
      value: overdue
        ? `${formatDeadline(respondBy)} · ${adminText.inbox.overdue}`
        : formatDeadline(respondBy),
    },
    ...(quoteBy === null ? [] : [{ term: text.quoteBy, value: formatDeadline(quoteBy) }]),
    {
      term: text.firstResponse,
      value:
        firstResponseAt === null || detail.firstResponseBusinessMs === null
          ? text.notYet
          : text.answeredAfter(
              formatTime(firstResponseAt),
              hoursOf(detail.firstResponseBusinessMs),
            ),
    },
  ];
  return (
    <DetailCard id="promise-heading" title={text.promise}>
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-3">
        {rows.map((row) => (
          <div key={row.term}>
            <dt className="font-semibold text-slate-700">{row.term}</dt>
            <dd className="text-slate-900">{row.value}</dd>
          </div>
        ))}
      </dl>
    </DetailCard>
  );
}

/** The status and the ways to answer first: on a phone they are what the owner came for. */
function Detail({
  detail,
  onChange,
  onErased,
}: {
  detail: SubmissionDetail;
  onChange: (d: SubmissionDetail) => void;
  onErased: (erased: PersonErased) => void;
}) {
  return (
    <div className="space-y-5">
      <SpamNotice key={detail.id} detail={detail} onChange={onChange} />
      <div className="grid gap-5 md:grid-cols-2">
        <StatusControl detail={detail} onChange={onChange} />
        <ContactActions detail={detail} />
      </div>
      <PromiseCard detail={detail} />
      <Conversation detail={detail} onChange={onChange} />
      <AttachmentList detail={detail} />
      {/* One column of minmax(0, 1fr) on a phone: a long address in the history wraps, not widens. */}
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <Fields detail={detail} />
        </div>
        <div className="space-y-5">
          <NoteEditor key={detail.id} detail={detail} onChange={onChange} />
          <SubmissionHistory detail={detail} onChange={onChange} />
        </div>
      </div>
      <PersonCard detail={detail} onErased={onErased} />
    </div>
  );
}

/**
 * The address a reply was just sent to, on arrival from the composer's Send; taken out of the
 * history entry, so that a reload or a Back does not say it again.
 */
function useReplySent(): string | undefined {
  const location = useLocation();
  const navigate = useNavigate();
  const [sentTo] = useState(() => replySentTo(location.state));
  const carriesIt = replySentTo(location.state) !== undefined;
  useEffect(() => {
    if (carriesIt)
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [carriesIt, navigate, location.pathname, location.search]);
  return sentTo;
}

/**
 * The submission shown (loaded again for another id, or on 'Try again'), and what erasing its
 * person removed, which takes its place until the page moves to another submission.
 */
function useSubmission(id: string) {
  const { loaded, retry, set } = useLoaded((signal) => adminApi.submission(id, signal), id);
  const [erasure, setErasure] = useState<{ id: string; erased: PersonErased }>();
  const erased = erasure?.id === id ? erasure.erased : undefined;
  const setErased = (next: PersonErased) => setErasure({ id, erased: next });
  return { loaded, retry, set, erased, setErased };
}

export function SubmissionPage() {
  const { id = '' } = useParams();
  const { search } = useLocation();
  const sentTo = useReplySent();
  const { loaded, retry, set, erased, setErased } = useSubmission(id);
  const headingRef = usePageFocus<HTMLHeadingElement>();

  const detail = !erased && loaded.status === 'ready' ? loaded.value : undefined;
  const name = detail
    ? String(detail.fields.clientName ?? detail.fields.fullName ?? detail.id)
    : '';
  return (
    <div className="space-y-5">
      <PageLink to={{ pathname: '/', search }} icon={ArrowLeft}>
        {text.back}
      </PageLink>
      <PageTitle title={name || adminText.appName} />
      <div>
        <h1 ref={headingRef} tabIndex={-1} className="font-display text-3xl font-bold break-words">
          {name || (erased ? adminText.person.erasedHeading : adminText.loading)}
        </h1>
        {detail && (
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-700">
            <span>{adminText.forms[detail.form] ?? detail.form}</span>
            <span>
              {text.received} {formatTime(detail.receivedAt)}
            </span>
            <StatusBadge status={detail.status} />
          </p>
        )}
        {detail?.answerWaitingSince != null && (
          <p className="mt-2 inline-block rounded-md border-l-4 border-amber-600 bg-amber-50 px-3 py-2 font-semibold text-amber-950">
            {text.answerWaiting(formatTime(detail.answerWaitingSince))}
          </p>
        )}
      </div>
      {sentTo && (
        // In the page from the start, filled once the submission is shown: the region announces it.
        <p
          role="status"
          className="rounded-md border-l-4 border-green-700 bg-green-50 p-3 font-semibold text-green-900 empty:hidden"
        >
          {detail ? text.replySent(sentTo) : ''}
        </p>
      )}
      {!erased && loaded.status === 'missing' && <p role="alert">{text.notFound}</p>}
      {!erased && loaded.status === 'failed' && (
        <LoadFailed message={text.loadFailed} retry={text.retry} onRetry={retry} />
      )}
      {erased && (
        <p role="status" className="rounded-lg border border-slate-200 bg-white p-5">
          {adminText.person.erased(erased.submissions, erased.files)}
          {erased.left > 0 && ` ${adminText.person.left(erased.left)}`}
        </p>
      )}
      {detail && <Detail detail={detail} onChange={set} onErased={setErased} />}
    </div>
  );
}
