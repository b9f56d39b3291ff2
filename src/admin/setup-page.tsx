import { buttonClasses } from '../components/button-link';
import { adminText } from '../content/admin';
import { Panel } from './panel';

/** With no account at all: how to make the first one (on the server's machine, never here). */
export function SetupPage() {
  const { setup } = adminText;
  return (
    <Panel id="setup-heading" title={setup.heading}>
      <p className="mt-4 text-slate-700">{setup.intro}</p>
      <pre className="mt-3 rounded-md bg-navy-950 p-4 text-sm break-words whitespace-pre-wrap text-white">
        <code>{setup.command}</code>
      </pre>
      <p className="mt-3 text-slate-700">{setup.after}</p>
      <button
        type="button"
        className={`${buttonClasses('secondary', 'md')} mt-6`}
        onClick={() => window.location.reload()}
      >
        {setup.reload}
      </button>
    </Panel>
  );
}
