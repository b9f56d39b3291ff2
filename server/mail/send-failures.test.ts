// What each relay refusal means, as nodemailer reports it: our account or settings (the outbox
// pauses), or this message alone (given up).
import { codePausesOutbox, isPermanent, isRelayFailure, pausesOutbox } from './send-failures.ts';

/** An error as nodemailer's SMTP connection makes it: its code, the reply code and the command. */
function smtpError(code: string, responseCode?: number, command?: string) {
  return Object.assign(new Error(`${code} ${responseCode ?? ''}`), { code, responseCode, command });
}

describe('a send failure', () => {
  it.each([
    ['535, user or password wrong', smtpError('EAUTH', 535, 'AUTH PLAIN')],
    ['534, an app password required', smtpError('EAUTH', 534, 'AUTH PLAIN')],
    ['530 at MAIL FROM, a sign-in required', smtpError('EENVELOPE', 530, 'MAIL FROM')],
    ['ENOAUTH, no credentials', smtpError('ENOAUTH')],
    ['ETLS, STARTTLS refused', smtpError('ETLS', 454, 'STARTTLS')],
    [
      'a TLS handshake',
      Object.assign(smtpError('ESOCKET'), { originalCode: 'ERR_SSL_WRONG_VERSION_NUMBER' }),
    ],
  ])('pauses the outbox for %s, and gives no message up', (_what, error) => {
    expect(pausesOutbox(error)).toBe(true);
    expect(isPermanent(error)).toBe(false);
  });

  it.each([550, 552, 553])('gives up the one message a %i refuses, without pausing', (reply) => {
    const error = smtpError('EENVELOPE', reply, 'RCPT TO');
    expect(pausesOutbox(error)).toBe(false);
    expect(isPermanent(error)).toBe(true);
  });

  it('neither pauses nor gives up for a relay that cannot be reached: each e-mail waits', () => {
    const error = Object.assign(smtpError('ESOCKET'), { originalCode: 'ECONNREFUSED' });
    expect(pausesOutbox(error)).toBe(false);
    expect(isPermanent(error)).toBe(false);
    expect(isRelayFailure(error)).toBe(true);
  });
});

describe('a failure known by its code alone (the mail check’s answer from the relay)', () => {
  it.each([
    'EAUTH 535',
    'EAUTH 534',
    'EENVELOPE 530',
    'ENOAUTH',
    'ETLS 454',
    'ERR_SSL_WRONG_VERSION_NUMBER',
  ])('%s pauses the outbox', (code) => expect(codePausesOutbox(code)).toBe(true));

  it.each([
    'ECONNREFUSED',
    'ETIMEDOUT',
    'ENOTFOUND',
    'EENVELOPE 550',
    'EPROTOCOL 421',
    'ECONNRESET SENDING',
  ])('%s does not', (code) => expect(codePausesOutbox(code)).toBe(false));
});
