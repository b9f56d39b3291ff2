/**
 * The mail check's words (docs/mail-delivery.md), said the same by the launch checklist's mail
 * section and `npm run admin -- check-mail` (src/admin/mail-check-lines.ts puts them together).
 * Plain words first, the technical name after; each problem with its fix.
 */
export const mailCheckText = {
  heading: 'E-mail delivery',
  intro:
    'Whether the site’s e-mails (acknowledgements, your notifications, replies) can reach Gmail and Outlook inboxes.',
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
  checking: 'Checking the site’s e-mail…',
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
    copyLabel: (what: string) => `Copy the ${what}`,
    copied: 'Copied',
    copyFailed: 'Could not copy: select the value and copy it yourself.',
  },
  notConfigured: {
    title: 'E-mail is not set up',
    detail:
      'The site sends no e-mail: visitors get no acknowledgement and you get no notification of a new request.',
    fix: 'Set SMTP_URL (your mail provider’s relay), NOTIFY_TO (where your notifications go) and NOTIFY_FROM (the sender, in your own domain) in the server’s settings, then restart it.',
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
    refusedHint:
      'The item on the mail server above says what this code means; check SMTP_URL and the account at your mail provider.',
    tooSoon: (seconds: number) =>
      `A test e-mail was sent a moment ago. Try again in ${seconds} seconds.`,
    notConfigured: 'E-mail is not set up on this server: there is nothing to send with.',
    failed: 'The test e-mail could not be sent from here. Try again in a moment.',
  },
};
