import { describe, expect, it } from 'vitest';
import { checkAlignment } from './mail-check.ts';

const from = 'Potomac Staffing <hello@staffing.example>';

describe('alignment (relaxed: the same organisational domain)', () => {
  it('no MAIL_ENVELOPE_FROM: bounces go to From’s domain', () => {
    expect(checkAlignment({ from })).toEqual({
      fromDomain: 'staffing.example',
      envelopeDomain: 'staffing.example',
      spfAligned: true,
      dkimDomain: null,
      dkimAligned: null,
    });
  });

  it('a subdomain of From’s aligns', () => {
    const check = checkAlignment({
      from,
      envelopeFrom: 'bounces@mail.staffing.example',
      dkim: { domain: 'mail.staffing.example', selector: 's' },
    });
    expect(check).toMatchObject({
      envelopeDomain: 'mail.staffing.example',
      spfAligned: true,
      dkimDomain: 'mail.staffing.example',
      dkimAligned: true,
    });
  });

  it('another domain does not', () => {
    const check = checkAlignment({
      from,
      envelopeFrom: 'bounces@relay-provider.example',
      dkim: { domain: 'relay-provider.example', selector: 's' },
    });
    expect(check).toMatchObject({ spfAligned: false, dkimAligned: false });
  });

  it('two owners under one public suffix do not: a.co.uk is not b.co.uk', () => {
    const check = checkAlignment({
      from: 'hello@a.co.uk',
      envelopeFrom: 'bounces@b.co.uk',
      dkim: { domain: 'mail.a.co.uk', selector: 's' },
    });
    expect(check).toMatchObject({
      fromDomain: 'a.co.uk',
      envelopeDomain: 'b.co.uk',
      spfAligned: false,
      dkimAligned: true,
    });
  });
});
