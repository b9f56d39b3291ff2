/**
 * The mail check's words (docs/mail-delivery.md), said the same by the launch checklist's mail
 * section and `npm run admin -- check-mail` (src/admin/mail-check/lines.ts puts them together).
 * Plain words first, the technical name after; each problem with its fix.
 */

/** The relay's failures, by what the owner does about them (mail-check/lines.ts sorts the codes). */
export type RelayFailureKind =
  'signIn' | 'signInMissing' | 'refused' | 'notFound' | 'timeout' | 'tls' | 'other';

/** `detail` ends with the technical name in brackets: `(EAUTH 535: 535 Invalid credentials)`. */
const technical = (code: string, response?: string) =>
  response ? `(${code}: ${response})` : `(${code})`;

const addRecord = 'Add this TXT record at your DNS host';
const replaceRecord = 'Put this TXT record at your DNS host in place of the one found';
const dnsUnknown = (name: string, code: string) =>
  `The DNS did not answer for ${name}, so this could not be checked (${code})`;
const dnsUnknownFix = 'Run the check again in a few minutes; if this lasts, ask your DNS host';

export const mailCheckText = {
  heading: 'E-mail delivery',
  intro:
    'Whether the site’s e-mails (acknowledgements, your notifications, replies) can reach Gmail and Outlook inboxes.',

  setup: {
    title: 'E-mail is not set up',
    detail:
      'The site sends no e-mail: no acknowledgement to visitors and no notification to you (SMTP_URL and NOTIFY_TO are not set).',
    fix: 'Set SMTP_URL (your mail provider’s SMTP server, with its user name and password) and NOTIFY_TO (the address that gets the submissions), then restart the site',
  },

  relay: {
    title: 'Mail server (SMTP_URL)',
    ok: (where: string, signedIn: boolean, secure: boolean) =>
      `The mail server answers${signedIn ? ' and accepts the sign-in' : ''} (${where}, ${
        secure ? 'encrypted' : 'not encrypted'
      })`,
    plainPassword: (where: string) =>
      `The mail server answers and accepts the sign-in, but the password went unencrypted (${where}, no TLS or STARTTLS)`,
    plainPasswordFix:
      'Use smtps:// with port 465, or port 587 with STARTTLS, in SMTP_URL, as your mail provider says',
    failed: {
      signIn: (code: string, response?: string) =>
        `The mail server refused the user name or password in SMTP_URL ${technical(code, response)}`,
      signInMissing: (code: string, response?: string) =>
        `The mail server wants a sign-in that SMTP_URL does not give ${technical(code, response)}`,
      refused: (where: string, code: string) =>
        `Nothing answers at ${where}: no mail server there, or a firewall in the way ${technical(code)}`,
      notFound: (host: string, code: string) =>
        `The mail server’s name ${host} is not found ${technical(code)}`,
      timeout: (where: string, code: string) =>
        `The mail server did not answer in time at ${where} ${technical(code)}`,
      tls: (where: string, code: string, response?: string) =>
        `The encrypted connection to the mail server at ${where} failed ${technical(code, response)}`,
      other: (where: string, code: string, response?: string) =>
        `The mail server at ${where} did not accept the session ${technical(code, response)}`,
    } satisfies Record<RelayFailureKind, unknown>,
    fix: {
      signIn:
        'Put the right user name and password (an app password for Gmail/Outlook) in SMTP_URL and restart',
      signInMissing:
        'Put your mail account’s user name and password in SMTP_URL (smtp://USER:PASSWORD@HOST:587) and restart',
      refused:
        'Check the host and port in SMTP_URL (587 or 465 for most providers), and that this server may connect out to it',
      notFound: 'Check the host name in SMTP_URL against your mail provider’s settings',
      timeout:
        'Check the host and port in SMTP_URL; many hosting providers block port 25 going out: use 587 or 465',
      tls: 'Use smtps:// with port 465, or smtp:// with port 587 (STARTTLS), as your mail provider says',
      other: 'Check SMTP_URL against your mail provider’s SMTP settings and restart',
    } satisfies Record<RelayFailureKind, string>,
  },

  spf: {
    title: 'Who may send for the domain (SPF)',
    found: (name: string, value: string) => `SPF record found at ${name}: ${value}`,
    withoutRelay: (name: string, value: string) =>
      `SPF record found at ${name}, but it does not name your mail provider’s servers: ${value}. Receivers may then treat the site’s e-mail as sent by someone else`,
    withoutRelayFix:
      'Unless one of its include: parts already covers your mail provider, put this TXT record at your DNS host in place of the one found',
    missing: 'No SPF record: Gmail and Outlook may put the site’s e-mail in spam',
    missingFix: addRecord,
    twice: (name: string) =>
      `Two SPF records at ${name}: receivers then treat SPF as failed (RFC 7208, one record only)`,
    twiceFix:
      'Merge them into one record starting v=spf1 (all their include: and a: parts, one ~all at the end) and delete the other',
    allowsAll: (name: string) =>
      `The SPF record at ${name} ends in +all: it lets anyone send e-mail as the domain, so receivers trust it less`,
    allowsAllFix: replaceRecord,
    unknown: dnsUnknown,
    unknownFix: dnsUnknownFix,
  },

  dkim: {
    title: 'Signature (DKIM)',
    foundHere: (name: string) =>
      `DKIM record found at ${name}, with the key the site signs with (DKIM_PRIVATE_KEY_FILE)`,
    foundRelay: (name: string) =>
      `DKIM record found at ${name}: your mail server signs with it (DKIM_SELECTOR)`,
    foundGuessed: (name: string, selector: string) =>
      `A DKIM record found at ${name} (selector ${selector}, one mail providers commonly use): whether it is the one your mail server signs with is not known`,
    foundGuessedFix: (selector: string) =>
      `If your mail provider signs with it, set DKIM_SELECTOR=${selector} so that the check always looks at it`,
    noneFound:
      'No DKIM record found under the selectors mail providers commonly use, and DKIM_SELECTOR is not set: whether the site’s e-mail is signed is not known',
    noneFoundFix:
      'If your mail provider signs your e-mail, set DKIM_SELECTOR to its selector (its DKIM settings page shows it); if it does not, make a key with npm run admin -- dkim-key and set what it prints',
    missingHere: (name: string) =>
      `No DKIM record at ${name}: receivers cannot check the site’s signature, and Gmail and Outlook may put its e-mail in spam`,
    missingHereFix: addRecord,
    missingRelay: (name: string) =>
      `No DKIM record at ${name}: receivers cannot check your mail server’s signature, and may put the site’s e-mail in spam`,
    missingRelayFix:
      'Turn DKIM on at your mail provider and add the TXT record it gives at your DNS host, or check DKIM_SELECTOR and DKIM_DOMAIN',
    revoked: (name: string) =>
      `The DKIM record at ${name} has no key (p= is empty: a revoked key): signatures with it fail`,
    revokedFixHere: replaceRecord,
    revokedFixRelay:
      'Publish your mail provider’s current DKIM record at your DNS host, or set DKIM_SELECTOR to the selector it signs with now',
    otherKey: (name: string) =>
      `The DKIM record at ${name} holds another key than DKIM_PRIVATE_KEY_FILE’s: the site’s signatures fail`,
    otherKeyFix: replaceRecord,
    unknown: dnsUnknown,
    unknownFix: dnsUnknownFix,
  },

  dmarc: {
    title: 'Domain policy (DMARC)',
    found: (name: string, value: string) => `DMARC record found at ${name}: ${value}`,
    missing:
      'No DMARC record: Gmail and Yahoo expect one, and may put the site’s e-mail in spam without it',
    missingFix:
      'Add this TXT record at your DNS host (p=none refuses nothing: it only asks receivers for reports, sent to this address)',
    twice: (name: string) =>
      `Two DMARC records at ${name}: receivers then ignore both (RFC 7489, one record only)`,
    twiceFix: 'Delete one of them at your DNS host, keeping one record starting v=DMARC1',
    unknown: dnsUnknown,
    unknownFix: dnsUnknownFix,
  },

  alignment: {
    title: 'Same domain as From (alignment)',
    aligned: (domain: string) =>
      `Bounces go to an address in the From domain ${domain}, so SPF counts for DMARC (aligned)`,
    bouncesElsewhere: (envelope: string, from: string) =>
      `Bounces go to ${envelope} (MAIL_ENVELOPE_FROM), not to From’s domain ${from}, so SPF does not align.`,
    restsOnDkim: (dkim: string) =>
      `DMARC then rests on the DKIM signature, made as ${dkim}: it aligns.`,
    restsOnUnknownDkim:
      'DMARC then rests on a DKIM signature in From’s domain: the DKIM record found suggests one, if your mail server signs with it.',
    neither: (from: string) =>
      `No DKIM signature is known to be made as ${from} either, so DMARC fails and receivers may refuse the site’s e-mail or put it in spam.`,
    neitherFix: (from: string) =>
      `Use an address in ${from} for MAIL_ENVELOPE_FROM, or sign as ${from} (DKIM_DOMAIN, npm run admin -- dkim-key)`,
    dkimElsewhere: (dkim: string, from: string) =>
      `The DKIM signature is made as ${dkim}, not as From’s ${from}: DMARC rests on SPF alone`,
    dkimElsewhereFix: (from: string) =>
      `Sign as ${from}: set DKIM_DOMAIN to it (or leave it unset) and publish its record`,
  },
};

/**
 * 'Send a test e-mail' (server/mail/check/test-email.ts): the e-mail itself, which says what it is
 * and that nothing needs doing.
 */
export const testEmailText = {
  subject: 'Test e-mail from your website',
  body: (domain: string) =>
    [
      `This is a test e-mail from your website's launch checklist (sent from ${domain}).`,
      '',
      'It shows that the site can send e-mail and that it reached this inbox. Nothing needs doing.',
      'If it landed in a spam folder, mark it as not spam, and look at the mail section of the launch checklist: a missing record there is the usual reason.',
    ].join('\n'),
};

/**
 * The mail section of the site editor's launch checklist (src/admin/site/mail-checklist.tsx): what
 * surrounds the lines (mailCheckLines' words are mailCheckText's), the record to add, the test
 * e-mail's button and the relay's answer.
 */
export const mailChecklistText = {
  checking: 'Checking the site’s e-mail… (up to half a minute when the mail server is slow)',
  checkFailed: 'The e-mail check could not be run. Try again in a moment.',
  checkAgain: 'Check again',
  checkedAt: (time: string) => `Checked ${time}.`,
  states: {
    ok: 'OK',
    problem: 'To fix',
    note: 'Note',
    unknown: 'Could not check',
  },
  record: {
    caption: 'The DNS record to add at your DNS host',
    type: 'Type',
    name: 'Name',
    value: 'Value',
    hostHint: (host: string) => `Some DNS hosts want only the part before the domain: ${host}`,
    copy: 'Copy',
    // Named with its record: two records to add (DKIM, DMARC) make two of each button.
    copyLabel: (what: string, record: string) =>
      `Copy the ${what.toLowerCase()} of the record ${record}`,
    copied: 'Copied',
    copyFailed: 'Could not copy: select the value and copy it yourself.',
  },
  testEmail: {
    heading: 'Send a test e-mail',
    intro: (address: string) =>
      `A short e-mail sent now, past the queue, to your own address: ${address}. Then see whether it arrived, and not in spam.`,
    button: 'Send a test e-mail',
    sending: 'Sending…',
    accepted: (response: string) => `Accepted by the mail server: ${response}`,
    acceptedTo: (address: string) => `Look for it in the inbox of ${address}.`,
    refused: (code: string, response: string | undefined) =>
      `The mail server did not take it (${code})${response ? `: ${response}` : ''}.`,
    // Counted from the ask, sent or refused by the mail server: never "was sent".
    tooSoon: (seconds: number) =>
      `You asked for a test e-mail a moment ago. Try again in ${seconds} ${
        seconds === 1 ? 'second' : 'seconds'
      }.`,
    notConfigured: 'E-mail is not set up on this server: there is nothing to send with.',
    failed: 'The test e-mail could not be sent from here. Try again in a moment.',
  },
};
