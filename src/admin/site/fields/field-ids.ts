import type { Language } from '../../../content/site-values';

/** The element id of a field's control (one per language for a translated text). */
export function fieldDomId(partId: string, path: readonly string[], language?: Language): string {
  const safe = `${partId}-${path.join('-')}`.replace(/[^\w-]/g, '_');
  return `site-field-${safe}${language ? `-${language}` : ''}`;
}

/** The editor's address of a field: its part's page, the field (and language) to focus. */
export function fieldLink(key: string, language?: Language): string {
  const slash = key.indexOf('/');
  const part = slash < 0 ? key : key.slice(0, slash);
  const query = new URLSearchParams();
  if (slash >= 0) query.set('field', key.slice(slash + 1));
  if (language) query.set('lang', language);
  const search = query.toString();
  return `/site/${encodeURIComponent(part)}${search ? `?${search}` : ''}`;
}
