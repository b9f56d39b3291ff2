/* eslint-disable @typescript-eslint/no-unused-vars -- a stub its helper replaces (issue 49) */
/**
 * A MailCheck as lines (docs/mail-delivery.md): one per item, with its words
 * (src/content/admin-mail-check.ts), said the same by the launch checklist's mail section and
 * `npm run admin -- check-mail` (the server imports it: no React).
 */
import type { DnsRecordToAdd, MailCheck } from './mail-check-contract';

/** One item of the check, as both the editor and the CLI show it. */
export interface MailCheckLine {
  key: 'setup' | 'relay' | 'spf' | 'dmarc' | 'dkim' | 'alignment';
  /** ok: nothing to do; problem: mail may not arrive until fixed; note: worth knowing; unknown: the check could not tell. */
  state: 'ok' | 'problem' | 'note' | 'unknown';
  title: string;
  /** What was found. */
  detail: string;
  /** What to do, when something is to be done. */
  fix?: string | undefined;
  /** The DNS record to add or put in place of the one found. */
  record?: DnsRecordToAdd | undefined;
}

/** Every line of `check`, in the order an owner fixes them. */
export function mailCheckLines(_check: MailCheck): MailCheckLine[] {
  throw new Error('not built yet (helper A)');
}
