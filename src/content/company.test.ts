import { companyContent } from './company.ts';
import { NOTHING_PUBLISHED } from './published.ts';

const { company, claims } = companyContent(NOTHING_PUBLISHED);

describe('company content', () => {
  it('uses fictional 555-01xx phone numbers until real ones are set', () => {
    for (const phone of Object.values(company.phones)) {
      expect(phone.e164).toMatch(/^\+1\d{3}55501\d{2}$/);
      expect(phone.display.replace(/\D/g, '')).toBe(phone.e164.slice(2));
    }
  });

  it('links WhatsApp to the office number and the map to the address', () => {
    expect(company.whatsappUrl).toBe(`https://wa.me/${company.phones.office.e164.slice(1)}`);
    expect(decodeURIComponent(company.mapsUrl)).toContain(company.address.line);
    expect(company.address.city).toBe('Vienna');
  });

  it('states the claims of the specification', () => {
    expect(Object.values(claims.stats).map((stat) => stat.value)).toEqual([
      '500+',
      '50+',
      '10+',
      '100%',
    ]);
    expect(Object.values(claims.coverage).map((stat) => stat.value)).toEqual(['25+', '150+', '3']);
    expect(company.credentials).toEqual(['Licensed in Virginia', 'Insured & Bonded', 'Since 2014']);
  });
});
