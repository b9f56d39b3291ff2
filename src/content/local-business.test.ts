import { jsonForScript, localBusinessJsonLd, siteHeadTags } from '../../scripts/site-head';
import { company, hours } from './company';

function jsonLdFromHead(head: string): unknown {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(head);
  if (!match?.[1]) throw new Error('no JSON-LD script in the head tags');
  return JSON.parse(match[1]);
}

describe('LocalBusiness JSON-LD', () => {
  it('states the facts of src/content', () => {
    const data = localBusinessJsonLd();
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
        opens: hours.weekdays.opens,
        closes: hours.weekdays.closes,
      },
    ]);
    expect(data.areaServed.map((area) => area.name)).toEqual(company.serviceAreas);
    expect(data).not.toHaveProperty('url');
  });

  it('is written into the head tags as a data block that parses back to the same object', () => {
    const head = siteHeadTags();
    expect(jsonLdFromHead(head)).toEqual(localBusinessJsonLd());
  });

  it('gives shared links a title and description taken from content', () => {
    const head = new DOMParser().parseFromString(`<head>${siteHeadTags()}</head>`, 'text/html');
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
