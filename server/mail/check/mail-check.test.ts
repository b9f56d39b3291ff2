import { Resolver } from 'node:dns/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDns, type TestDns } from '../../testing/dns.ts';
import { startSmtp, type SmtpServer } from '../../testing/smtp.ts';
import { runMailCheck } from './mail-check.ts';
import { notifySettings } from '../../testing/fixtures.ts';

let dns: TestDns;
let smtp: SmtpServer;

beforeAll(async () => {
  dns = await startDns({
    'staffing.example': ['v=spf1 a:127.0.0.1 ~all'],
    '_dmarc.staffing.example': ['v=DMARC1; p=none'],
    // The envelope sender's domain: where receivers look up SPF.
    'mail.staffing.example': ['v=spf1 a:127.0.0.1 ~all'],
  });
  smtp = await startSmtp();
});
afterAll(async () => {
  await dns.close();
  await smtp.close();
});

describe('runMailCheck', () => {
  it('without e-mail set up: not configured', async () => {
    expect(await runMailCheck(undefined)).toEqual({ configured: false });
  });

  it('every item at once, stamped with the clock given', async () => {
    const resolver = new Resolver({ timeout: 1_000, tries: 1 });
    resolver.setServers([dns.server]);
    const notify = notifySettings(`smtp://127.0.0.1:${smtp.port}`, {
      to: ['owner@staffing.example'],
      from: 'Potomac Staffing <hello@staffing.example>',
      envelopeFrom: 'Bounces <bounces@mail.staffing.example>',
    });
    const check = await runMailCheck(notify, { resolver, now: () => 1_234 });
    expect(check).toMatchObject({
      configured: true,
      checkedAt: 1_234,
      domain: 'staffing.example',
      from: 'Potomac Staffing <hello@staffing.example>',
      envelopeFrom: 'bounces@mail.staffing.example',
      relay: { state: 'ok', port: smtp.port },
      spf: { state: 'found', name: 'mail.staffing.example' },
      dmarc: { state: 'found' },
      dkim: { selector: null, signing: 'unknown', record: null },
      alignment: { spfAligned: true, envelopeDomain: 'mail.staffing.example' },
    });
    expect(smtp.received).toEqual([]);
  });
});
