import { jsonForScript, localBusinessJsonLd, siteHeadTags } from '../../scripts/build/site-head';
import { businessContent } from './business.ts';
import { companyContent } from './company.ts';
import { companyContent as esCompanyContent } from './es/company.ts';
import { NOTHING_PUBLISHED } from './published.ts';

const { business } = businessContent(NOTHING_PUBLISHED);
const { company } = companyContent(NOTHING_PUBLISHED);
const { company: spanishCompany } = esCompanyContent(NOTHING_PUBLISHED);

function jsonLdFromHead(head: string): unknown {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(head);
  if (!match?.[1]) throw new Error('no JSON-LD script in the head tags');
  return JSON.parse(match[1]);
}

describe('LocalBusiness JSON-LD', () => {
  it('states the facts of src/content', () => {
    const data = localBusinessJsonLd(NOTHING_PUBLISHED);
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('EmploymentAgency');
    expect(data.name).toBe(company.name);
    expect(data.telephone).toBe(company.phones.office.e164);
    expect(data.contactPoint.map((point) => point.telephone)).toEqual([
      company.phones.direct.e164,
      company.phones.office.e164,
    ]);
    expect(data.email).toBe(company.email);
    expect(data.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: company.address.street,
      addressLocality: 'Vienna',
      addressRegion: 'VA',
      postalCode: company.address.postalCode,
      addressCountry: 'US',
    });
    expect(data.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '09:00',
        closes: '17:00',
      },
    ]);
    expect(data.areaServed.map((area) => area.name)).toEqual(company.serviceAreas);
    expect(data.url).toBe(`${business.siteUrl}/`);
    expect(data.inLanguage).toBe('en');
  });

  it('in the Spanish head: the Spanish words, the same facts, the Spanish address', () => {
    const data = localBusinessJsonLd(NOTHING_PUBLISHED, 'es');
    expect(data.description).toBe(spanishCompany.description);
    expect(data.telephone).toBe(company.phones.office.e164);
    expect(data.url).toBe(`${business.siteUrl}/es/`);
    expect(data.inLanguage).toBe('es');
  });

  it('names both documents as alternates in each head, and itself as canonical', () => {
    for (const [language, path] of [
      ['en', '/'],
      ['es', '/es/'],
    ] as const) {
      const head = new DOMParser().parseFromString(
        `<head>${siteHeadTags(NOTHING_PUBLISHED, language)}</head>`,
        'text/html',
      );
      const href = (selector: string) => head.querySelector(selector)?.getAttribute('href');
      expect(href('link[rel="canonical"]')).toBe(`${business.siteUrl}${path}`);
      expect(href('link[hreflang="en"]')).toBe(`${business.siteUrl}/`);
      expect(href('link[hreflang="es"]')).toBe(`${business.siteUrl}/es/`);
      expect(href('link[hreflang="x-default"]')).toBe(`${business.siteUrl}/`);
    }
  });

  it('is written into the head tags as a data block that parses back to the same object', () => {
    const head = siteHeadTags(NOTHING_PUBLISHED);
    expect(jsonLdFromHead(head)).toEqual(localBusinessJsonLd(NOTHING_PUBLISHED));
  });

  it('gives shared links a title and description taken from content', () => {
    const head = new DOMParser().parseFromString(
      `<head>${siteHeadTags(NOTHING_PUBLISHED)}</head>`,
      'text/html',
    );
    const og = (property: string) =>
      head.querySelector(`meta[property="og:${property}"]`)?.getAttribute('content');
    expect(og('site_name')).toBe(company.name);
    expect(og('title')).toBe(head.title);
    expect(og('title')).toContain(company.name);
    expect(og('description')).toBe(company.description);
  });

  it('escapes characters that could end the script element', () => {
    const hostile = { name: '</script><script>alert(1)</script><!--', note: 'A & B > C' };
    const json = jsonForScript(hostile);
    expect(json).not.toMatch(/[<>&]/);
    expect(JSON.parse(json)).toEqual(hostile);
  });
});
