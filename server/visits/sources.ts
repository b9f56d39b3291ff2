/**
 * How a visit began (README.md): its referrer grouped into kinds people understand, and its
 * campaign tags. The one place that classifies a source, for the counts and for a submission.
 */
import type { VisitSource } from '../../src/admin/contract.ts';

/**
 * The source of a visit whose document had `referrer` (a URL, or '' / undefined for none) and
 * `search` ('?utm_source=flyer&utm_campaign=spring', '?ref=flyer', or ''): a campaign tag first,
 * else the referrer's kind; a referrer on one of `ownHosts` (the site itself) is no referrer.
 * Never throws; names are cut to what is safe to keep and show.
 */
export function sourceOf(
  referrer: string | undefined,
  search: string | undefined,
  ownHosts: readonly string[] = [],
): VisitSource {
  const tags = new URLSearchParams(search ?? '');
  const tag = tags.get('utm_source') ?? tags.get('ref');
  if (tag) return { kind: 'campaign', name: tag.slice(0, 40), campaign: '' };
  if (!referrer || !URL.canParse(referrer)) return { kind: 'direct', name: '', campaign: '' };
  const host = new URL(referrer).hostname;
  if (ownHosts.includes(host)) return { kind: 'direct', name: '', campaign: '' };
  return { kind: 'site', name: host, campaign: '' };
}
