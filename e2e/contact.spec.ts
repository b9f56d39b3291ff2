import { expect, test } from '@playwright/test';
import { companyContent } from '../src/content/company';
import { contactContent } from '../src/content/contact';
import { pagesContent } from '../src/content/site';
import { openRoute } from './fixtures';
import { NOTHING_PUBLISHED } from '../src/content/published';

const { company } = companyContent(NOTHING_PUBLISHED);
const { contact } = contactContent(NOTHING_PUBLISHED);
const { pages } = pagesContent(NOTHING_PUBLISHED);

interface JsonLd {
  '@context': string;
  '@type': string;
  name: string;
  telephone: string;
  email: string;
  contactPoint: { telephone: string; contactType: string }[];
  address: Record<string, string>;
  openingHoursSpecification: { dayOfWeek: string[]; opens: string; closes: string }[];
  areaServed: { name: string }[];
}

test.describe('contact page', () => {
  test('links both phone lines, the e-mail and WhatsApp; shows the Vienna address with a maps link, the business hours and the response commitment', async ({
    page,
  }) => {
    await openRoute(page, '/contact');
    const main = page.getByRole('main');
    const direct = main.getByRole('link', { name: /direct line/i });
    await expect(direct).toHaveAttribute('href', `tel:${company.phones.direct.e164}`);
    await expect(direct).toContainText(company.phones.direct.display);
    const office = main.getByRole('link', { name: /office line/i });
    await expect(office).toHaveAttribute('href', `tel:${company.phones.office.e164}`);
    await expect(office).toContainText(company.phones.office.display);

    const email = main.getByRole('link', { name: new RegExp(company.email) });
    await expect(email).toHaveAttribute('href', `mailto:${company.email}`);

    const whatsapp = main.getByRole('link', { name: /whatsapp/i });
    await expect(whatsapp).toHaveAttribute('href', company.whatsappUrl);
    await expect(whatsapp).toHaveAttribute('target', '_blank');
    await expect(whatsapp).toHaveAttribute('rel', /noopener/);
    await expect(whatsapp).toHaveAccessibleName(`${contact.whatsapp.label} (opens in a new tab)`);
    await expect(whatsapp).toHaveAccessibleDescription(
      `${contact.whatsapp.hint.lead} ${contact.whatsapp.hint.phone}.`,
    );

    const address = page.getByTestId('contact-address');
    await expect(address).toContainText(company.address.street);
    await expect(address).toContainText(
      `${company.address.city}, ${company.address.regionName} ${company.address.postalCode}`,
    );
    const maps = page
      .getByRole('main')
      .getByRole('link', { name: `${contact.visit.mapLabel} (opens in a new tab)` });
    await expect(maps).toHaveAttribute('href', company.mapsUrl);
    await expect(maps).toHaveAttribute('target', '_blank');
    await expect(maps).toHaveAttribute('rel', /noopener/);

    const section = page.getByRole('region', { name: contact.hours.title });
    await expect(section.getByRole('term')).toHaveText([
      'Monday - Friday',
      'Saturday & Sunday',
      'During events',
    ]);
    await expect(section.getByRole('definition')).toHaveText([
      '9:00 AM - 5:00 PM',
      'Limited weekend support',
      '24/7 on-site support',
    ]);
    await expect(page.getByTestId('response-commitment')).toContainText('within 4 business hours');
  });

  test('the shortcut cards open the quote request and the job application', async ({ page }) => {
    await openRoute(page, '/contact');
    await page.getByTestId('shortcut-quote').getByRole('link', { name: 'Request a Quote' }).click();
    await expect(page).toHaveURL(/#\/request-service$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.quote.heading);

    await openRoute(page, '/contact');
    await page
      .getByTestId('shortcut-application')
      .getByRole('link', { name: 'Apply to Join Our Team' })
      .click();
    await expect(page).toHaveURL(/#\/join-our-team$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.application.heading);
  });
});

test.describe('LocalBusiness JSON-LD', () => {
  test('the served index.html carries it in <head>, safely escaped', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(head);
    expect(match, 'a JSON-LD block in <head>').not.toBeNull();
    const json = match?.[1] ?? '';
    expect(json).not.toContain('<');
    expect(() => JSON.parse(json)).not.toThrow();
  });

  test('parses and states the facts the site shows; the page loads with no console error (no CSP violation)', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await openRoute(page, '/contact');
    await expect(page.getByTestId('business-hours')).toBeVisible();
    const scripts = page.locator('head script[type="application/ld+json"]');
    await expect(scripts).toHaveCount(1);
    const data = JSON.parse((await scripts.textContent()) ?? '') as JsonLd;

    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('EmploymentAgency');
    expect(data.name).toBe(company.name);
    expect(data.email).toBe(company.email);
    expect(data.telephone).toBe(company.phones.office.e164);
    expect(data.contactPoint.map((point) => point.telephone)).toEqual([
      company.phones.direct.e164,
      company.phones.office.e164,
    ]);
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
    expect(data.areaServed.map((area) => area.name)).toEqual([
      'Washington, D.C.',
      'Northern Virginia',
      'Maryland',
    ]);

    // The same facts are on the page a person reads.
    const main = page.getByRole('main');
    await expect(main.locator(`a[href="tel:${data.telephone}"]`)).toBeVisible();
    await expect(main.locator(`a[href="mailto:${data.email}"]`)).toBeVisible();
    await expect(page.getByTestId('contact-address')).toContainText(
      data.address.streetAddress ?? '',
    );
    expect(errors).toEqual([]);
  });
});
