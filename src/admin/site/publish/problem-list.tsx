import { Link } from 'react-router';
import { siteEditorText } from '../../../content/admin-site';
import type { SiteProblem } from '../../site-contract';
import { fieldLink } from '../fields/field-ids';

/** The rules the draft breaks, each a link to its field (and language) in its part's page. */
export function ProblemList({ intro, problems }: { intro: string; problems: SiteProblem[] }) {
  return (
    <div role="alert" className="space-y-2 rounded-md border-l-4 border-red-700 bg-red-50 p-4">
      <p className="font-semibold text-red-800">{intro}</p>
      <ul className="list-disc space-y-1 pl-5">
        {problems.map((problem) => (
          <li key={`${problem.key}-${problem.language ?? ''}`}>
            <Link
              to={fieldLink(problem.key, problem.language)}
              className="inline-block min-h-6 text-navy-700 underline hover:text-navy-900"
            >
              {siteEditorText.problems.item(problem.label, problem.message, problem.language)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Why a preview, a publish or a restore did not happen (the live site is unchanged). */
export function RefusalAlert({ children }: { children: string }) {
  return (
    <p
      role="alert"
      className="rounded-md border-l-4 border-red-700 bg-red-50 p-4 font-semibold text-red-800"
    >
      {children}
    </p>
  );
}
