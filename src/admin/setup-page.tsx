import { PageTitle } from '../components/page-title';
import { buttonClasses } from '../components/button-link';
import { adminText } from '../content/admin';
import { usePageFocus } from './use-page-focus';

/** With no account at all: how to make the first one (on the server's machine, never here). */
export function SetupPage() {
  const { setup } = adminText;
  const headingRef = usePageFocus<HTMLHeadingElement>();
  return (
    <section
      aria-labelledby="setup-heading"
      className="mx-auto max-w-xl rounded-xl bg-white p-6 shadow-sm sm:p-8"
    >
      <PageTitle title={setup.heading} />
      <h1
        id="setup-heading"
        ref={headingRef}
        tabIndex={-1}
        className="font-display text-3xl font-bold"
      >
        {setup.heading}
      </h1>
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
    </section>
  );
}
