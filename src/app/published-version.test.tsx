import { renderToStaticMarkup } from 'react-dom/server';
import { localBusinessJsonLd, siteHeadTags } from '../../scripts/build/site-head';
import { respondBy } from '../business-time/promises';
import { businessSchedule } from '../business-time/schedule';
import { Footer } from './footer';
import { businessContent } from '../content/business';
import { companyContent } from '../content/company';
import { companyContent as esCompanyContent } from '../content/es/company';
import {
  applyFields,
  contentOf,
  NOTHING_PUBLISHED,
  publishedVersion,
  type PublishedVersion,
} from '../content/published';
import { siteContent } from '../content/site-content';
import { PublishedContext } from '../content/use-content';
import { MemoryRouter } from 'react-router';

/** The owner published their phone, their Facebook page and a figure. */
const published: PublishedVersion = publishedVersion({
  version: 4,
  facts: {
    'business/phones.office': { display: '(301) 555-7719', e164: '+13015557719' },
    'business/social.0.href': 'https://www.facebook.com/capital-shift',
    'business/figures.events': '900+',
    'business/promises.responseBusinessHours': 2,
  },
  es: { 'company.claims/stats.events.label': 'Eventos memorables' },
});

function footerHtml(version: PublishedVersion): string {
  return renderToStaticMarkup(
    <PublishedContext value={version}>
      <MemoryRouter>
        <Footer />
      </MemoryRouter>
    </PublishedContext>,
  );
}

describe('a published version as a value', () => {
  it("is NOTHING_PUBLISHED for no JSON, an empty one or a version's missing parts", () => {
    expect(publishedVersion(null)).toBe(NOTHING_PUBLISHED);
    expect(publishedVersion({})).toBe(NOTHING_PUBLISHED);
    expect(publishedVersion({ facts: {}, en: {} })).toBe(NOTHING_PUBLISHED);
    expect(publishedVersion({ version: 2, en: { a: 1 } })).toEqual({
      version: 2,
      facts: {},
      en: { a: 1 },
      es: {},
    });
  });

  it('is read once per version: every reader of one version shares the same objects', () => {
    let made = 0;
    const content = contentOf((editable) => {
      made += 1;
      return editable('business', { name: 'Code' });
    });
    expect(content(published)).toBe(content(published));
    expect(content(NOTHING_PUBLISHED)).toEqual({ name: 'Code' });
    expect(made).toBe(2);
  });

  it('applies a whole list first, then a field inside it', () => {
    const fields = { 'p/items': [{ a: 1 }, { a: 2 }], 'p/items.1.a': 3 };
    expect(applyFields('p', { items: [{ a: 0 }] }, fields)).toEqual({
      items: [{ a: 1 }, { a: 3 }],
    });
  });
});

describe('with nothing published, every reader gets the code’s content', () => {
  const { business } = businessContent(NOTHING_PUBLISHED);

  it("the facts and the words written from them: the code's placeholders", () => {
    expect(business.phones.office.display).toBe('(703) 555-0187');
    expect(business.whatsappUrl).toBe('https://wa.me/17035550187');
    expect(business.social.every((link) => link.href === undefined)).toBe(true);
    expect(companyContent(NOTHING_PUBLISHED).claims.responseTime).toBe('4 business hours');
    expect(siteContent(NOTHING_PUBLISHED, 'es').company.phones.office.display).toBe(
      '(703) 555-0187',
    );
  });

  it('the head tags, the JSON-LD, the footer and the deadlines', () => {
    expect(siteHeadTags(NOTHING_PUBLISHED)).toContain('https://www.example.com/');
    expect(localBusinessJsonLd(NOTHING_PUBLISHED).telephone).toBe('+17035550187');
    expect(footerHtml(NOTHING_PUBLISHED)).toContain('(703) 555-0187');
    expect(footerHtml(NOTHING_PUBLISHED)).not.toContain('facebook.com');
    const friday4pm = Date.parse('2026-11-20T16:00:00-05:00');
    expect(respondBy(friday4pm, business)).toBe(Date.parse('2026-11-23T12:00:00-05:00'));
    expect(businessSchedule.closedDates).toEqual([]);
    expect(businessSchedule.week.find((day) => day.day === 'Monday')).toMatchObject({
      open: true,
      opens: '09:00',
      closes: '17:00',
    });
  });
});

describe('a published version reaches every reader that is given it', () => {
  it('the facts, the links written from them and the texts written from the facts', () => {
    const { business } = businessContent(published);
    expect(business.whatsappUrl).toBe('https://wa.me/13015557719');
    expect(companyContent(published).company.phones.office.display).toBe('(301) 555-7719');
    expect(companyContent(published).claims.stats.events.value).toBe('900+');
    expect(companyContent(published).claims.responseTime).toBe('2 business hours');
    expect(esCompanyContent(published).claims.stats.events).toEqual({
      value: '900+',
      label: 'Eventos memorables',
    });
  });

  it('the footer links to the published social page, in the tree given the version', () => {
    const html = footerHtml(published);
    expect(html).toContain('href="https://www.facebook.com/capital-shift"');
    expect(html).toContain('(301) 555-7719');
  });

  it('the head tags and the JSON-LD of both languages', () => {
    expect(localBusinessJsonLd(published, 'es').telephone).toBe('+13015557719');
    expect(siteHeadTags(published, 'en')).toContain('900+');
  });

  it('the deadlines count on the published promise', () => {
    const friday4pm = Date.parse('2026-11-20T16:00:00-05:00');
    expect(respondBy(friday4pm, businessContent(published).business)).toBe(
      Date.parse('2026-11-23T10:00:00-05:00'),
    );
  });
});
