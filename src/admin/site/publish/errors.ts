import { siteEditorText } from '../../../content/admin-site';
import { ApiError } from '../../api';
import type { ProblemsError, SiteProblem } from '../../site-contract';

/** The problems of a 422 (a preview or publish the rules refused), or undefined. */
export function problemsOf(error: unknown): SiteProblem[] | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  const { problems } = error.body as Partial<ProblemsError>;
  return Array.isArray(problems) && problems.length > 0 ? problems : undefined;
}

/** Why the server refused, in its words without a closing period, to go in a sentence. */
export function reasonOf(error: unknown): string {
  const reason = error instanceof ApiError ? error.message : siteEditorText.publish.unknownReason;
  return reason.replace(/[.\s]+$/, '');
}
