/**
 * The mail check's TXT lookups: Node's resolver (on MAIL_DNS_SERVERS when set), each answer read
 * as found, missing (the name or the record does not exist) or not known (the DNS did not answer).
 */
import { Resolver } from 'node:dns/promises';
import type { NotifyConfig } from '../../config.ts';

/** A resolver that gives up soon: 2 s a try, 2 tries (a check waits on every lookup at once). */
export function mailCheckResolver(notify: Pick<NotifyConfig, 'dnsServers'>): Resolver {
  const resolver = new Resolver({ timeout: 2_000, tries: 2 });
  if (notify.dnsServers?.length) resolver.setServers(notify.dnsServers);
  return resolver;
}

/**
 * The TXT values at `name` (each record's strings joined), `[]` when the name or its TXT records
 * do not exist, or the resolver's code when the DNS did not answer (SERVFAIL, a time-out, refused):
 * a lookup that failed is never "missing".
 */
export type TxtAnswer = { values: string[] } | { code: string };

const MISSING = new Set(['ENOTFOUND', 'ENODATA']);

export async function lookupTxt(resolver: Resolver, name: string): Promise<TxtAnswer> {
  try {
    const records = await resolver.resolveTxt(name);
    return { values: records.map((strings) => strings.join('')) };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && MISSING.has(code)) return { values: [] };
    return { code: typeof code === 'string' ? code : 'ERROR' };
  }
}

/** The records among `values` that start with `tag` (`v=spf1`, `v=DMARC1`), case aside. */
export function tagged(values: readonly string[], tag: string): string[] {
  const start = new RegExp(`^\\s*${tag.replace('=', '\\s*=\\s*')}(;|\\s|$)`, 'i');
  return values.filter((value) => start.test(value));
}
