import { useId } from 'react';
import { adminText } from '../../content/admin';
import { repliesApi } from '../api';
import type { ReplyInfo, SubmissionDetail } from '../contract';
import { formatTime } from '../shared/format';
import { DetailCard } from '../shared/detail-card';
import { MailState } from './mail-state';

const text = adminText.submission;

function Item({
  detail,
  reply,
  onChange,
}: {
  detail: SubmissionDetail;
  reply: ReplyInfo;
  onChange: (detail: SubmissionDetail) => void;
}) {
  const out = reply.direction === 'out';
  const headingId = useId();
  return (
    <article className="space-y-1">
      <h3 id={headingId} className="font-bold break-words">
        {out ? text.replyBy(reply.user ?? reply.from) : text.answerFrom(reply.from)}
      </h3>
      <p className="text-sm text-slate-600">
        <time dateTime={new Date(reply.at).toISOString()}>{formatTime(reply.at)}</time>
        {out && ` · ${text.replyTo(reply.to)}`}
      </p>
      <p className="text-sm font-semibold break-words text-slate-800">{reply.subject}</p>
      <p
        lang={reply.language ?? undefined}
        className="rounded-md bg-slate-50 p-3 break-words whitespace-pre-wrap text-slate-900"
      >
        {reply.body}
      </p>
      {reply.quoted && (
        <details className="text-sm">
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-navy-800">
            {text.quoted}
          </summary>
          <p className="border-l-4 border-slate-300 pl-3 break-words whitespace-pre-wrap text-slate-700">
            {reply.quoted}
          </p>
        </details>
      )}
      {out && reply.mail && (
        <MailState
          about={headingId}
          state={reply.mail}
          paused={detail.mailPaused}
          sendAgain={() => repliesApi.sendAgain(detail.id, reply.id)}
          onChange={onChange}
        />
      )}
    </article>
  );
}

/** The replies sent from the inbox and the visitor's answers, oldest first, each in full. */
export function Conversation({
  detail,
  onChange,
}: {
  detail: SubmissionDetail;
  onChange: (detail: SubmissionDetail) => void;
}) {
  if (detail.replies.length === 0) return null;
  return (
    <DetailCard id="conversation-heading" title={text.conversation}>
      <ol className="mt-3 divide-y divide-slate-200">
        {detail.replies.map((reply) => (
          <li key={reply.id} className="py-4 first:pt-0 last:pb-0">
            <Item detail={detail} reply={reply} onChange={onChange} />
          </li>
        ))}
      </ol>
    </DetailCard>
  );
}
