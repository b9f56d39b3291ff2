import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtp, type SmtpServer, startDrippingRelay } from '../../testing/smtp.ts';
import { checkRelay } from './mail-check.ts';

let smtp: SmtpServer | undefined;
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

/** A port nothing listens on now. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('the relay up to the sign-in', () => {
  it('accepted: no message sent', async () => {
    smtp = await startSmtp();
    const relay = await checkRelay({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
    expect(relay).toEqual({
      state: 'ok',
      host: '127.0.0.1',
      port: smtp.port,
      signedIn: false,
      secure: false,
    });
    expect(smtp.received).toEqual([]);
  });

  it('signed in with the user of SMTP_URL', async () => {
    smtp = await startSmtp(0, { refuseSignIn: true });
    smtp.acceptSignIn();
    const relay = await checkRelay({ smtpUrl: `smtp://site:secret@127.0.0.1:${smtp.port}` });
    expect(relay).toMatchObject({ state: 'ok', signedIn: true, secure: false });
    expect(smtp.signIns()).toBe(1);
    expect(smtp.received).toEqual([]);
  });

  it('the sign-in refused: EAUTH 535 with the relay’s reply, never the password', async () => {
    smtp = await startSmtp(0, { refuseSignIn: true });
    const relay = await checkRelay({ smtpUrl: `smtp://site:s3cret-pw@127.0.0.1:${smtp.port}` });
    expect(relay).toEqual({
      state: 'failed',
      host: '127.0.0.1',
      port: smtp.port,
      code: 'EAUTH 535',
      response: expect.stringContaining('535') as unknown,
    });
    expect(JSON.stringify(relay)).not.toContain('s3cret-pw');
    expect(smtp.received).toEqual([]);
  });

  it('nothing listening: ECONNREFUSED', async () => {
    const port = await closedPort();
    const relay = await checkRelay({ smtpUrl: `smtp://site:pw@127.0.0.1:${port}` });
    expect(relay).toEqual({
      state: 'failed',
      host: '127.0.0.1',
      port,
      code: 'ECONNREFUSED',
      response: undefined,
    });
  });

  it('a relay that answers a line every moment and never finishes: ETIMEDOUT at the limit', async () => {
    // Each line resets nodemailer's silence time-out: only the session's own limit ends it.
    const dripping = await startDrippingRelay();
    const { port } = dripping;
    try {
      const started = Date.now();
      const relay = await checkRelay({ smtpUrl: `smtp://127.0.0.1:${port}` }, { limitMs: 500 });
      expect(relay).toMatchObject({ state: 'failed', port, code: 'ETIMEDOUT' });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await dripping.close();
    }
  });

  it('smtps: without a port is 465, and encrypted', async () => {
    const port = await closedPort();
    const relay = await checkRelay({ smtpUrl: `smtps://127.0.0.1:${port}` });
    expect(relay).toMatchObject({ state: 'failed', port });
    const { relayAddress } = await import('./relay-check.ts');
    expect(relayAddress('smtps://u:p@smtp.example.com')).toEqual({
      host: 'smtp.example.com',
      port: 465,
      smtps: true,
    });
    expect(relayAddress('smtp://smtp.example.com').port).toBe(587);
  });

  it.each([
    ['STARTTLS', false, 'smtp'],
    ['TLS from the start', true, 'smtps'],
  ])('encrypted (%s)', async (_how, secure, scheme) => {
    // smtp-server's own self-signed certificate: the URL tells nodemailer to take it.
    const server = new SMTPServer({ secure, authOptional: true, logger: false });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const smtpUrl = `${scheme}://127.0.0.1:${port}/?tls.rejectUnauthorized=false`;
      expect(await checkRelay({ smtpUrl })).toMatchObject({ state: 'ok', port, secure: true });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
