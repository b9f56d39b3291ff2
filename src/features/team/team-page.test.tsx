import { screen, within } from '@testing-library/react';
import { companyContent } from '../../content/company';
import { teamContent } from '../../content/team';
import { renderAt } from '../../test/render';
import { TeamPage } from './team-page';
import { NOTHING_PUBLISHED } from '../../content/published';

const { claims, company } = companyContent(NOTHING_PUBLISHED);
const { team } = teamContent(NOTHING_PUBLISHED);

describe('TeamPage', () => {
  it('shows six role cards, each with its description, requirements and specialties', () => {
    renderAt(<TeamPage />, '/team');
    const cards = screen.getAllByRole('article');
    expect(
      cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent),
    ).toEqual([
      'Professional Servers',
      'Specialized Bartenders',
      'Kitchen Staff',
      'Event Supervisors',
      'Captains',
      'Support Staff',
    ]);
    team.roles.items.forEach((role, index) => {
      const card = cards[index] as HTMLElement;
      expect(card).toHaveTextContent(role.description);
      const requirements = within(card).getByRole('list', { name: 'Requirements' });
      expect(
        within(requirements)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(role.requirements);
      const specialties = within(card).getByRole('list', { name: 'Specialties' });
      expect(
        within(specialties)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(role.specialties);
    });
  });

  it('states the experience and certification minimums of the specification', () => {
    renderAt(<TeamPage />, '/team');
    const requirementsOf = (title: string) =>
      within(screen.getByRole('article', { name: title })).getByRole('list', {
        name: 'Requirements',
      });
    expect(requirementsOf('Professional Servers')).toHaveTextContent(/minimum 2 years/i);
    expect(requirementsOf('Professional Servers')).toHaveTextContent(/food service certification/i);
    expect(requirementsOf('Specialized Bartenders')).toHaveTextContent(/TIPS 360 certified/);
    expect(requirementsOf('Specialized Bartenders')).toHaveTextContent(/minimum 3 years/i);
    expect(requirementsOf('Kitchen Staff')).toHaveTextContent(/food safety certification/i);
    expect(requirementsOf('Event Supervisors')).toHaveTextContent(/minimum 5 years of leadership/i);
  });

  it('shows the four quality pillars and the claims as statistics', () => {
    renderAt(<TeamPage />, '/team');
    for (const title of [
      'Rigorous Selection',
      'Continuous Training',
      'Quality Control',
      'Punctuality',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    const stats = screen.getByTestId('team-stats');
    for (const stat of Object.values(claims.stats)) {
      const term = within(stats).getByText(stat.label);
      expect(term.tagName).toBe('DT');
      expect(term.nextElementSibling).toHaveTextContent(stat.value);
    }
  });

  it('links Apply Now to the application and Send Resume to an e-mail with a subject', () => {
    renderAt(<TeamPage />, '/team');
    expect(screen.getByRole('link', { name: 'Apply Now' })).toHaveAttribute(
      'href',
      '/join-our-team',
    );
    const resume = screen.getByRole('link', { name: 'Send Resume' });
    const href = resume.getAttribute('href') ?? '';
    expect(href.startsWith(`mailto:${company.email}?subject=`)).toBe(true);
    expect(new URL(href).searchParams.get('subject')).toMatch(/resume/i);
    expect(resume).toHaveAccessibleDescription(new RegExp(company.email));
  });

  it("also links to the application's résumé field", () => {
    renderAt(<TeamPage />, '/team');
    expect(
      screen.getByRole('link', { name: 'Or attach it to the online application' }),
    ).toHaveAttribute('href', '/join-our-team?field=resume');
  });
});
