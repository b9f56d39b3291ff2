import { describe, expect, it } from 'vitest';
import type { MailCheck, RecordCheck } from './contract';
import { mailCheckLines, type MailCheckLine } from './lines';

type Checked = Extract<MailCheck, { configured: true }>;

const DOMAIN = 'staffing.example';
const spfRecord = {
  type: 'TXT',
  name: DOMAIN,
  host: '@',
  value: 'v=spf1 include:_spf.google.com ~all',
} as const;

function check(overrides: Partial<Checked> = {}): Checked {
  return {
    configured: true,
    checkedAt: 0,
    domain: DOMAIN,
    from: `hello@${DOMAIN}`,
    envelopeFrom: `hello@${DOMAIN}`,
    relay: { state: 'ok', host: 'smtp.example.com', port: 587, signedIn: true, secure: true },
    spf: { state: 'found', name: DOMAIN, value: spfRecord.value },
    dmarc: { state: 'found', name: `_dmarc.${DOMAIN}`, value: 'v=DMARC1; p=none' },
    dkim: {
      selector: 'site',
      signing: 'here',
      record: { state: 'found', name: `site._domainkey.${DOMAIN}`, value: 'v=DKIM1; p=AAA' },
    },
    alignment: {
      fromDomain: DOMAIN,
      envelopeDomain: DOMAIN,
      spfAligned: true,
      dkimDomain: DOMAIN,
      dkimAligned: true,
    },
    ...overrides,
  };
}

function line(lines: MailCheckLine[], key: MailCheckLine['key']): MailCheckLine {
  const found = lines.find((each) => each.key === key);
  if (!found) throw new Error(`no ${key} line`);
  return found;
}

describe('mailCheckLines', () => {
  it('not set up: one line naming SMTP_URL and NOTIFY_TO', () => {
    const lines = mailCheckLines({ configured: false });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ key: 'setup', state: 'problem' });
    expect(lines[0]?.detail).toContain('SMTP_URL');
    expect(lines[0]?.fix).toMatch(/SMTP_URL.*NOTIFY_TO/);
  });

  it('all well: every line ok, in the order an owner fixes them', () => {
    const lines = mailCheckLines(check());
    expect(lines.map((each) => each.key)).toEqual(['relay', 'spf', 'dkim', 'dmarc', 'alignment']);
    expect(lines.map((each) => each.state)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    expect(lines.every((each) => each.fix === undefined && each.record === undefined)).toBe(true);
    expect(line(lines, 'relay').detail).toBe(
      'The mail server answers and accepts the sign-in (smtp.example.com:587, encrypted)',
    );
  });

  it('SPF found without the relay’s provider: a note with the record that adds it', () => {
    const withRelay = { ...spfRecord, value: 'v=spf1 mx include:_spf.google.com ~all' };
    const spf: RecordCheck = { state: 'found', name: DOMAIN, value: 'v=spf1 mx ~all', withRelay };
    const found = line(mailCheckLines(check({ spf })), 'spf');
    expect(found).toMatchObject({ state: 'note', record: withRelay });
    expect(found.detail).toContain('does not name your mail provider’s servers: v=spf1 mx ~all');
    expect(found.fix).toContain('in place of the one found');
  });

  describe('the relay', () => {
    const relayLine = (relay: Checked['relay']) => line(mailCheckLines(check({ relay })), 'relay');
    const failed = { state: 'failed', host: 'smtp.example.com', port: 587 } as const;

    it('the sign-in refused, in words with the relay’s answer', () => {
      const relay = relayLine({
        ...failed,
        code: 'EAUTH 535',
        response: '535 5.7.8 Invalid credentials',
      });
      expect(relay).toMatchObject({
        state: 'problem',
        detail:
          'The mail server refused the user name or password in SMTP_URL (EAUTH 535: 535 5.7.8 Invalid credentials)',
        fix: 'Put the right user name and password (an app password for Gmail/Outlook) in SMTP_URL and restart',
      });
    });

    it.each([
      ['ECONNREFUSED', /Nothing answers at smtp\.example\.com:587.*\(ECONNREFUSED\)/, /port/],
      ['ENOTFOUND', /name smtp\.example\.com is not found \(ENOTFOUND\)/, /host name/],
      ['ETIMEDOUT', /did not answer in time.*\(ETIMEDOUT\)/, /587 or 465/],
      ['ERR_SSL_WRONG_VERSION_NUMBER', /encrypted connection/, /smtps:\/\//],
      ['ENOAUTH', /wants a sign-in/, /USER:PASSWORD/],
      ['EENVELOPE 530', /wants a sign-in/, /USER:PASSWORD/],
      ['EPROTOCOL 421', /did not accept the session \(EPROTOCOL 421\)/, /SMTP settings/],
    ])('%s', (code, detail, fix) => {
      const relay = relayLine({ ...failed, code });
      expect(relay.state).toBe('problem');
      expect(relay.detail).toMatch(detail);
      expect(relay.fix).toMatch(fix);
    });

    it('a password sent unencrypted is a note', () => {
      const relay = relayLine({ ...failed, state: 'ok', signedIn: true, secure: false });
      expect(relay.state).toBe('note');
      expect(relay.detail).toContain('unencrypted');
    });

    it('no sign-in asked', () => {
      const relay = relayLine({ ...failed, state: 'ok', signedIn: false, secure: false });
      expect(relay).toMatchObject({
        state: 'ok',
        detail: 'The mail server answers (smtp.example.com:587, not encrypted)',
      });
    });
  });

  describe('SPF', () => {
    const spfLine = (spf: RecordCheck) => line(mailCheckLines(check({ spf })), 'spf');

    it('missing: the record to add', () => {
      expect(spfLine({ state: 'missing', name: DOMAIN, add: spfRecord })).toEqual({
        key: 'spf',
        state: 'problem',
        title: 'Who may send for the domain (SPF)',
        detail: 'No SPF record: Gmail and Outlook may put the site’s e-mail in spam',
        fix: 'Add this TXT record at your DNS host',
        record: spfRecord,
      });
    });

    it('twice, and +all with the record it should be', () => {
      const twice = spfLine({ state: 'wrong', name: DOMAIN, value: 'a\nb', why: 'spf-twice' });
      expect(twice).toMatchObject({ state: 'problem', fix: expect.stringMatching(/Merge/) });
      const all = spfLine({
        state: 'wrong',
        name: DOMAIN,
        value: 'v=spf1 +all',
        why: 'spf-allows-all',
        fix: spfRecord,
      });
      expect(all.detail).toContain('+all');
      expect(all.record).toEqual(spfRecord);
    });

    it('the DNS did not answer: unknown, with its code, not missing', () => {
      const spf = spfLine({ state: 'unknown', name: DOMAIN, code: 'ESERVFAIL' });
      expect(spf.state).toBe('unknown');
      expect(spf.detail).toContain('(ESERVFAIL)');
      expect(spf.record).toBeUndefined();
    });
  });

  describe('DKIM', () => {
    const dkimLine = (dkim: Checked['dkim']) => line(mailCheckLines(check({ dkim })), 'dkim');
    const name = `site._domainkey.${DOMAIN}`;
    const ours = {
      type: 'TXT',
      name,
      host: 'site._domainkey',
      value: 'v=DKIM1; k=rsa; p=OURS',
    } as const;

    it('our key missing: the record to add', () => {
      const dkim = dkimLine({
        selector: 'site',
        signing: 'here',
        record: { state: 'missing', name, add: ours },
      });
      expect(dkim).toMatchObject({ state: 'problem', record: ours });
      expect(dkim.fix).toBe('Add this TXT record at your DNS host');
    });

    it('the relay’s record missing: no value invented, the provider gives it', () => {
      const dkim = dkimLine({
        selector: 'site',
        signing: 'relay',
        record: { state: 'missing', name, add: ours },
      });
      expect(dkim.record).toBeUndefined();
      expect(dkim.fix).toMatch(/mail provider/);
    });

    it('another key, and a revoked one', () => {
      const other = dkimLine({
        selector: 'site',
        signing: 'here',
        record: { state: 'wrong', name, value: 'p=X', why: 'dkim-other-key', fix: ours },
      });
      expect(other).toMatchObject({ state: 'problem', record: ours });
      expect(other.detail).toContain('another key');
      const revoked = dkimLine({
        selector: 'site',
        signing: 'relay',
        record: { state: 'wrong', name, value: 'p=', why: 'dkim-revoked' },
      });
      expect(revoked.detail).toContain('revoked');
      expect(revoked.record).toBeUndefined();
    });

    it('no selector set and none found: a note naming DKIM_SELECTOR and dkim-key', () => {
      const dkim = dkimLine({ selector: null, signing: 'unknown', record: null });
      expect(dkim.state).toBe('note');
      expect(dkim.fix).toContain('DKIM_SELECTOR');
      expect(dkim.fix).toContain('npm run admin -- dkim-key');
    });

    it('a common selector found: a note to set DKIM_SELECTOR to it', () => {
      const dkim = dkimLine({
        selector: 's1',
        signing: 'unknown',
        record: { state: 'found', name: `s1._domainkey.${DOMAIN}`, value: 'p=X' },
      });
      expect(dkim).toMatchObject({
        state: 'note',
        fix: expect.stringContaining('DKIM_SELECTOR=s1'),
      });
    });
  });

  describe('DMARC', () => {
    const dmarcLine = (dmarc: RecordCheck) => line(mailCheckLines(check({ dmarc })), 'dmarc');

    it('missing: the record to add', () => {
      const add = {
        type: 'TXT',
        name: `_dmarc.${DOMAIN}`,
        host: '_dmarc',
        value: `v=DMARC1; p=none; rua=mailto:hello@${DOMAIN}`,
      } as const;
      const dmarc = dmarcLine({ state: 'missing', name: add.name, add });
      expect(dmarc).toMatchObject({ state: 'problem', record: add });
      expect(dmarc.detail).toMatch(/^No DMARC record/);
    });

    it('twice', () => {
      const dmarc = dmarcLine({ state: 'wrong', name: '_dmarc.x', value: 'a', why: 'dmarc-twice' });
      expect(dmarc).toMatchObject({ state: 'problem', fix: expect.stringMatching(/Delete one/) });
    });
  });

  describe('alignment', () => {
    const alignmentLine = (alignment: Partial<Checked['alignment']>, dkim?: Checked['dkim']) =>
      line(
        mailCheckLines(
          check({ alignment: { ...check().alignment, ...alignment }, ...(dkim ? { dkim } : {}) }),
        ),
        'alignment',
      );

    it('bounces elsewhere but DKIM as From: a note that DMARC rests on DKIM', () => {
      const note = alignmentLine({ envelopeDomain: 'bounces.example', spfAligned: false });
      expect(note.state).toBe('note');
      expect(note.detail).toContain('bounces.example');
      expect(note.detail).toContain('SPF does not align');
      expect(note.detail).toContain('DKIM');
      expect(note.fix).toBeUndefined();
    });

    it('neither aligns: a problem with its fix', () => {
      const problem = alignmentLine({
        envelopeDomain: 'bounces.example',
        spfAligned: false,
        dkimDomain: 'bounces.example',
        dkimAligned: false,
      });
      expect(problem.state).toBe('problem');
      expect(problem.fix).toContain('MAIL_ENVELOPE_FROM');
    });

    it('no selector and no DKIM record found: a problem', () => {
      const problem = alignmentLine(
        {
          envelopeDomain: 'bounces.example',
          spfAligned: false,
          dkimDomain: null,
          dkimAligned: null,
        },
        { selector: null, signing: 'unknown', record: null },
      );
      expect(problem.state).toBe('problem');
    });
  });
});
