import { expect } from '@playwright/test';
import { adminText } from '../src/content/admin';
import { hoursEditorText as words } from '../src/content/admin-hours';
import { siteEditorText as text } from '../src/content/admin-site';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './fixtures';
import { receiverTest } from './receiver-fixture';
import { signInToInbox } from './receiver-helpers';

/**
 * The owner's opening hours and closed days on a phone, by keyboard alone: opens on Saturday
 * mornings, adds the federal holidays in one tap, publishes; the contact page and its structured
 * data follow.
 */

const owner = 'hours.owner@example.com';
const password = 'a long e2e test password';
const test = receiverTest({ folder: 'e2e-hours-', owner: { email: owner, password } });

test('the owner sets Saturday hours and the holidays at 390 px by keyboard, and publishes them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToInbox(page, owner, password);
  await expect(
    page.getByRole('heading', { level: 1, name: adminText.inbox.heading }),
  ).toBeVisible();
  await page.goto('/admin/#/site');
  await page.getByRole('link', { name: 'Business facts', exact: true }).click();
  const week = page.getByRole('group', { name: 'Opening hours' });
  const closed = page.getByRole('group', { name: 'Closed days' });

  await week.getByRole('checkbox', { name: 'Open on Saturday' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(week.getByLabel('Saturday Opens')).toBeFocused();
  await week.getByLabel('Saturday Opens').fill('10:00');
  await week.getByLabel('Saturday Closes').fill('14:00');

  const year = new Date().getFullYear();
  await closed.getByRole('button', { name: words.closedDays.addHolidays(year, year + 1) }).focus();
  await page.keyboard.press('Enter');
  await expect(closed.getByRole('status')).toHaveText(/holidays added/);
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);

  await page.keyboard.press('Control+s');
  await expect(page.getByText(text.editor.saved, { exact: true })).toBeVisible();
  await page.goto('/admin/#/site');
  await page.getByRole('button', { name: text.publish.button, exact: true }).click();
  await expect(page.getByText(text.publish.live(1))).toBeVisible({ timeout: 60_000 });

  await page.goto('/contact');
  const hours = page.getByTestId('business-hours');
  await expect(hours).toContainText('Monday - Friday');
  await expect(hours).toContainText('Saturday10:00 AM - 2:00 PM');
  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
  ) as { openingHoursSpecification: unknown[]; specialOpeningHoursSpecification?: unknown[] };
  expect(jsonLd.openingHoursSpecification).toContainEqual({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: ['Saturday'],
    opens: '10:00',
    closes: '14:00',
  });
  expect(jsonLd.specialOpeningHoursSpecification?.length).toBeGreaterThanOrEqual(22);
});
