import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  campaignTags,
  externalReferrer,
  recordVisit,
  VISIT_HEADER_MAX,
  visitHeader,
} from './visit-record';

afterEach(() => vi.restoreAllMocks());

describe("the visit's record", () => {
  it('is written once per tab session, in session storage only', () => {
    recordVisit(
      JSON.stringify({ k: 'load', r: 'https://www.google.com/', q: '?ref=qr', p: '/', l: 'es' }),
    );
    recordVisit(JSON.stringify({ r: 'https://bing.com/', q: '', p: '/team', l: 'en' }));
    expect(visitHeader()).toBe('r=https%3A%2F%2Fwww.google.com%2F&q=%3Fref%3Dqr&p=%2F&l=es');
    expect(new URLSearchParams(visitHeader()).get('q')).toBe('?ref=qr');
    expect(window.localStorage.length).toBe(0);
    expect(document.cookie).toBe('');
  });

  it('is no header when there is none, or storage is refused', () => {
    expect(visitHeader()).toBeUndefined();
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(visitHeader()).toBeUndefined();
  });

  it("gives another site's referrer without its query, none of the site's own", () => {
    recordVisit(JSON.stringify({ r: 'http://localhost:3000/es/', q: '', p: '/', l: 'es' }));
    expect(visitHeader()).toBe('r=&q=&p=%2F&l=es');
    window.sessionStorage.clear();
    recordVisit(
      JSON.stringify({ r: 'https://news.example/a?email=ana@x.com', q: '', p: '/', l: 'en' }),
    );
    expect(visitHeader()).toBe('r=https%3A%2F%2Fnews.example%2Fa&q=&p=%2F&l=en');
  });

  it('keeps the header short: a long referrer goes first, then the tags', () => {
    const r = `https://example.com/${'é'.repeat(190)}`;
    const q = campaignTags(`?utm_source=${'ü'.repeat(80)}&utm_campaign=${'ü'.repeat(80)}`);
    recordVisit(JSON.stringify({ r, q, p: '/request-service', l: 'en' }));
    const header = visitHeader() ?? '';
    expect(header.length).toBeLessThanOrEqual(VISIT_HEADER_MAX);
    expect(new URLSearchParams(header).get('p')).toBe('/request-service');
    expect(new URLSearchParams(header).get('r')).toBe('');
  });

  it('ignores a record that is not one', () => {
    window.sessionStorage.setItem('visit', '[1]x');
    expect(visitHeader()).toBeUndefined();
    window.sessionStorage.setItem('visit', JSON.stringify({ r: 5, p: '/team' }));
    expect(visitHeader()).toBe('r=&q=&p=%2Fteam&l=');
  });
});

describe('campaignTags', () => {
  it('keeps only utm_source, utm_campaign and ref', () => {
    expect(campaignTags('?ref=qr&name=Ana&utm_campaign=spring&utm_source=flyer&utm_medium=x')).toBe(
      '?ref=qr&utm_campaign=spring&utm_source=flyer',
    );
    expect(campaignTags('?x=1&utm_source=fly%20er&href=y&preref=z')).toBe('?utm_source=fly%20er');
    expect(campaignTags('?name=Ana')).toBe('');
    expect(campaignTags('')).toBe('');
  });
});

describe('externalReferrer', () => {
  it("is another site's address without its query; none for the site's own", () => {
    const own = 'https://potomac.example';
    expect(externalReferrer('https://www.google.com/', own)).toBe('https://www.google.com/');
    expect(externalReferrer('https://news.example/a?email=ana@x.com#top', own)).toBe(
      'https://news.example/a',
    );
    expect(externalReferrer('https://potomac.example/es/', own)).toBe('');
    expect(externalReferrer('android-app://com.google.android.gm/', own)).toBe(
      'android-app://com.google.android.gm/',
    );
    expect(externalReferrer('', own)).toBe('');
  });
});
