import { countable } from './countable.ts';
import { languageOfPath, pageOf, pathOfPage } from './visit-pages.ts';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('pageOf', () => {
  it.each([
    ['/', 'home'],
    ['/index.html', 'home'],
    ['/es/', 'home'],
    ['/es', 'home'],
    ['/es/index.html', 'home'],
    ['/about', 'home'],
    ['/team', 'team'],
    ['/team/', 'team'],
    ['/es/team/', 'team'],
    ['/team/index.html', 'team'],
    ['/contact', 'contact'],
    ['/request-service/', 'quote'],
    ['/solicitar-servicio', 'quote'],
    ['/join-our-team', 'application'],
    ['/trabajar-con-nosotros/', 'application'],
    ['/privacy', 'privacy'],
    ['/es/privacidad/', 'privacy'],
    ['/team?utm_source=x', 'team'],
    ['/nothing', undefined],
    ['/pages/team.html', undefined],
    ['/admin/', undefined],
    ['team', undefined],
    ['', undefined],
  ])('%s → %s', (path, page) => {
    expect(pageOf(path)).toBe(page);
  });

  it('gives each page its own route path, and a document its language', () => {
    expect(pathOfPage('home')).toBe('/');
    expect(pathOfPage('quote')).toBe('/request-service');
    expect(pathOfPage('privacy')).toBe('/privacy');
    expect(languageOfPath('/es/team/')).toBe('es');
    expect(languageOfPath('/estate')).toBe('en');
  });
});

describe('countable', () => {
  const get = (headers: Record<string, string>, method = 'GET') => ({
    method,
    headers: { 'user-agent': CHROME, ...headers },
  });
  it.each([
    ['a navigation', get({ 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' }), true],
    ['an old browser without Sec-Fetch', get({}), true],
    ['a HEAD', get({}, 'HEAD'), false],
    ['a POST', get({}, 'POST'), false],
    ['an iframe', get({ 'sec-fetch-dest': 'iframe' }), false],
    [
      'a fetch of the document',
      get({ 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors' }),
      false,
    ],
    ['a no-cors mode', get({ 'sec-fetch-mode': 'no-cors' }), false],
    ['Chrome prefetch', get({ 'sec-purpose': 'prefetch' }), false],
    ['Chrome prerender', get({ 'sec-purpose': 'prefetch;prerender' }), false],
    ['Purpose: prefetch', get({ purpose: 'prefetch' }), false],
    ['X-Moz: prefetch', get({ 'x-moz': 'prefetch' }), false],
    ['X-Purpose: preview', get({ 'x-purpose': 'preview' }), false],
    ['Global Privacy Control', get({ 'sec-gpc': '1' }), false],
    ['Googlebot', get({ 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' }), false],
    ['a link preview', get({ 'user-agent': 'facebookexternalhit/1.1' }), false],
    ['WhatsApp', get({ 'user-agent': 'WhatsApp/2.23.20.0' }), false],
    ['curl', get({ 'user-agent': 'curl/8.5.0' }), false],
    ['no user agent', get({ 'user-agent': '' }), false],
  ])('%s: %s', (_name, request, counted) => {
    expect(countable(request, 'document')).toBe(counted);
  });

  it('takes a beacon as a POST with its empty Sec-Fetch-Dest', () => {
    const beacon = { method: 'POST', headers: { 'user-agent': CHROME, 'sec-fetch-dest': 'empty' } };
    expect(countable(beacon, 'beacon')).toBe(true);
    expect(countable({ ...beacon, headers: { ...beacon.headers, 'sec-gpc': '1' } }, 'beacon')).toBe(
      false,
    );
  });
});
