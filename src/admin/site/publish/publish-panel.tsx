import { useEffect, useRef, useState } from 'react';
import { Check, Rocket } from 'lucide-react';
import { buttonClasses } from '../../../components/button-link';
import { siteEditorText } from '../../../content/admin-site';
import { siteApi } from '../../api';
import type { SiteProblem } from '../../site-contract';
import { problemsOf, reasonOf } from './errors';
import { InstancesStatus } from './instances-status';
import { ProblemList, RefusalAlert } from './problem-list';
import { formatSeconds } from './site-format';
import { PublishStaleTranslations } from './stale-translations';
import type { StaleTranslation } from '../draft/stale-translations';

const text = siteEditorText.publish;
/** How long each step is shown while the server works: a guide, not a measure. */
const STEP_MS = 1500;

type PublishState =
  | { status: 'idle' }
  | { status: 'running'; step: number }
  | { status: 'live'; version: number; tookMs: number }
  | { status: 'problems'; problems: SiteProblem[] }
  | { status: 'failed'; reason: string };

function Steps({ step }: { step: number }) {
  return (
    <ol className="space-y-1">
      {text.steps.map((name, index) => (
        <li key={name} className={index <= step ? 'text-slate-900' : 'text-slate-500'}>
          {index < step && (
            <Check aria-hidden="true" className="mr-1.5 inline size-4 text-green-800" />
          )}
          {name}
          {index < step && <span className="sr-only"> — {text.stepDone}</span>}
          {index === step && <span className="text-slate-600"> — {text.stepNow}</span>}
        </li>
      ))}
    </ol>
  );
}

/** What the status line says: the step under way, or the version now live and how long it took. */
function statusLine(state: PublishState): string {
  if (state.status === 'running') return `${text.steps[state.step] ?? ''}…`;
  if (state.status === 'live') {
    return `${text.live(state.version)}. ${text.took(formatSeconds(state.tookMs))}`;
  }
  return '';
}

/**
 * Publishes the saved draft at `revision`: the steps while the server works (a live region), then
 * the version now live, or the rules the draft breaks, or why nothing changed.
 */
export function PublishPanel({
  revision,
  onPublished,
  stale = [],
}: {
  revision: number;
  onPublished: () => void;
  /** Spanish texts older than their English: said, never a reason not to publish. */
  stale?: readonly StaleTranslation[];
}) {
  const [state, setState] = useState<PublishState>({ status: 'idle' });
  const timer = useRef<ReturnType<typeof setInterval>>(undefined);
  useEffect(() => () => clearInterval(timer.current), []);

  const publish = async () => {
    if (state.status === 'running') return;
    setState({ status: 'running', step: 0 });
    timer.current = setInterval(() => {
      setState((now) =>
        now.status === 'running' && now.step < text.steps.length - 1
          ? { status: 'running', step: now.step + 1 }
          : now,
      );
    }, STEP_MS);
    try {
      const done = await siteApi.publish(revision);
      setState({ status: 'live', version: done.version, tookMs: done.tookMs });
      onPublished();
    } catch (error) {
      const problems = problemsOf(error);
      setState(
        problems ? { status: 'problems', problems } : { status: 'failed', reason: reasonOf(error) },
      );
    } finally {
      clearInterval(timer.current);
    }
  };

  const running = state.status === 'running';
  return (
    <div className="mt-3 space-y-3">
      <p className="text-slate-700">{text.intro}</p>
      <PublishStaleTranslations items={stale} />
      <button
        type="button"
        onClick={() => void publish()}
        aria-disabled={running || undefined}
        className={`${buttonClasses('primary', 'md')} aria-disabled:opacity-70`}
      >
        <Rocket aria-hidden="true" className="size-4" />
        {text.button}
      </button>
      {running && <Steps step={state.step} />}
      <p role="status" className="font-semibold text-green-800">
        {statusLine(state)}
      </p>
      {state.status === 'problems' && (
        <ProblemList intro={text.problemsIntro} problems={state.problems} />
      )}
      {state.status === 'failed' && <RefusalAlert>{text.failed(state.reason)}</RefusalAlert>}
      <InstancesStatus />
    </div>
  );
}
