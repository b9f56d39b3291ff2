/**
 * The visit's record (docs/visits.md): how the tab's visit began, kept by the page's first script
 * for the visit's length in session storage (never local storage nor a cookie), and sent with a
 * form to the site's own receiver as the `Visit` header, so that the submission knows its source
 * (server/visits/submission-source.ts).
 */

/** How a visit began; the header's fields. */
export interface VisitRecord {
  /** The document's referrer: in the header, only another site's, without its query. */
  r: string;
  /** The campaign tags of the first address ('?utm_source=flyer', or ''). */
  q: string;
  /** The first page's route path ('/', '/team'). */
  p: string;
  /** The first page's language ('en', 'es'). */
  l: string;
}

const KEY = 'visit';
/** The header's longest value. */
export const VISIT_HEADER_MAX = 600;

/**
 * Only the campaign tags of `search` (`utm_source`, `utm_campaign`, `ref`: '?utm_source=flyer&x=1'
 * → '?utm_source=flyer'), as written; any other query data stays out.
 */
export function campaignTags(search: string): string {
  const tags = search.match(/[?&](utm_(source|campaign)|ref)=[^&]*/g) ?? [];
  return tags.join('').replace(/^&/, '?');
}

/** A referrer without its query or fragment, cut short; '' for the site's own pages or none. */
export function externalReferrer(referrer: string, ownOrigin: string): string {
  return referrer.startsWith(`${ownOrigin}/`)
    ? ''
    : (referrer.split(/[?#]/)[0] ?? '').slice(0, 200);
}

/**
 * Keeps the visit's record for the tab (`visit`: the load beacon's body as JSON, its `r` the
 * document's referrer, any; its fields other than VisitRecord's are ignored), unless one is kept
 * already: only the visit's first document writes it. Throws when session storage is refused (a
 * privacy mode): a submission then has only its own page's source.
 */
export function recordVisit(visit: string): void {
  if (!window.sessionStorage.getItem(KEY)) window.sessionStorage.setItem(KEY, visit);
}

function keptRecord(): VisitRecord | undefined {
  try {
    const kept: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null');
    if (typeof kept !== 'object' || kept === null) return undefined;
    const text = (name: string) => {
      const value: unknown = (kept as Record<string, unknown>)[name];
      return typeof value === 'string' ? value : '';
    };
    return {
      r: externalReferrer(text('r'), window.location.origin),
      q: text('q'),
      p: text('p'),
      l: text('l'),
    };
  } catch {
    return undefined;
  }
}

/**
 * The visit's record as the `Visit` request header's value (`r=…&q=…&p=…&l=…`, URLSearchParams
 * text, at most VISIT_HEADER_MAX characters: the referrer goes first, then the tags, when too long);
 * undefined when there is none.
 */
export function visitHeader(): string | undefined {
  const record = keptRecord();
  if (!record) return undefined;
  const tries = [record, { ...record, r: '' }, { ...record, r: '', q: '' }];
  return tries
    .map((fields) => new URLSearchParams({ ...fields }).toString())
    .find((text) => text.length <= VISIT_HEADER_MAX);
}
