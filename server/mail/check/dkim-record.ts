/**
 * A DKIM public key as the DNS record that publishes it (RFC 6376 §3.6.1): shared by
 * `npm run admin -- dkim-key` (which prints the record to add) and the mail check (which compares
 * the published record with the key the outbox signs with).
 */
import { createPublicKey, type KeyObject } from 'node:crypto';

/** The record's name: `SELECTOR._domainkey.DOMAIN`, lower case. */
export function dkimRecordName(selector: string, domain: string): string {
  return `${selector}._domainkey.${domain}`.toLowerCase();
}

/**
 * The record's value, `v=DKIM1; k=rsa; p=<base64 SPKI DER>`, for a public key (PEM or KeyObject)
 * or a private key (its public half).
 */
export function dkimRecordValue(key: string | KeyObject): string {
  const publicKey = typeof key !== 'string' && key.type === 'public' ? key : createPublicKey(key);
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return `v=DKIM1; k=rsa; p=${der.toString('base64')}`;
}
