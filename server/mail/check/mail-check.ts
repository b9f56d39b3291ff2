/**
 * The mail check (docs/mail-delivery.md): the relay's answer up to the sign-in, the sending
 * domain's SPF, DMARC and DKIM records, and alignment. Shared by `npm run admin -- check-mail`,
 * the launch checklist (GET /admin/api/mail-check) and the inbox's banner (mail-watch.ts).
 */
import type { Resolver } from 'node:dns/promises';
import type { DkimCheck, MailCheck, RecordCheck } from '../../../src/admin/mail-check/contract.ts';
import { domainOf, type NotifyConfig } from '../../config.ts';
import { addressOf, checkAlignment } from './alignment.ts';
import { checkDkim } from './dkim-record.ts';
import { mailCheckResolver } from './dns-lookup.ts';
import { checkDmarc, checkSpf } from './dns-records.ts';
import { checkRelay, relayAddress } from './relay-check.ts';

export { checkAlignment, checkRelay };

/** What a check needs besides the settings; tests give their own DNS server and clock. */
export interface MailCheckOptions {
  /** The resolver asked; default: one on NotifyConfig's `dnsServers`, else the system's. */
  resolver?: Resolver;
  now?: () => number;
}

/** The sending domain's three records. */
export interface DomainRecords {
  domain: string;
  spf: RecordCheck;
  dmarc: RecordCheck;
  dkim: DkimCheck;
}

/**
 * DMARC and DKIM of From's domain, SPF of the envelope sender's (MAIL_ENVELOPE_FROM's, else
 * From's), each with the record to add when missing.
 */
export async function checkDomainRecords(
  notify: NotifyConfig,
  options: MailCheckOptions = {},
): Promise<DomainRecords> {
  const resolver = options.resolver ?? mailCheckResolver(notify);
  const domain = domainOf(notify.from);
  // SPF is judged on the envelope sender's domain (MAIL FROM, RFC 7208 §2.4), not on From's.
  const envelopeDomain = domainOf(notify.envelopeFrom ?? notify.from);
  const [spf, dmarc, dkim] = await Promise.all([
    checkSpf(resolver, envelopeDomain, relayAddress(notify.smtpUrl).host),
    checkDmarc(resolver, domain, notify.from),
    checkDkim(resolver, notify.dkim, domain),
  ]);
  return { domain, spf, dmarc, dkim };
}

/** The whole check; `{ configured: false }` without e-mail set up. */
export async function runMailCheck(
  notify: NotifyConfig | undefined,
  options: MailCheckOptions = {},
): Promise<MailCheck> {
  if (!notify) return { configured: false };
  const now = options.now ?? Date.now;
  const [relay, records] = await Promise.all([
    checkRelay(notify),
    checkDomainRecords(notify, options),
  ]);
  return {
    configured: true,
    checkedAt: now(),
    domain: records.domain,
    from: notify.from,
    envelopeFrom: addressOf(notify.envelopeFrom ?? notify.from),
    relay,
    spf: records.spf,
    dmarc: records.dmarc,
    dkim: records.dkim,
    alignment: checkAlignment(notify),
  };
}
