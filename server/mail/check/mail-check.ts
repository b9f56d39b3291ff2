/* eslint-disable @typescript-eslint/no-unused-vars -- a stub its helper replaces (issue 49) */
/**
 * The mail check (docs/mail-delivery.md): the relay's answer up to the sign-in, the sending
 * domain's SPF, DMARC and DKIM records, and alignment. Shared by `npm run admin -- check-mail`,
 * the launch checklist (GET /admin/api/mail-check) and the inbox's banner (mail-watch.ts).
 */
import type { Resolver } from 'node:dns/promises';
import type {
  AlignmentCheck,
  DkimCheck,
  MailCheck,
  RecordCheck,
  RelayCheck,
} from '../../../src/admin/mail-check-contract.ts';
import type { NotifyConfig } from '../../config.ts';

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

/** A session with the relay up to the sign-in, no message sent (nodemailer's `verify()`). */
export async function checkRelay(_notify: NotifyConfig): Promise<RelayCheck> {
  throw new Error('not built yet (helper A)');
}

/** SPF, DMARC and DKIM of From's domain, each with the record to add when missing. */
export async function checkDomainRecords(
  _notify: NotifyConfig,
  _options: MailCheckOptions = {},
): Promise<DomainRecords> {
  throw new Error('not built yet (helper A)');
}

/** Whether the envelope sender's domain and the signing domain align with From's. */
export function checkAlignment(_notify: NotifyConfig): AlignmentCheck {
  throw new Error('not built yet (helper A)');
}

/** The whole check; `{ configured: false }` without e-mail set up. */
export async function runMailCheck(
  _notify: NotifyConfig | undefined,
  _options: MailCheckOptions = {},
): Promise<MailCheck> {
  throw new Error('not built yet (helper A)');
}
