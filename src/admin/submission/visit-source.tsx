import { adminText } from '../../content/admin';
import type { SubmissionVisit } from '../contract';
import { sourceWords } from '../shared/source-words';

const text = adminText.visitSource;

/** 'Campaign "flyer" (campaign: spring) · First page: Quote request'. */
export function visitSourceWords(visit: SubmissionVisit): string {
  const page = text.pages[visit.firstPage] ?? text.pages['/'] ?? visit.firstPage;
  return `${sourceWords(visit)} · ${text.firstPage(page)}`;
}

/**
 * How the visit that sent it began, one line of the facts; nothing when not known (no script and
 * not counted, Global Privacy Control, sent before visits were counted): a "Not known" on every
 * such submission would tell the owner nothing and push the facts that matter down a phone's screen.
 */
export function VisitSourceRow({ visit }: { visit: SubmissionVisit | null }) {
  if (!visit) return null;
  return (
    <div className="py-3 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="font-semibold text-slate-700">{text.term}</dt>
      <dd className="mt-1 break-words sm:col-span-2 sm:mt-0">{visitSourceWords(visit)}</dd>
    </div>
  );
}
