import { adminText } from '../../content/admin';
import type { VisitSource } from '../contract';

const text = adminText.visitSource;

/**
 * How a visit began, in the owner's words: 'Search (Google)', 'Campaign "flyer" (campaign:
 * spring)', 'Direct'. The submission's page and the weekly picture say a source the same way.
 */
export function sourceWords({ kind, name, campaign }: VisitSource): string {
  const known = text.names[name] ?? name;
  return `${text.kinds[kind](known)}${campaign ? text.campaign(campaign) : ''}`;
}
