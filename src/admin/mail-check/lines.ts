/**
 * A MailCheck as lines (docs/mail-delivery.md): one per item, with its words
 * (src/content/admin-mail-check.ts), said the same by the launch checklist's mail section and
 * `npm run admin -- check-mail` (the server imports it: no React).
 */
import { mailCheckText, type RelayFailureKind } from '../../content/admin-mail-check';
import type {
  AlignmentCheck,
  DkimCheck,
  DnsRecordToAdd,
  MailCheck,
  RecordCheck,
  RelayCheck,
} from './contract';

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

const text = mailCheckText;

/** STARTTLS refused (ETLS), or the TLS handshake's own code: server/mail/send-failures.ts's list. */
const TLS_FAILURE = /^(ETLS$|ERR_SSL_|ERR_TLS_|EPROTO$|CERT_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_)/;

/** What the owner does about a relay's failure, from its code (server/mail/send-failures.ts's). */
function relayFailureKind(code: string): RelayFailureKind {
  const [name = '', reply = ''] = code.split(' ');
  if (name === 'EAUTH' && reply !== '530') return 'signIn';
  if (name === 'ENOAUTH' || reply === '530') return 'signInMissing';
  if (name === 'ECONNREFUSED') return 'refused';
  if (name === 'ENOTFOUND' || name === 'EAI_AGAIN' || name === 'EDNS') return 'notFound';
  if (name === 'ETIMEDOUT') return 'timeout';
  if (TLS_FAILURE.test(name)) return 'tls';
  return 'other';
}

/**
 * What to do about a relay's failure code, the check's own words (the test e-mail's answer says
 * them too, whether or not the check above could run).
 */
export function relayFailureFix(code: string): string {
  return text.relay.fix[relayFailureKind(code)];
}

function relayLine(relay: RelayCheck): MailCheckLine {
  const where = `${relay.host}:${relay.port}`;
  const line = { key: 'relay', title: text.relay.title } as const;
  if (relay.state === 'ok') {
    if (relay.signedIn && !relay.secure) {
      const detail = text.relay.plainPassword(where);
      return { ...line, state: 'note', detail, fix: text.relay.plainPasswordFix };
    }
    return { ...line, state: 'ok', detail: text.relay.ok(where, relay.signedIn, relay.secure) };
  }
  const { code, response } = relay;
  const kind = relayFailureKind(code);
  const failed = text.relay.failed;
  const details: Record<RelayFailureKind, () => string> = {
    signIn: () => failed.signIn(code, response),
    signInMissing: () => failed.signInMissing(code, response),
    refused: () => failed.refused(where, code),
    notFound: () => failed.notFound(relay.host, code),
    timeout: () => failed.timeout(where, code),
    tls: () => failed.tls(where, code, response),
    other: () => failed.other(where, code, response),
  };
  return { ...line, state: 'problem', detail: details[kind](), fix: text.relay.fix[kind] };
}

function spfLine(spf: RecordCheck): MailCheckLine {
  const line = { key: 'spf', title: text.spf.title } as const;
  switch (spf.state) {
    case 'found':
      if (spf.withRelay) {
        const detail = text.spf.withoutRelay(spf.name, spf.value);
        return {
          ...line,
          state: 'note',
          detail,
          fix: text.spf.withoutRelayFix,
          record: spf.withRelay,
        };
      }
      return { ...line, state: 'ok', detail: text.spf.found(spf.name, spf.value) };
    case 'missing':
      return {
        ...line,
        state: 'problem',
        detail: text.spf.missing,
        fix: text.spf.missingFix,
        record: spf.add,
      };
    case 'unknown':
      return unknownLine(line, spf.name, spf.code, text.spf);
    case 'wrong':
      return spf.why === 'spf-allows-all'
        ? {
            ...line,
            state: 'problem',
            detail: text.spf.allowsAll(spf.name),
            fix: text.spf.allowsAllFix,
            record: spf.fix,
          }
        : { ...line, state: 'problem', detail: text.spf.twice(spf.name), fix: text.spf.twiceFix };
  }
}

function unknownLine<K extends MailCheckLine['key']>(
  line: { key: K; title: string },
  name: string,
  code: string,
  words: { unknown: (name: string, code: string) => string; unknownFix: string },
): MailCheckLine {
  return { ...line, state: 'unknown', detail: words.unknown(name, code), fix: words.unknownFix };
}

function dkimLine(dkim: DkimCheck): MailCheckLine {
  const line = { key: 'dkim', title: text.dkim.title } as const;
  const words = text.dkim;
  const { record } = dkim;
  if (record === null) {
    return { ...line, state: 'note', detail: words.noneFound, fix: words.noneFoundFix };
  }
  const here = dkim.signing === 'here';
  switch (record.state) {
    case 'unknown':
      return unknownLine(line, record.name, record.code, words);
    case 'found':
      if (dkim.signing === 'unknown' && dkim.selector !== null) {
        const detail = words.foundGuessed(record.name, dkim.selector);
        return { ...line, state: 'note', detail, fix: words.foundGuessedFix(dkim.selector) };
      }
      return {
        ...line,
        state: 'ok',
        detail: here ? words.foundHere(record.name) : words.foundRelay(record.name),
      };
    case 'missing':
      return here
        ? {
            ...line,
            state: 'problem',
            detail: words.missingHere(record.name),
            fix: words.missingHereFix,
            record: record.add,
          }
        : // Without our key the record is the mail provider's to give: no value to show.
          {
            ...line,
            state: 'problem',
            detail: words.missingRelay(record.name),
            fix: words.missingRelayFix,
          };
    case 'wrong':
      if (record.why === 'dkim-other-key') {
        const detail = words.otherKey(record.name);
        return { ...line, state: 'problem', detail, fix: words.otherKeyFix, record: record.fix };
      }
      return {
        ...line,
        state: 'problem',
        detail: words.revoked(record.name),
        fix: record.fix ? words.revokedFixHere : words.revokedFixRelay,
        record: record.fix,
      };
  }
}

function dmarcLine(dmarc: RecordCheck): MailCheckLine {
  const line = { key: 'dmarc', title: text.dmarc.title } as const;
  switch (dmarc.state) {
    case 'found':
      return { ...line, state: 'ok', detail: text.dmarc.found(dmarc.name, dmarc.value) };
    case 'missing':
      return {
        ...line,
        state: 'problem',
        detail: text.dmarc.missing,
        fix: text.dmarc.missingFix,
        record: dmarc.add,
      };
    case 'unknown':
      return unknownLine(line, dmarc.name, dmarc.code, text.dmarc);
    case 'wrong':
      return {
        ...line,
        state: 'problem',
        detail: text.dmarc.twice(dmarc.name),
        fix: text.dmarc.twiceFix,
      };
  }
}

/**
 * SPF aligned: ok, unless the signature is made as another domain (DMARC then rests on SPF). Not
 * aligned: a note when a signature in From's domain carries DMARC, a problem when none does.
 */
function alignmentLine(alignment: AlignmentCheck, dkim: DkimCheck): MailCheckLine {
  const line = { key: 'alignment', title: text.alignment.title } as const;
  const words = text.alignment;
  const { fromDomain: from, envelopeDomain: envelope, dkimDomain } = alignment;
  if (alignment.spfAligned) {
    if (alignment.dkimAligned === false && dkimDomain !== null) {
      const detail = words.dkimElsewhere(dkimDomain, from);
      return { ...line, state: 'note', detail, fix: words.dkimElsewhereFix(from) };
    }
    return { ...line, state: 'ok', detail: words.aligned(from) };
  }
  const bounces = words.bouncesElsewhere(envelope, from);
  if (alignment.dkimAligned === true && dkimDomain !== null) {
    return { ...line, state: 'note', detail: `${bounces} ${words.restsOnDkim(dkimDomain)}` };
  }
  const guessed = alignment.dkimAligned === null && dkim.record?.state === 'found';
  if (guessed) {
    return { ...line, state: 'note', detail: `${bounces} ${words.restsOnUnknownDkim}` };
  }
  const detail = `${bounces} ${words.neither(from)}`;
  return { ...line, state: 'problem', detail, fix: words.neitherFix(from) };
}

/** Every line of `check`, in the order an owner fixes them. */
export function mailCheckLines(check: MailCheck): MailCheckLine[] {
  if (!check.configured) {
    const { title, detail, fix } = text.setup;
    return [{ key: 'setup', state: 'problem', title, detail, fix }];
  }
  return [
    relayLine(check.relay),
    spfLine(check.spf),
    dkimLine(check.dkim),
    dmarcLine(check.dmarc),
    alignmentLine(check.alignment, check.dkim),
  ];
}
