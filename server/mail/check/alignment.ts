/**
 * Alignment (RFC 7489 §3.1, relaxed): DMARC passes on SPF only when the envelope sender's domain
 * (MAIL_ENVELOPE_FROM, where bounces go) is in From's organisational domain, and on DKIM only
 * when the signing domain is. The organisational domain is the Public Suffix List's (tldts), so
 * that a.co.uk and b.co.uk are two owners, not one.
 */
import { getDomain } from 'tldts';
import type { AlignmentCheck } from '../../../src/admin/mail-check/contract.ts';
import { domainOf, type NotifyConfig } from '../../config.ts';

/** The address of `Name <address>` or of a bare address. */
export function addressOf(from: string): string {
  return (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim();
}

/** The registrable domain of `domain` (`mail.staffing.example` → `staffing.example`). */
export function organisationalDomain(domain: string): string {
  return getDomain(domain) ?? domain;
}

function aligned(a: string, b: string): boolean {
  return organisationalDomain(a) === organisationalDomain(b);
}

export function checkAlignment(
  notify: Pick<NotifyConfig, 'from' | 'envelopeFrom' | 'dkim'>,
): AlignmentCheck {
  const fromDomain = domainOf(notify.from);
  const envelopeDomain = notify.envelopeFrom ? domainOf(notify.envelopeFrom) : fromDomain;
  const dkimDomain = notify.dkim ? notify.dkim.domain.toLowerCase() : null;
  return {
    fromDomain,
    envelopeDomain,
    spfAligned: aligned(fromDomain, envelopeDomain),
    dkimDomain,
    dkimAligned: dkimDomain === null ? null : aligned(fromDomain, dkimDomain),
  };
}
