import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDns, type TestDns } from '../testing/dns.ts';
import { runCaught } from '../testing/fixtures.ts';
import { startSmtp, type SmtpServer } from '../testing/smtp.ts';
import { runAdminCli } from './cli.ts';

const DOMAIN = 'staffing.example';
let dns: TestDns;
let smtp: SmtpServer;

const admin = (argv: string[], env: Record<string, string | undefined> = {}) =>
  runCaught(
    (io) => runAdminCli(argv, { ...io, readPassword: () => Promise.reject(new Error('no')) }),
    {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      NOTIFY_TO: `owner@${DOMAIN}`,
      NOTIFY_FROM: `Potomac Staffing <hello@${DOMAIN}>`,
      MAIL_DNS_SERVERS: dns.server,
      ...env,
    },
  );

beforeAll(async () => {
  dns = await startDns();
  smtp = await startSmtp();
});
afterAll(async () => {
  await dns.close();
  await smtp.close();
});
beforeEach(() => {
  dns.setTxt(DOMAIN, 'v=spf1 a:127.0.0.1 ~all');
  dns.setTxt(`_dmarc.${DOMAIN}`, 'v=DMARC1; p=none');
  dns.setTxt(`google._domainkey.${DOMAIN}`, 'v=DKIM1; k=rsa; p=MIIBIjANBg');
  smtp.received.length = 0;
});

describe('npm run admin -- check-mail', () => {
  it('everything in place: exit 0, a ✓ per item, no message sent', async () => {
    const { code, out } = await admin(['check-mail']);
    expect(out).toContain('✓ Mail server (SMTP_URL)');
    expect(out).toContain(`The mail server answers (127.0.0.1:${smtp.port}, not encrypted)`);
    expect(out).toContain('✓ Who may send for the domain (SPF)');
    expect(out).toContain('✓ Domain policy (DMARC)');
    expect(out).toContain('! Signature (DKIM)');
    expect(out).toContain('Nothing to fix.');
    expect(code).toBe(0);
    expect(smtp.received).toEqual([]);
  });

  it('a record missing: exit 1, the record printed to copy', async () => {
    dns.setTxt(`_dmarc.${DOMAIN}`);
    const { code, out } = await admin(['check-mail']);
    expect(code).toBe(1);
    expect(out).toContain('✗ Domain policy (DMARC)');
    expect(out).toContain(
      [
        '    Type: TXT',
        `    Name: _dmarc.${DOMAIN}`,
        '    Host: _dmarc',
        `    Value: v=DMARC1; p=none; rua=mailto:hello@${DOMAIN}`,
      ].join('\n'),
    );
    expect(out).toContain('1 to fix.');
  });

  it('the relay refusing the sign-in: exit 1, in words, no password shown', async () => {
    const refusing = await startSmtp(0, { refuseSignIn: true });
    try {
      const smtpUrl = `smtp://site:pw-s3cret@127.0.0.1:${refusing.port}`;
      const { code, out, err } = await admin(['check-mail'], { SMTP_URL: smtpUrl });
      expect(code).toBe(1);
      expect(out).toContain('✗ Mail server (SMTP_URL)');
      expect(out).toContain('refused the user name or password in SMTP_URL (EAUTH 535');
      expect(out + err).not.toContain('pw-s3cret');
    } finally {
      await refusing.close();
    }
  });

  it('the DNS failing: ? and exit 4, never "missing", never "Nothing to fix."', async () => {
    dns.failName(DOMAIN);
    const { code, out } = await admin(['check-mail']);
    expect(out).toContain('? Who may send for the domain (SPF)');
    expect(out).toContain('(ESERVFAIL)');
    expect(out).not.toContain('No SPF record');
    expect(out).not.toContain('Nothing to fix.');
    expect(out).toContain('Nothing found to fix, but 1 could not be checked: run the check again.');
    expect(code).toBe(4);
  });

  it('the DNS failing beside a problem: exit 1, both said', async () => {
    dns.failName(DOMAIN);
    dns.setTxt(`_dmarc.${DOMAIN}`);
    const { code, out } = await admin(['check-mail']);
    expect(out).toContain('1 to fix. 1 could not be checked: run the check again.');
    expect(code).toBe(1);
  });

  it('not set up: exit 3 with what to set', async () => {
    const { code, out } = await admin(['check-mail'], {
      SMTP_URL: undefined,
      NOTIFY_TO: undefined,
      NOTIFY_FROM: undefined,
      MAIL_DNS_SERVERS: undefined,
    });
    expect(code).toBe(3);
    expect(out).toContain('✗ E-mail is not set up');
    expect(out).toMatch(/SMTP_URL.*NOTIFY_TO/);
  });

  it('settings that do not load: exit 3 with their message', async () => {
    const { code, err } = await admin(['check-mail'], { DKIM_PRIVATE_KEY_FILE: '/nowhere.pem' });
    expect(code).toBe(3);
    expect(err).toContain('DKIM_PRIVATE_KEY_FILE');
  });

  it.each([[['--send-to']], [['--send-to', 'not-an-address']], [['--verbose']], [['extra']]])(
    'wrong usage %j: exit 2',
    async (args) => {
      const { code, err } = await admin(['check-mail', ...args]);
      expect(code).toBe(2);
      expect(err).toContain('check-mail [--send-to EMAIL]');
    },
  );

  it('--send-to: the test e-mail arrives, and the relay’s answer is printed', async () => {
    const { out } = await admin(['check-mail', '--send-to', 'me@example.com']);
    expect(out).toMatch(/^Test e-mail to me@example\.com: accepted as .*250/m);
    expect(smtp.received.map((mail) => mail.to)).toEqual([['me@example.com']]);
  });

  it('--send-to with the relay refusing the sign-in: not sent, in words, exit 1', async () => {
    const refusing = await startSmtp(0, { refuseSignIn: true });
    try {
      const { code, out } = await admin(['check-mail', '--send-to', 'me@example.com'], {
        SMTP_URL: `smtp://site:pw@127.0.0.1:${refusing.port}`,
      });
      expect(out).toMatch(/^Test e-mail to me@example\.com: not sent.*EAUTH 535/m);
      expect(code).toBe(1);
      expect(refusing.received).toEqual([]);
    } finally {
      await refusing.close();
    }
  });
});
