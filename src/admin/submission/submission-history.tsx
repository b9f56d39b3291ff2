import { useId, useState } from 'react';
import { adminText } from '../../content/admin';
import { buttonClasses } from '../../components/button-link';
import { adminApi } from '../api';
import type { MailKind, NotificationState, SubmissionDetail } from '../contract';
import { formatTime } from '../shared/format';
import { DetailCard } from '../shared/detail-card';
import { SaveMessage } from './save-message';

const text = adminText.submission;

function notificationText(
  notification: NotificationState,
  states: typeof text.notificationStates,
  paused: SubmissionDetail['mailPaused'],
): string {
  // While the outbox is paused a waiting e-mail has no next try of its own: the pause says when.
  const waiting = notification.state === 'pending' || notification.state === 'retrying';
  if (paused && waiting) return states.paused(formatTime(paused.since), paused.code);
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
      return states.failed(notification.attempts, notification.error);
  }
}

/**
 * One e-mail about the submission: how it went, and 'Send again' once it was given up. The message
 * saying whether it was queued stays in the page, so that it is announced when the button goes.
 */
function MailState({
  detail,
  kind,
  title,
  states,
  onChange,
}: {
  detail: SubmissionDetail;
  kind: MailKind;
  title: string;
  states: typeof text.notificationStates;
  onChange: (detail: SubmissionDetail) => void;
}) {
  const stateId = useId();
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean }>();
  const state = kind === 'notify' ? detail.notification : detail.acknowledgement;

  async function sendAgain() {
    setSending(true);
    setMessage(undefined);
    try {
      const queued = await adminApi.sendAgain(detail.id, kind);
      onChange(queued);
      setMessage({
        text: queued.mailPaused ? text.sentAgainPaused : text.sentAgain,
        failed: false,
      });
    } catch {
      setMessage({ text: text.sendAgainFailed, failed: true });
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <h3 className="mt-5 font-bold">{title}</h3>
      <p id={stateId} className="mt-1 text-sm text-slate-800">
        {notificationText(state, states, detail.mailPaused)}
      </p>
      {state.state === 'failed' && (
        <button
          type="button"
          aria-describedby={stateId}
          disabled={sending}
          onClick={() => void sendAgain()}
          className={`${buttonClasses('secondary')} mt-2 px-4`}
        >
          {sending ? text.sendingAgain : text.sendAgain}
        </button>
      )}
      <SaveMessage message={message} />
    </>
  );
}

/** Received, then each change of status or note with its time and who made it; then the e-mails. */
export function SubmissionHistory({
  detail,
  onChange,
}: {
  detail: SubmissionDetail;
  onChange: (detail: SubmissionDetail) => void;
}) {
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
      <MailState
        detail={detail}
        kind="notify"
        title={text.notification}
        states={text.notificationStates}
        onChange={onChange}
      />
      <MailState
        detail={detail}
        kind="acknowledge"
        title={text.acknowledgement}
        states={{ ...text.notificationStates, off: text.acknowledgementOff }}
        onChange={onChange}
      />
    </DetailCard>
  );
}
