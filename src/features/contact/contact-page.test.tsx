import { screen, within } from '@testing-library/react';
import { companyContent } from '../../content/company';
import { renderAt } from '../../test/render';
import { ContactPage } from './contact-page';
import { NOTHING_PUBLISHED } from '../../content/published';

const { claims, company, hours } = companyContent(NOTHING_PUBLISHED);

describe('ContactPage', () => {
  it('links both phone lines, the e-mail and WhatsApp', () => {
    renderAt(<ContactPage />, '/contact');
    const direct = screen.getByRole('link', { name: /direct line/i });
    expect(direct).toHaveAttribute('href', `tel:${company.phones.direct.e164}`);
    expect(direct).toHaveTextContent(company.phones.direct.display);
    const office = screen.getByRole('link', { name: /office line/i });
    expect(office).toHaveAttribute('href', `tel:${company.phones.office.e164}`);
    expect(office).toHaveTextContent(company.phones.office.display);
    expect(screen.getByRole('link', { name: new RegExp(company.email) })).toHaveAttribute(
      'href',
      `mailto:${company.email}`,
    );
    const whatsapp = screen.getByRole('link', { name: /whatsapp/i });
    expect(whatsapp).toHaveAttribute('href', company.whatsappUrl);
    expect(whatsapp).toHaveAttribute('target', '_blank');
    expect(whatsapp).toHaveAccessibleName(/opens in a new tab/);
  });

  it('shows the Vienna address with a maps link that says it opens a new tab', () => {
    renderAt(<ContactPage />, '/contact');
    expect(screen.getByTestId('contact-address')).toHaveTextContent(company.address.street);
    expect(screen.getByTestId('contact-address')).toHaveTextContent('Vienna, Virginia');
    const maps = screen.getByRole('link', { name: /google maps/i });
    expect(maps).toHaveAttribute('href', company.mapsUrl);
    expect(maps).toHaveAttribute('target', '_blank');
    expect(maps).toHaveAccessibleName(/opens in a new tab/);
  });

  it('lists the business hours as terms and times, and the response commitment', () => {
    renderAt(<ContactPage />, '/contact');
    const list = screen.getByTestId('business-hours');
    expect(list.tagName).toBe('DL');
    for (const slot of Object.values(hours)) {
      const term = within(list).getByText(slot.days);
      expect(term.tagName).toBe('DT');
      expect(term.nextElementSibling).toHaveTextContent(slot.time);
    }
    expect(screen.getByTestId('response-commitment')).toHaveTextContent(claims.responseTime);
  });

  it('offers shortcuts to the quote request and the job application', () => {
    renderAt(<ContactPage />, '/contact');
    expect(screen.getByRole('link', { name: 'Request a Quote' })).toHaveAttribute(
      'href',
      '/request-service',
    );
    expect(screen.getByRole('link', { name: 'Apply to Join Our Team' })).toHaveAttribute(
      'href',
      '/join-our-team',
    );
  });
});
