import { adminText } from '../content/admin';
import type { NotificationState, SubmissionDetail } from './contract';
import { formatTime } from './format';
import { DetailCard } from './detail-card';

const text = adminText.submission;

function notificationText(
  notification: NotificationState,
  states: typeof text.notificationStates,
): string {
  switch (notification.state) {
    case 'off':
      return states.off;
    case 'pending':
      return states.pending;
    case 'sent':
      return states.sent(formatTime(notification.at));
    case 'retrying':
      return states.retrying(notification.attempts, formatTime(notification.nextAttemptAt));
    case 'failed':
      return states.failed(notification.attempts);
  }
}

/** Received, then each change of status or note with its time and who made it. */
export function SubmissionHistory({ detail }: { detail: SubmissionDetail }) {
  const events = [
    { at: detail.receivedAt, text: text.receivedEvent },
    ...detail.events.map((event) => ({
      at: event.at,
      text:
        event.kind === 'status' && event.status
          ? text.statusEvent(adminText.statuses[event.status], event.user)
          : text.noteEvent(event.user),
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
      <h3 className="mt-5 font-bold">{text.notification}</h3>
      <p className="mt-1 text-sm text-slate-800">
        {notificationText(detail.notification, text.notificationStates)}
      </p>
      <h3 className="mt-5 font-bold">{text.acknowledgement}</h3>
      <p className="mt-1 text-sm text-slate-800">
        {notificationText(detail.acknowledgement, {
          ...text.notificationStates,
          off: text.acknowledgementOff,
        })}
      </p>
    </DetailCard>
  );
}
