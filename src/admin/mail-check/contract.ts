/**
 * The mail check's shapes (docs/mail-delivery.md), shared by the server (server/mail/check/), the
 * CLI (`npm run admin -- check-mail`), the launch checklist's mail section (src/admin/site/) and
 * the inbox's banner. Codes and values only: the words are src/content/admin-mail-check.ts's, so
 * that the CLI and the editor say the same.
 */

/** A DNS record the owner adds at the DNS host, exactly as it must read. */
export interface DnsRecordToAdd {
  type: 'TXT';
  /** The full name (`_dmarc.staffing.example`); DNS hosts that want the part before the domain get `host`. */
  name: string;
  /** The name relative to the domain (`_dmarc`, `@` for the domain itself). */
  host: string;
  value: string;
}

/**
 * One TXT lookup: found (its value), missing (no such record: the record to add), or not known
 * (the DNS did not answer: a time-out or SERVFAIL, with the resolver's code). `wrong` is a record
 * found that does not do its job (two SPF records, a DKIM record without a key, a key that is
 * not the one we sign with): `fix` is the record it should be.
 */
export type RecordCheck =
  | {
      state: 'found';
      name: string;
      value: string;
      /**
       * SPF only: the relay is a known provider's and the record names none of its servers
       * (`include:_spf.google.com`): a note, since an include of the owner's own may hold it.
       * The record with the provider's include added.
       */
      withRelay?: DnsRecordToAdd;
    }
  | { state: 'missing'; name: string; add: DnsRecordToAdd }
  | { state: 'wrong'; name: string; value: string; why: RecordProblem; fix?: DnsRecordToAdd }
  | { state: 'unknown'; name: string; code: string };

export type RecordProblem =
  /** More than one `v=spf1` record: receivers treat SPF as broken (RFC 7208 §4.5). */
  | 'spf-twice'
  /** The SPF record ends in `+all`: anyone may send as the domain. */
  | 'spf-allows-all'
  /** A `v=DKIM1` record whose `p=` is empty (a revoked key). */
  | 'dkim-revoked'
  /** The published key is not the public half of DKIM_PRIVATE_KEY_FILE. */
  | 'dkim-other-key'
  /** More than one `v=DMARC1` record. */
  | 'dmarc-twice';

/** The relay's answer to a session up to the sign-in (no message sent). */
export type RelayCheck =
  | {
      state: 'ok';
      /** The relay's host and port (never the URL: it holds the password). */
      host: string;
      port: number;
      /** Whether the session signed in (a user in SMTP_URL) and was encrypted (TLS or STARTTLS). */
      signedIn: boolean;
      secure: boolean;
    }
  | {
      state: 'failed';
      host: string;
      port: number;
      /** nodemailer's code with the relay's reply code ('EAUTH 535', 'ECONNREFUSED', 'ETIMEDOUT'). */
      code: string;
      /** The relay's own reply line, when it gave one ("535 5.7.8 Invalid credentials"). */
      response?: string | undefined;
    };

/** Whether the envelope sender (bounces) and the DKIM signature are in the From address's domain. */
export interface AlignmentCheck {
  /** From's domain (NOTIFY_FROM, or the first NOTIFY_TO). */
  fromDomain: string;
  /** MAIL_ENVELOPE_FROM's domain, or From's when unset. */
  envelopeDomain: string;
  /** SPF aligns (relaxed, RFC 7489 §3.1.2): both in the same organisational domain. */
  spfAligned: boolean;
  /** The signing domain (DKIM_DOMAIN or From's), null when we do not know who signs. */
  dkimDomain: string | null;
  dkimAligned: boolean | null;
}

/**
 * The DKIM record: for DKIM_SELECTOR (ours, or the relay's), or, with no selector set, the first
 * of the selectors mail providers commonly use that has a record (`selector: null` when none has).
 * `signing`: 'here' when the outbox signs (DKIM_PRIVATE_KEY_FILE), 'relay' when a selector is
 * named without a key (the relay signs with it), 'unknown' when no selector is set.
 */
export interface DkimCheck {
  selector: string | null;
  signing: 'here' | 'relay' | 'unknown';
  record: RecordCheck | null;
}

/** GET /admin/api/mail-check, and the CLI's check. */
export type MailCheck =
  | { configured: false }
  | {
      configured: true;
      /** When it was run (ms since the epoch). */
      checkedAt: number;
      /** The sending domain: From's. */
      domain: string;
      from: string;
      envelopeFrom: string;
      relay: RelayCheck;
      spf: RecordCheck;
      dmarc: RecordCheck;
      dkim: DkimCheck;
      alignment: AlignmentCheck;
    };

/**
 * POST /admin/api/mail-check/test-email (empty body) → TestEmailResult: an e-mail sent at once to
 * the signed-in account's address, past the outbox, with the relay's answer. 429 when one was
 * sent in the last TEST_EMAIL_EVERY_MS; 409 when e-mail is not set up.
 */
export type TestEmailResult =
  | { sent: true; to: string; messageId: string; response: string }
  | { sent: false; to: string; code: string; response?: string | undefined };

export const TEST_EMAIL_EVERY_MS = 30_000;

/**
 * What the inbox's banner says of the sending domain's records (SessionInfo.mail.dns): from the
 * instance's last check (at start, then every hour, and when the launch checklist looked them up); only records found missing or wrong, never
 * a lookup that failed.
 */
export interface MailDnsState {
  domain: string;
  /** The records to add or mend, by name. */
  problems: ('spf' | 'dmarc' | 'dkim')[];
  checkedAt: number;
}

/** E-mails given up (no more tries) in the last GAVE_UP_SHOWN_DAYS (SessionInfo.mail.gaveUp). */
export interface GaveUpState {
  count: number;
  /** The latest: when, and its code ('EENVELOPE 550'). */
  lastAt: number;
  lastCode: string | null;
}

export const GAVE_UP_SHOWN_DAYS = 7;
