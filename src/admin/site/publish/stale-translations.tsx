import { Link } from 'react-router';
import { siteEditorText } from '../../../content/admin-site';
import type { StaleTranslation } from '../draft/stale-translations';
import { fieldLink } from '../fields/field-ids';

const text = siteEditorText.translations;
const linkClass = 'inline-block min-h-6 py-0.5 text-navy-700 underline hover:text-navy-900';

/** A link to each Spanish text older than its English: its part's page, the Spanish box focused. */
export function StaleTranslationLinks({ items }: { items: readonly StaleTranslation[] }) {
  return (
    <ul className="list-disc space-y-1 pl-5">
      {items.map((item) => (
        <li key={item.key}>
          <Link to={fieldLink(item.key, 'es')} className={linkClass}>
            {text.item(item.label)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** One part's count in the parts list; opened, the links. */
export function PartStaleTranslations({ items }: { items: readonly StaleTranslation[] }) {
  if (items.length === 0) return null;
  return (
    <details className="text-sm text-slate-700">
      <summary className="min-h-6 cursor-pointer text-amber-900">
        {text.count(items.length)}
      </summary>
      <StaleTranslationLinks items={items} />
    </details>
  );
}

/** The Publish step's note: publishing stays allowed, and each text is one link away. */
export function PublishStaleTranslations({ items }: { items: readonly StaleTranslation[] }) {
  if (items.length === 0) return null;
  return (
    <div className="space-y-2 rounded-md border-l-4 border-amber-600 bg-amber-50 p-4">
      <p className="text-slate-900">{text.publishIntro(items.length)}</p>
      <StaleTranslationLinks items={items} />
    </div>
  );
}
