import { use } from 'react';
import { formsContent } from '../../content/forms';
import { useContent } from '../../content/use-content';
import { MessageWords } from '../../forms/published-message';

export interface ErrorSummaryItem {
  name: string;
  message: string;
  /** The id of the field or of its fieldset. */
  targetId: string;
}

interface ErrorSummaryProps {
  id: string;
  items: readonly ErrorSummaryItem[];
  onSelect: (name: string) => void;
}

/** GOV.UK's error summary: a heading and a link to each field in error, in page order. */
export function ErrorSummary({ id, items, onSelect }: ErrorSummaryProps) {
  const { formText } = useContent(formsContent);
  const words = use(MessageWords);
  if (items.length === 0) return null;
  return (
    <div
      aria-labelledby={`${id}-title`}
      role="group"
      className="rounded-md border-4 border-red-700 bg-white p-5"
      data-testid="error-summary"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold text-navy-950">
        {formText.errorSummaryTitle}
      </h2>
      <p className="mt-1 text-slate-700">{formText.errorSummaryIntro}</p>
      <ul className="mt-3 space-y-0.5">
        {items.map((item) => (
          <li key={item.name}>
            <a
              href={`#${item.targetId}`}
              className="inline-block py-0.5 font-semibold text-red-700 underline underline-offset-2 hover:text-red-900"
              onClick={(event) => {
                // The router owns the URL hash: move focus without navigating.
                event.preventDefault();
                onSelect(item.name);
              }}
            >
              {words(item.message)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
