/**
 * The DKIM record (docs/mail-delivery.md, "The check"): at `SELECTOR._domainkey.DKIM_DOMAIN` for
 * DKIM_SELECTOR; with DKIM_PRIVATE_KEY_FILE it must publish that key's public half. With no
 * selector set, the first of the selectors providers commonly use that has a record.
 */
import { createPublicKey, type KeyObject } from 'node:crypto';
import type { Resolver } from 'node:dns/promises';
import type { DkimCheck, RecordCheck } from '../../../src/admin/mail-check/contract.ts';
import type { DkimConfig } from '../../config.ts';
import { lookupTxt } from './dns-lookup.ts';
import { txtRecord } from './dns-records.ts';
import { COMMON_DKIM_SELECTORS } from './relay-providers.ts';

/** A record's tags (`v=DKIM1; k=rsa; p=MIIB…`), names lower case, values trimmed. */
function tags(value: string): Map<string, string> {
  const pairs = value.split(';').map((part) => {
    const at = part.indexOf('=');
    return [part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim()] as const;
  });
  return new Map(pairs.filter(([name]) => name !== ''));
}

/** The DKIM records among TXT values: a `v=DKIM1` first, or (v= is optional) a `p=` tag. */
function dkimRecords(values: readonly string[]): string[] {
  return values.filter((value) => {
    const found = tags(value);
    const version = found.get('v');
    return version === undefined ? found.has('p') : version.toUpperCase() === 'DKIM1';
  });
}

/** The public key's value for `p=`: SPKI DER in base64 (RSA), the raw 32 octets (Ed25519, RFC 8463). */
function publicKeyValue(key: KeyObject): string {
  const der = key.export({ type: 'spki', format: 'der' });
  return (key.asymmetricKeyType === 'ed25519' ? der.subarray(-32) : der).toString('base64');
}

/** The record's name: `SELECTOR._domainkey.DOMAIN`, lower case. */
export function dkimRecordName(selector: string, domain: string): string {
  return `${selector}._domainkey.${domain}`.toLowerCase();
}

/**
 * The DKIM record that publishes a key (RFC 6376 §3.6.1): a public key, or a private key's public
 * half (PEM or KeyObject). Shared by the check and `npm run admin -- dkim-key`.
 */
export function dkimRecordValue(given: string | KeyObject): string {
  const key = typeof given !== 'string' && given.type === 'public' ? given : createPublicKey(given);
  const type = key.asymmetricKeyType === 'ed25519' ? 'ed25519' : 'rsa';
  return `v=DKIM1; k=${type}; p=${publicKeyValue(key)}`;
}

/** Whether a record's `p=` is the public half of `privateKeyPem` (whatever its spacing). */
function holdsKey(p: string, privateKeyPem: string): boolean {
  const ours = publicKeyValue(createPublicKey(privateKeyPem));
  const theirs = p.replace(/\s+/g, '');
  if (theirs === ours) return true;
  try {
    const der = Buffer.from(theirs, 'base64');
    return publicKeyValue(createPublicKey({ key: der, format: 'der', type: 'spki' })) === ours;
  } catch {
    return false;
  }
}

/** The record at `name` read against the key we sign with, if any. */
async function dkimAt(
  resolver: Resolver,
  name: string,
  domain: string,
  privateKey: string | undefined,
): Promise<RecordCheck> {
  const answer = await lookupTxt(resolver, name);
  if ('code' in answer) return { state: 'unknown', name, code: answer.code };
  const ours = privateKey ? txtRecord(name, domain, dkimRecordValue(privateKey)) : undefined;
  const [record] = dkimRecords(answer.values);
  if (record === undefined) {
    // Without our key, the record is the relay's to give: its value is not known here.
    const add = ours ?? txtRecord(name, domain, 'v=DKIM1; k=rsa; p=PUBLIC_KEY_FROM_YOUR_RELAY');
    return { state: 'missing', name, add };
  }
  const p = tags(record).get('p') ?? '';
  if (p.replace(/\s+/g, '') === '') {
    return { state: 'wrong', name, value: record, why: 'dkim-revoked', fix: ours };
  }
  if (privateKey && ours && !holdsKey(p, privateKey)) {
    return { state: 'wrong', name, value: record, why: 'dkim-other-key', fix: ours };
  }
  return { state: 'found', name, value: record };
}

/**
 * DKIM_SELECTOR's record in DKIM_DOMAIN; with none set, the common selectors at From's domain,
 * all asked at once, the first in COMMON_DKIM_SELECTORS's order that has a record reported.
 */
export async function checkDkim(
  resolver: Resolver,
  dkim: DkimConfig | undefined,
  fromDomain: string,
): Promise<DkimCheck> {
  if (dkim) {
    const domain = dkim.domain.toLowerCase();
    const name = dkimRecordName(dkim.selector, domain);
    const record = await dkimAt(resolver, name, domain, dkim.privateKey);
    return { selector: dkim.selector, signing: dkim.privateKey ? 'here' : 'relay', record };
  }
  const tried = await Promise.all(
    COMMON_DKIM_SELECTORS.map(async (selector) => {
      const name = dkimRecordName(selector, fromDomain);
      return { selector, record: await dkimAt(resolver, name, fromDomain, undefined) };
    }),
  );
  const found = tried.find(
    ({ record }) => record.state !== 'missing' && record.state !== 'unknown',
  );
  if (found) return { selector: found.selector, signing: 'unknown', record: found.record };
  // None found: say so only if every lookup answered; a DNS that failed is not "none".
  const failed = tried.find(({ record }) => record.state === 'unknown');
  return { selector: null, signing: 'unknown', record: failed ? failed.record : null };
}
