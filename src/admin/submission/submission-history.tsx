import { adminText } from '../../content/admin';
import { adminApi } from '../api';
import type { SubmissionDetail, SubmissionEvent } from '../contract';
import { formatTime } from '../shared/format';
import { DetailCard } from '../shared/detail-card';
import { MailState } from './mail-state';

const text = adminText.submission;

/**
 * An event in words. A status chosen on the page says it was by hand (an answer given by phone);
 * the reply that gave the first response (its status set, New to In progress, with no response
 * before it) met the promise; a later one that moved it on answered a visitor's answer.
 */
function eventText(event: SubmissionEvent, firstResponse: boolean): string {
  switch (event.kind) {
    case 'status':
      return event.status
        ? text.statusEvent(adminText.statuses[event.status], event.user)
        : text.noteEvent(event.user);
    case 'reply':
      return text.replyEvent(event.user, firstResponse);
    case 'answer':
      return text.answerEvent;
    case 'note':
      return text.noteEvent(event.user);
  }
}

/** Each event in words, in order: only the first response is told as the promise met. */
function eventTexts(events: readonly SubmissionEvent[]): string[] {
  let responded = false;
  return events.map((event) => {
    const moved = event.status === 'in_progress' || event.status === 'handled';
    const first = !responded && event.kind === 'reply' && moved;
    if ((event.kind === 'status' || event.kind === 'reply') && moved) responded = true;
    return eventText(event, first);
  });
}

/** Received, then each change, reply and answer with its time and who; then the e-mails. */
export function SubmissionHistory({
  detail,
  onChange,
}: {
  detail: SubmissionDetail;
  onChange: (detail: SubmissionDetail) => void;
}) {
  const events = [
    { at: detail.receivedAt, text: text.receivedEvent },
    ...eventTexts(detail.events).map((words, index) => ({
      at: detail.events[index]?.at ?? detail.receivedAt,
      text: words,
    })),
  ];
  return (
    <DetailCard id="history-heading" title={text.history}>
      <ol className="mt-3 space-y-2">
        {events.map((event, index) => (
          <li key={index} className="text-sm">
            <time dateTime={new Date(event.at).toISOString()} className="block text-slate-600">
              {formatTime(event.at)}
            </time>
            <span className="break-words text-slate-900">{event.text}</span>
          </li>
        ))}
      </ol>
      <MailState
        title={text.notification}
        state={detail.notification}
        paused={detail.mailPaused}
        sendAgain={() => adminApi.sendAgain(detail.id, 'notify')}
        onChange={onChange}
      />
      <MailState
        title={text.acknowledgement}
        state={detail.acknowledgement}
        states={{ ...text.notificationStates, off: text.acknowledgementOff }}
        paused={detail.mailPaused}
        sendAgain={() => adminApi.sendAgain(detail.id, 'acknowledge')}
        onChange={onChange}
      />
    </DetailCard>
  );
}
