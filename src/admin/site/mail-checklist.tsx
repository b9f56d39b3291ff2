import { useEffect, useRef, useState } from 'react';
import {
  CircleAlert,
  CircleCheck,
  CircleHelp,
  Info,
  RefreshCw,
  type LucideIcon,
} from 'lucide-react';
import { buttonClasses } from '../../components/button-link';
import { mailCheckText, mailChecklistText } from '../../content/admin-mail-check';
import { mailCheckApi } from './mail-check-api';
import type { MailCheck } from '../mail-check/contract';
import { mailCheckLines, type MailCheckLine } from '../mail-check/lines';
import { DnsRecordTable } from './mail-record';
import { formatSiteTime } from './publish/site-format';
import { TestEmail } from './test-email';

const text = mailChecklistText;

/** Each state in words and a shape, its colour only a third sign. */
const looks: Record<MailCheckLine['state'], { icon: LucideIcon; badge: string }> = {
  ok: { icon: CircleCheck, badge: 'bg-green-100 text-green-900 ring-green-300' },
  problem: { icon: CircleAlert, badge: 'bg-red-100 text-red-900 ring-red-300' },
  note: { icon: Info, badge: 'bg-blue-100 text-blue-900 ring-blue-300' },
  unknown: { icon: CircleHelp, badge: 'bg-slate-200 text-slate-900 ring-slate-300' },
};

function StateBadge({ state }: { state: MailCheckLine['state'] }) {
  const { icon: Icon, badge } = looks[state];
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${badge}`}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {text.states[state]}
    </span>
  );
}

function LineItem({ line }: { line: MailCheckLine }) {
  return (
    <li className="rounded-md border border-slate-200 p-3" data-state={line.state}>
      <h4 className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
        <StateBadge state={line.state} />
        <span className="min-w-0 break-words">{line.title}</span>
      </h4>
      <p className="mt-1 break-words text-slate-700">{line.detail}</p>
      {line.fix && <p className="mt-1 break-words text-slate-900">{line.fix}</p>}
      {line.record && <DnsRecordTable record={line.record} />}
    </li>
  );
}

type Checked =
  | { state: 'checking' }
  | { state: 'failed' }
  | { state: 'done'; check: MailCheck; lines: MailCheckLine[] };

/** The check in lines; a check the lines cannot word fails this section, not the whole page. */
function worded(check: MailCheck): Checked {
  try {
    return { state: 'done', check, lines: mailCheckLines(check) };
  } catch {
    return { state: 'failed' };
  }
}

/** Runs the check (again at each `attempt`), dropping an answer the section moved on from. */
function useMailCheck(attempt: number): Checked {
  const [checked, setChecked] = useState<{ attempt: number; checked: Checked }>({
    attempt,
    checked: { state: 'checking' },
  });
  useEffect(() => {
    const controller = new AbortController();
    const settle = (result: Checked) => {
      if (!controller.signal.aborted) setChecked({ attempt, checked: result });
    };
    mailCheckApi.check(controller.signal).then(
      (check) => settle(worded(check)),
      () => settle({ state: 'failed' }),
    );
    return () => controller.abort();
  }, [attempt]);
  return checked.attempt === attempt ? checked.checked : { state: 'checking' };
}

/**
 * The launch checklist's mail section (docs/mail-delivery.md, "The check"): each item of the
 * server's mail check with its fix and the DNS record to add, 'Check again', and 'Send a test
 * e-mail' to the signed-in account.
 */
export function MailChecklist({ email }: { email: string }) {
  const [attempt, setAttempt] = useState(0);
  const checked = useMailCheck(attempt);
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from the inbox's banner (#/site?at=mail): this section, screens below the page's top on
  // a phone, is brought into view with its heading focused.
  useEffect(() => {
    const query = window.location.hash.split('?')[1] ?? '';
    if (new URLSearchParams(query).get('at') !== 'mail') return;
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus();
  }, []);
  // The test e-mail waits for no check (seconds long, or failed): only e-mail not set up hides it.
  const notSetUp = checked.state === 'done' && !checked.check.configured;
  return (
    <section aria-labelledby="mail-check-heading" className="mt-5 border-t border-slate-200 pt-4">
      <h3
        id="mail-check-heading"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-bold text-slate-900"
      >
        {mailCheckText.heading}
      </h3>
      <p className="mt-1 text-slate-700">{mailCheckText.intro}</p>
      <div role="status" className="mt-2 text-slate-700">
        {checked.state === 'checking' && text.checking}
        {checked.state === 'failed' && text.checkFailed}
        {checked.state === 'done' && checked.check.configured && (
          <span className="text-sm">{text.checkedAt(formatSiteTime(checked.check.checkedAt))}</span>
        )}
      </div>
      {checked.state === 'done' && (
        <ul className="mt-2 space-y-3">
          {checked.lines.map((line) => (
            <LineItem key={line.key} line={line} />
          ))}
        </ul>
      )}
      <button
        type="button"
        onClick={() => {
          if (checked.state !== 'checking') setAttempt((n) => n + 1);
        }}
        aria-disabled={checked.state === 'checking'}
        className={`${buttonClasses('outline', 'md')} mt-3 aria-disabled:cursor-not-allowed aria-disabled:opacity-70`}
      >
        <RefreshCw
          aria-hidden="true"
          className={`size-4 ${checked.state === 'checking' ? 'motion-safe:animate-spin' : ''}`}
        />
        {text.checkAgain}
      </button>
      {!notSetUp && <TestEmail email={email} />}
    </section>
  );
}
