import { useState } from 'react';
import { Send } from 'lucide-react';
import { buttonClasses } from '../../components/button-link';
import { mailChecklistText } from '../../content/admin-mail-check';
import { ApiError } from '../api';
import { relayFailureFix } from '../mail-check/lines';
import { mailCheckApi } from './mail-check-api';
import type { TestEmailResult } from '../mail-check/contract';

const text = mailChecklistText.testEmail;

type Sending =
  | { state: 'idle' | 'sending' }
  | { state: 'answered'; result: TestEmailResult }
  | { state: 'refused'; words: string };

/** What the server said when it did not try: too soon, no e-mail set up, or out of reach. */
function refusal(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) {
    return text.tooSoon(error.retryAfter ?? 30);
  }
  if (error instanceof ApiError && error.status === 409) return text.notConfigured;
  return text.failed;
}

function Answer({ sending }: { sending: Sending }) {
  if (sending.state === 'sending') return <span>{text.sending}</span>;
  if (sending.state === 'refused') return <span>{sending.words}</span>;
  if (sending.state !== 'answered') return null;
  const { result } = sending;
  if (result.sent) {
    return (
      <>
        <span className="block font-semibold text-green-900">{text.accepted(result.response)}</span>
        <span className="block">{text.acceptedTo(result.to)}</span>
      </>
    );
  }
  return (
    <>
      <span className="block font-semibold text-red-800">
        {text.refused(result.code, result.response)}
      </span>
      <span className="block">{relayFailureFix(result.code)}</span>
    </>
  );
}

/** 'Send a test e-mail' to the signed-in account, and the mail server's answer in words. */
export function TestEmail({ email }: { email: string }) {
  const [sending, setSending] = useState<Sending>({ state: 'idle' });
  const send = () => {
    if (sending.state === 'sending') return;
    setSending({ state: 'sending' });
    mailCheckApi.sendTestEmail().then(
      (result) => setSending({ state: 'answered', result }),
      (error: unknown) => setSending({ state: 'refused', words: refusal(error) }),
    );
  };
  return (
    <div className="mt-4 border-t border-slate-200 pt-4">
      <h4 className="font-semibold text-slate-900">{text.heading}</h4>
      <p className="mt-1 break-words text-slate-700">{text.intro(email)}</p>
      <button
        type="button"
        onClick={send}
        aria-disabled={sending.state === 'sending'}
        className={`${buttonClasses('secondary', 'md')} mt-2 aria-disabled:cursor-not-allowed aria-disabled:opacity-70`}
      >
        <Send aria-hidden="true" className="size-4" />
        {text.button}
      </button>
      <p role="status" className="mt-2 break-words text-slate-800">
        <Answer sending={sending} />
      </p>
    </div>
  );
}
