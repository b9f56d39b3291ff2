import { useId, useState } from 'react';
import { adminText } from '../../content/admin';
import { buttonClasses } from '../../components/button-link';
import type { NotificationState, SubmissionDetail } from '../contract';
import { formatTime } from '../shared/format';
import { SaveMessage } from './save-message';

const text = adminText.submission;
export type MailStates = typeof text.notificationStates;

function notificationText(
  notification: NotificationState,
  states: MailStates,
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
 * One e-mail about the submission (its notification, its acknowledgement, a reply): how it went,
 * and 'Send again' once it was given up. The message saying whether it was queued stays in the
 * page, so that it is announced when the button goes.
 */
export function MailState({
  title,
  about,
  state,
  states = text.notificationStates,
  paused,
  sendAgain,
  onChange,
}: {
  /** Its heading; none where the e-mail's own heading says what it is (a reply). */
  title?: string;
  /** Without a title: the id of the heading that names the e-mail, read with its Send again. */
  about?: string;
  state: NotificationState;
  states?: MailStates;
  paused: SubmissionDetail['mailPaused'];
  /** Queues it anew; answers the submission's detail. */
  sendAgain: () => Promise<SubmissionDetail>;
  onChange: (detail: SubmissionDetail) => void;
}) {
  const stateId = useId();
  const titleId = useId();
  // Each Send again of the page is told apart by the e-mail it is about, then its state.
  const describedBy = [title ? titleId : about, stateId].filter(Boolean).join(' ');
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean }>();

  async function again() {
    setSending(true);
    setMessage(undefined);
    try {
      const queued = await sendAgain();
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
      {title && (
        <h3 id={titleId} className="mt-5 font-bold">
          {title}
        </h3>
      )}
      <p id={stateId} className="mt-1 text-sm text-slate-800">
        {notificationText(state, states, paused)}
      </p>
      {state.state === 'failed' && (
        <button
          type="button"
          aria-describedby={describedBy}
          disabled={sending}
          onClick={() => void again()}
          className={`${buttonClasses('secondary')} mt-2 px-4`}
        >
          {sending ? text.sendingAgain : text.sendAgain}
        </button>
      )}
      <SaveMessage message={message} />
    </>
  );
}
