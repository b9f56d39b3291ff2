import { expect, test, type Page } from '@playwright/test';
import { applicationFormContent } from '../src/content/application-form';
import { companyContent } from '../src/content/company';
import { pagesContent } from '../src/content/site';
import { teamContent } from '../src/content/team';
import { openRoute } from './fixtures';
import { NOTHING_PUBLISHED } from '../src/content/published';

const { applicationForm } = applicationFormContent(NOTHING_PUBLISHED);
const { claims, company } = companyContent(NOTHING_PUBLISHED);
const { pages } = pagesContent(NOTHING_PUBLISHED);
const { team } = teamContent(NOTHING_PUBLISHED);

function roleCard(page: Page, title: string) {
  return page.getByRole('article', { name: title });
}

test.describe('team page', () => {
  test('shows six role cards with their minimums, the four quality pillars, the statistics and a Send Resume e-mail link', async ({
    page,
  }) => {
    await openRoute(page, '/team');
    await expect(page.getByRole('article')).toHaveCount(6);
    await expect(page.getByRole('article').getByRole('heading', { level: 3 })).toHaveText([
      'Professional Servers',
      'Specialized Bartenders',
      'Kitchen Staff',
      'Event Supervisors',
      'Captains',
      'Support Staff',
    ]);
    for (const role of team.roles.items) {
      const card = roleCard(page, role.title);
      await expect(card).toBeVisible();
      await expect(card.getByText(role.description)).toBeVisible();
      await expect(
        card.getByRole('list', { name: 'Requirements' }).getByRole('listitem'),
      ).toHaveText(role.requirements);
      await expect(
        card.getByRole('list', { name: 'Specialties' }).getByRole('listitem'),
      ).toHaveText(role.specialties);
    }

    const requirements = (title: string) =>
      roleCard(page, title).getByRole('list', { name: 'Requirements' });
    await expect(requirements('Professional Servers')).toContainText('Minimum 2 years');
    await expect(requirements('Professional Servers')).toContainText('Food service certification');
    await expect(requirements('Specialized Bartenders')).toContainText('TIPS 360 certified');
    await expect(requirements('Specialized Bartenders')).toContainText('Minimum 3 years');
    await expect(requirements('Kitchen Staff')).toContainText('Food safety certification');
    await expect(requirements('Event Supervisors')).toContainText(
      'Minimum 5 years of leadership experience',
    );

    const pillars = page.getByRole('region', { name: team.pillars.title });
    await expect(pillars.getByRole('heading', { level: 3 })).toHaveText([
      'Rigorous Selection',
      'Continuous Training',
      'Quality Control',
      'Punctuality',
    ]);
    for (const pillar of team.pillars.items) {
      await expect(pillars.getByText(pillar.description)).toBeVisible();
    }

    const stats = page.getByRole('region', { name: team.stats.title });
    await expect(stats.getByRole('term')).toHaveText(
      Object.values(claims.stats).map((stat) => stat.label),
    );
    await expect(stats.getByRole('definition')).toHaveText(['500+', '50+', '10+', '100%']);

    const resume = page.getByRole('link', { name: 'Send Resume' });
    await expect(resume).toBeVisible();
    const url = new URL((await resume.getAttribute('href')) ?? '');
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe(company.email);
    expect(url.searchParams.get('subject')).toContain('Resume');
    await expect(page.getByText(team.join.sendResume.hint)).toBeVisible();
  });

  test("Apply Now opens the job application, also from the keyboard, and a link leads to the application's résumé field, focused", async ({
    page,
  }) => {
    await openRoute(page, '/team');
    const apply = page.getByRole('link', { name: 'Apply Now' });
    await apply.focus();
    await expect(apply).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/join-our-team$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.application.heading);

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.team.heading);
    await page.getByRole('link', { name: team.join.attachResume.label }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.application.heading);
    await expect(page.getByLabel(applicationForm.fields.resume.label)).toBeFocused();
    await expect(page.getByLabel(applicationForm.fields.resume.label)).toBeInViewport();
  });
});
