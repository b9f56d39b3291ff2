import { useState } from 'react';
import { buttonClasses } from '../../../components/button-link';
import { adminText } from '../../../content/admin';
import { adminApi, ApiError } from '../../api';
import type { RetentionHold } from '../../contract';
import { formatTime } from '../../shared/format';

const text = adminText.retentionHold;

type Answer = { state: 'idle' | 'going' } | { state: 'said'; message: string; done: boolean };

function explanation(hold: RetentionHold): [string, string] {
  const last = hold.lastAt === null ? '' : formatTime(hold.lastAt);
  const count = text.submissions(hold.count);
  if (hold.reason === 'too-many') {
    const why = hold.lastAt === null ? text.firstTooMany(count) : text.tooMany(count, hold.largest);
    return [why, text.tooManyWhatToDo];
  }
  if (hold.reason === 'clock-back') {
    return [
      `${text.clockBack(formatTime(hold.at), last)} ${text.wouldErase(count)}`,
      text.clockBackWhatToDo,
    ];
  }
  return [
    `${text.clockAhead(formatTime(hold.at), last)} ${text.wouldErase(count)}`,
    text.clockAheadWhatToDo,
  ];
}

/**
 * The retention pass the guard stopped (SessionInfo's `retentionHold`): why, in plain words, what
 * to do, and the owner's way to let it go on after checking ('Erase them anyway'). The server
 * answers once the hold is confirmed and erases after; `onStarted` reloads the inbox's list.
 */
export function RetentionHoldNotice({
  hold,
  onStarted,
}: {
  hold: RetentionHold | undefined;
  onStarted?: (() => void) | undefined;
}) {
  const [answer, setAnswer] = useState<Answer>({ state: 'idle' });
  if (!hold) return null;
  if (answer.state === 'said' && answer.done) {
    return (
      <p role="status" className="text-sm text-slate-700">
        {answer.message}
      </p>
    );
  }

  async function goOn(at: number) {
    setAnswer({ state: 'going' });
    try {
      const result = await adminApi.confirmRetention(at);
      setAnswer({ state: 'said', message: text.started(result.confirmed.count), done: true });
      onStarted?.();
    } catch (error) {
      const gone = error instanceof ApiError && error.status === 409;
      setAnswer({ state: 'said', message: gone ? text.gone : text.failed, done: false });
    }
  }

  const [why, whatToDo] = explanation(hold);
  return (
    <section
      aria-labelledby="retention-hold-heading"
      className="space-y-2 rounded-md border-l-4 border-amber-600 bg-amber-50 p-3 text-slate-900"
    >
      <h2 id="retention-hold-heading" className="font-semibold">
        {text.heading}
      </h2>
      <p>{why}</p>
      <p>{whatToDo}</p>
      <button
        type="button"
        onClick={() => void goOn(hold.at)}
        disabled={answer.state === 'going'}
        className={buttonClasses('secondary', 'md')}
      >
        {answer.state === 'going' ? text.going : text.goOn(hold.count)}
      </button>
      <p role="status">{answer.state === 'said' ? answer.message : ''}</p>
    </section>
  );
}
