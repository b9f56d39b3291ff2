import { generateKeyPairSync } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NotifyConfig } from '../../config.ts';
import { startDns, type TestDns } from '../../testing/dns.ts';
import { checkDomainRecords } from './mail-check.ts';
import { notifySettings } from '../../testing/fixtures.ts';

const DOMAIN = 'staffing.example';
const SPF = 'v=spf1 include:_spf.google.com ~all';
const DMARC = 'v=DMARC1; p=quarantine; rua=mailto:dmarc@staffing.example';

function pemKey(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
  };
}

const ours = pemKey();
const theirs = pemKey();
const OUR_RECORD = `v=DKIM1; k=rsa; p=${ours.publicKey}`;

let dns: TestDns;
let resolver: Resolver;

function notify(overrides: Partial<NotifyConfig> = {}): NotifyConfig {
  return notifySettings('smtp://owner%40staffing.example:secret@smtp.gmail.com:587', {
    to: ['owner@staffing.example'],
    from: 'Potomac Staffing <hello@staffing.example>',
    dkim: { domain: DOMAIN, selector: 'site', privateKey: ours.privateKey },
    ...overrides,
  });
}

const check = (settings: NotifyConfig = notify()) => checkDomainRecords(settings, { resolver });

beforeAll(async () => {
  dns = await startDns();
  resolver = new Resolver({ timeout: 1_000, tries: 1 });
  resolver.setServers([dns.server]);
});
afterAll(() => dns.close());

beforeEach(() => {
  dns.setTxt(DOMAIN, SPF, 'google-site-verification=abc');
  dns.setTxt(`_dmarc.${DOMAIN}`, DMARC);
  dns.setTxt(`site._domainkey.${DOMAIN}`, OUR_RECORD);
});

describe('the sending domain with all three records', () => {
  it('finds SPF, DMARC and our DKIM key', async () => {
    const records = await check();
    expect(records.domain).toBe(DOMAIN);
    expect(records.spf).toEqual({ state: 'found', name: DOMAIN, value: SPF });
    expect(records.dmarc).toEqual({ state: 'found', name: `_dmarc.${DOMAIN}`, value: DMARC });
    expect(records.dkim).toEqual({
      selector: 'site',
      signing: 'here',
      record: { state: 'found', name: `site._domainkey.${DOMAIN}`, value: OUR_RECORD },
    });
  });

  it('reads a long DKIM record split in 255-octet strings as one', async () => {
    expect(OUR_RECORD.length).toBeGreaterThan(255);
    const { dkim } = await check();
    expect(dkim.record?.state).toBe('found');
  });

  it('asks the servers of MAIL_DNS_SERVERS when no resolver is given', async () => {
    const records = await checkDomainRecords(notify({ dnsServers: [dns.server] }));
    expect(records.spf.state).toBe('found');
  });
});

describe('a record missing: the record to add, exactly', () => {
  it('SPF: the relay provider’s include', async () => {
    dns.setTxt(DOMAIN, 'google-site-verification=abc');
    const { spf } = await check();
    expect(spf).toEqual({
      state: 'missing',
      name: DOMAIN,
      add: { type: 'TXT', name: DOMAIN, host: '@', value: 'v=spf1 include:_spf.google.com ~all' },
    });
  });

  it('SPF: a relay of no known provider is allowed by its host', async () => {
    dns.setTxt(DOMAIN);
    const { spf } = await check(notify({ smtpUrl: 'smtps://u:p@mail.staffing-host.example' }));
    expect(spf.state === 'missing' && spf.add.value).toBe(
      'v=spf1 a:mail.staffing-host.example ~all',
    );
  });

  it.each([
    ['192.0.2.25', 'ip4:192.0.2.25'],
    ['[2001:db8::25]', 'ip6:2001:db8::25'],
    ['smtp.office365.com', 'include:spf.protection.outlook.com'],
    ['smtp.sendgrid.net', 'include:sendgrid.net'],
    ['smtp.mailgun.org', 'include:mailgun.org'],
    ['email-smtp.eu-west-1.amazonaws.com', 'include:amazonses.com'],
    ['smtp.postmarkapp.com', 'include:spf.mtasv.net'],
    ['smtp-relay.brevo.com', 'include:spf.brevo.com'],
    ['smtp.zoho.com', 'include:zoho.com'],
    ['smtp.fastmail.com', 'include:spf.messagingengine.com'],
  ])('SPF for a relay at %s: %s', async (host, include) => {
    dns.setTxt(DOMAIN);
    const { spf } = await check(notify({ smtpUrl: `smtp://u:p@${host}:587` }));
    expect(spf.state === 'missing' && spf.add.value).toBe(`v=spf1 ${include} ~all`);
  });

  it('DMARC: reports only, to From’s address', async () => {
    dns.setTxt(`_dmarc.${DOMAIN}`);
    const { dmarc } = await check();
    expect(dmarc).toEqual({
      state: 'missing',
      name: `_dmarc.${DOMAIN}`,
      add: {
        type: 'TXT',
        name: `_dmarc.${DOMAIN}`,
        host: '_dmarc',
        value: 'v=DMARC1; p=none; rua=mailto:hello@staffing.example',
      },
    });
  });

  it('DMARC: a subdomain falls back to the organisational domain’s record', async () => {
    const settings = notify({ from: 'hello@mail.staffing.example', dkim: undefined });
    let { dmarc } = await check(settings);
    expect(dmarc).toEqual({ state: 'found', name: `_dmarc.${DOMAIN}`, value: DMARC });
    dns.setTxt(`_dmarc.${DOMAIN}`);
    ({ dmarc } = await check(settings));
    expect(dmarc.state === 'missing' && dmarc.add).toEqual({
      type: 'TXT',
      name: '_dmarc.mail.staffing.example',
      // The DNS host keeps staffing.example's zone: the host is relative to it.
      host: '_dmarc.mail',
      value: 'v=DMARC1; p=none; rua=mailto:hello@mail.staffing.example',
    });
  });

  it('a From in a subdomain: each record to add names its host in the zone of the domain', async () => {
    dns.setTxt('mail.staffing.example');
    const settings = notify({
      from: 'hello@mail.staffing.example',
      dkim: { domain: 'mail.staffing.example', selector: 'site', privateKey: ours.privateKey },
    });
    const { spf, dkim } = await check(settings);
    expect(spf.state === 'missing' && spf.add).toMatchObject({
      name: 'mail.staffing.example',
      host: 'mail',
    });
    expect(dkim.record?.state === 'missing' && dkim.record.add).toMatchObject({
      name: 'site._domainkey.mail.staffing.example',
      host: 'site._domainkey.mail',
    });
  });

  it('SPF is looked up at the envelope sender’s domain (MAIL_ENVELOPE_FROM), where receivers judge it', async () => {
    dns.setTxt('bounce.staffing.example', 'google-site-verification=abc');
    const settings = notify({ envelopeFrom: 'bounces@bounce.staffing.example' });
    let { spf } = await check(settings);
    expect(spf).toMatchObject({
      state: 'missing',
      name: 'bounce.staffing.example',
      add: { name: 'bounce.staffing.example', host: 'bounce', value: SPF },
    });
    dns.setTxt('bounce.staffing.example', SPF);
    ({ spf } = await check(settings));
    expect(spf).toEqual({ state: 'found', name: 'bounce.staffing.example', value: SPF });
  });

  it('DKIM: the public half of DKIM_PRIVATE_KEY_FILE', async () => {
    dns.setTxt(`site._domainkey.${DOMAIN}`);
    const { dkim } = await check();
    expect(dkim).toEqual({
      selector: 'site',
      signing: 'here',
      record: {
        state: 'missing',
        name: `site._domainkey.${DOMAIN}`,
        add: {
          type: 'TXT',
          name: `site._domainkey.${DOMAIN}`,
          host: 'site._domainkey',
          value: OUR_RECORD,
        },
      },
    });
  });

  it('DKIM in DKIM_DOMAIN, not From’s', async () => {
    const settings = notify({ dkim: { domain: 'mailer.example', selector: 'k9' } });
    const { dkim } = await check(settings);
    expect(dkim.signing).toBe('relay');
    expect(dkim.record?.name).toBe('k9._domainkey.mailer.example');
    expect(dkim.record?.state).toBe('missing');
  });
});

describe('a record that does not do its job', () => {
  it('SPF found without the relay’s provider: the record with its include, as a hint', async () => {
    dns.setTxt(DOMAIN, 'v=spf1 mx include:spf.protection.outlook.com -all');
    const { spf } = await check();
    expect(spf).toEqual({
      state: 'found',
      name: DOMAIN,
      value: 'v=spf1 mx include:spf.protection.outlook.com -all',
      withRelay: {
        type: 'TXT',
        name: DOMAIN,
        host: '@',
        value: 'v=spf1 mx include:spf.protection.outlook.com include:_spf.google.com -all',
      },
    });
    // A redirect= hands the whole policy elsewhere: no hint; a relay of no known provider: none.
    dns.setTxt(DOMAIN, 'v=spf1 redirect=_spf.staffing.example');
    expect((await check()).spf).not.toHaveProperty('withRelay');
    dns.setTxt(DOMAIN, 'v=spf1 mx -all');
    const other = notify({ smtpUrl: 'smtp://u:p@mail.staffing-host.example:587' });
    expect((await check(other)).spf).not.toHaveProperty('withRelay');
  });

  it('SPF that allows anyone besides others: the fix also allows the relay’s provider', async () => {
    dns.setTxt(DOMAIN, 'v=spf1 mx +all');
    const { spf } = await check();
    expect(spf.state === 'wrong' && spf.fix?.value).toBe('v=spf1 mx include:_spf.google.com ~all');
  });

  it('two SPF records', async () => {
    dns.setTxt(DOMAIN, SPF, 'v=spf1 a:mail.example -all');
    const { spf } = await check();
    expect(spf).toMatchObject({ state: 'wrong', why: 'spf-twice' });
  });

  it('SPF that allows anyone (+all), with the record it should be', async () => {
    dns.setTxt(DOMAIN, 'v=spf1 include:_spf.google.com +all');
    const { spf } = await check();
    expect(spf).toEqual({
      state: 'wrong',
      name: DOMAIN,
      value: 'v=spf1 include:_spf.google.com +all',
      why: 'spf-allows-all',
      fix: { type: 'TXT', name: DOMAIN, host: '@', value: 'v=spf1 include:_spf.google.com ~all' },
    });
  });

  it('SPF that allows anyone and nothing else: the fix allows the relay', async () => {
    dns.setTxt(DOMAIN, 'v=spf1 all');
    const { spf } = await check();
    expect(spf.state === 'wrong' && spf.fix?.value).toBe('v=spf1 include:_spf.google.com ~all');
  });

  it('two DMARC records', async () => {
    dns.setTxt(`_dmarc.${DOMAIN}`, DMARC, 'v=DMARC1; p=none');
    const { dmarc } = await check();
    expect(dmarc).toMatchObject({ state: 'wrong', why: 'dmarc-twice' });
  });

  it('a DKIM key that is not ours: the right record as fix', async () => {
    dns.setTxt(`site._domainkey.${DOMAIN}`, `v=DKIM1; k=rsa; p=${theirs.publicKey}`);
    const { dkim } = await check();
    expect(dkim.record).toMatchObject({
      state: 'wrong',
      why: 'dkim-other-key',
      fix: { name: `site._domainkey.${DOMAIN}`, value: OUR_RECORD },
    });
  });

  it('a revoked DKIM key (p= empty)', async () => {
    dns.setTxt(`site._domainkey.${DOMAIN}`, 'v=DKIM1; k=rsa; p=');
    const { dkim } = await check();
    expect(dkim.record).toMatchObject({ state: 'wrong', why: 'dkim-revoked' });
  });
});

describe('a DNS that does not answer', () => {
  it('SERVFAIL is not known, never missing', async () => {
    dns.failName(DOMAIN);
    dns.failName(`_dmarc.${DOMAIN}`);
    dns.failName(`site._domainkey.${DOMAIN}`);
    const records = await check();
    expect(records.spf).toEqual({ state: 'unknown', name: DOMAIN, code: 'ESERVFAIL' });
    expect(records.dmarc).toEqual({
      state: 'unknown',
      name: `_dmarc.${DOMAIN}`,
      code: 'ESERVFAIL',
    });
    expect(records.dkim.record).toEqual({
      state: 'unknown',
      name: `site._domainkey.${DOMAIN}`,
      code: 'ESERVFAIL',
    });
  });
});

describe('no DKIM_SELECTOR', () => {
  const unset = () => notify({ dkim: undefined });

  it('finds the first of the selectors providers commonly use', async () => {
    dns.setTxt(`s1._domainkey.${DOMAIN}`, `k=rsa; p=${theirs.publicKey}`);
    dns.setTxt(`default._domainkey.${DOMAIN}`, `v=DKIM1; p=${theirs.publicKey}`);
    const { dkim } = await check(unset());
    expect(dkim).toEqual({
      selector: 's1',
      signing: 'unknown',
      record: {
        state: 'found',
        name: `s1._domainkey.${DOMAIN}`,
        value: `k=rsa; p=${theirs.publicKey}`,
      },
    });
    expect(dns.asked).toContain(`TXT google._domainkey.${DOMAIN}`);
    dns.setTxt(`s1._domainkey.${DOMAIN}`);
    dns.setTxt(`default._domainkey.${DOMAIN}`);
  });

  it('none found: no record, signing unknown', async () => {
    const { dkim } = await check(unset());
    expect(dkim).toEqual({ selector: null, signing: 'unknown', record: null });
  });

  it('a lookup that failed is not "none"', async () => {
    dns.failName(`google._domainkey.${DOMAIN}`);
    const { dkim } = await check(unset());
    expect(dkim).toEqual({
      selector: null,
      signing: 'unknown',
      record: { state: 'unknown', name: `google._domainkey.${DOMAIN}`, code: 'ESERVFAIL' },
    });
    dns.setTxt(`google._domainkey.${DOMAIN}`);
  });
});
