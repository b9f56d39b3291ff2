/**
 * The sending domain's SPF and DMARC records (docs/mail-delivery.md, "The check"): each found,
 * missing with the record to add, wrong with why (and the record it should be), or not known.
 */
import type { Resolver } from 'node:dns/promises';
import type { DnsRecordToAdd, RecordCheck } from '../../../src/admin/mail-check/contract.ts';
import { addressOf, organisationalDomain } from './alignment.ts';
import { lookupTxt, tagged } from './dns-lookup.ts';
import { providerIncludeFor, spfMechanismFor } from './relay-providers.ts';

/**
 * A TXT record at `name` in `domain`, its host given relative to the zone a DNS host keeps for
 * the owner: the organisational domain's (`mail` for mail.staffing.example, `_dmarc.mail` for
 * its DMARC), not the subdomain's, which the owner's DNS host has no form of its own for.
 */
export function txtRecord(name: string, domain: string, value: string): DnsRecordToAdd {
  const zone = organisationalDomain(domain);
  const host = name === zone ? '@' : name.slice(0, -(zone.length + 1));
  return { type: 'TXT', name, host, value };
}

/** An SPF `all` that lets anyone send: `+all`, or `all` without a qualifier (RFC 7208 §4.6.2). */
const ALLOWS_ALL = /(^|\s)\+?all(\s*)$/i;

/**
 * The record with `~all` in place of `+all`; one that allowed nobody else also allows the relay
 * (else the fix would let no server send).
 */
function withoutAllowAll(record: string, relayHost: string): string {
  const terms = record.trim().replace(ALLOWS_ALL, '').split(/\s+/).slice(1);
  const allows = terms.some((term) => term !== '' && !/^[-~?+]?all$/i.test(term));
  return [`v=spf1`, ...terms, ...(allows ? [] : [spfMechanismFor(relayHost)]), '~all'].join(' ');
}

/**
 * SPF: one `v=spf1` TXT record at `domain`. Missing: one that allows the relay (its provider's
 * include, else its host) and soft-fails the rest.
 */
export async function checkSpf(
  resolver: Resolver,
  domain: string,
  relayHost: string,
): Promise<RecordCheck> {
  const answer = await lookupTxt(resolver, domain);
  if ('code' in answer) return { state: 'unknown', name: domain, code: answer.code };
  const records = tagged(answer.values, 'v=spf1');
  const [record] = records;
  if (record === undefined) {
    const add = txtRecord(domain, domain, `v=spf1 ${spfMechanismFor(relayHost)} ~all`);
    return { state: 'missing', name: domain, add };
  }
  if (records.length > 1) {
    return { state: 'wrong', name: domain, value: records.join('\n'), why: 'spf-twice' };
  }
  if (ALLOWS_ALL.test(record.trim())) {
    const fixed =
      relayAdded(withoutAllowAll(record, relayHost), relayHost) ??
      withoutAllowAll(record, relayHost);
    const fix = txtRecord(domain, domain, fixed);
    return { state: 'wrong', name: domain, value: record, why: 'spf-allows-all', fix };
  }
  const withRelay = relayAdded(record, relayHost);
  return {
    state: 'found',
    name: domain,
    value: record,
    ...(withRelay ? { withRelay: txtRecord(domain, domain, withRelay) } : {}),
  };
}

/**
 * The record with the relay's provider added before its `all`, when the relay is a known
 * provider's and the record names neither its include nor a `redirect=` (undefined otherwise).
 * Only a hint: an include of the owner's own may list the provider's servers in turn.
 */
function relayAdded(record: string, relayHost: string): string | undefined {
  const include = providerIncludeFor(relayHost);
  if (include === undefined) return undefined;
  const terms = record.trim().split(/\s+/);
  const named = (term: string) => term.replace(/^[+?~-]/, '').toLowerCase();
  if (terms.some((term) => named(term) === include || named(term).startsWith('redirect='))) {
    return undefined;
  }
  const all = terms.findIndex((term) => /^[-~?+]?all$/i.test(term));
  const at = all === -1 ? terms.length : all;
  return [...terms.slice(0, at), include, ...terms.slice(at)].join(' ');
}

/**
 * DMARC: one `v=DMARC1` TXT record at `_dmarc.DOMAIN` (or at the organisational domain's, which
 * receivers fall back to, RFC 7489 §6.6.3). Missing: a policy that only asks for reports, sent
 * to From's address.
 */
export async function checkDmarc(
  resolver: Resolver,
  domain: string,
  from: string,
): Promise<RecordCheck> {
  const value = `v=DMARC1; p=none; rua=mailto:${addressOf(from)}`;
  const found = await dmarcAt(resolver, domain, value);
  const organisational = organisationalDomain(domain);
  if (found.state !== 'missing' || organisational === domain) return found;
  const fallback = await dmarcAt(resolver, organisational, value);
  return fallback.state === 'missing' ? found : fallback;
}

async function dmarcAt(resolver: Resolver, domain: string, toAdd: string): Promise<RecordCheck> {
  const name = `_dmarc.${domain}`;
  const answer = await lookupTxt(resolver, name);
  if ('code' in answer) return { state: 'unknown', name, code: answer.code };
  const records = tagged(answer.values, 'v=DMARC1');
  const [record] = records;
  if (record === undefined) {
    return { state: 'missing', name, add: txtRecord(name, domain, toAdd) };
  }
  if (records.length > 1) {
    return { state: 'wrong', name, value: records.join('\n'), why: 'dmarc-twice' };
  }
  return { state: 'found', name, value: record };
}
