import { expect, test } from '@playwright/test';
import { company } from '../src/content/company';
import { pages } from '../src/content/site';
import { expectNoAxeViolations, openRoute } from './fixtures';

const routes = [
  { path: '/', page: pages.home },
  { path: '/team', page: pages.team },
  { path: '/contact', page: pages.contact },
  { path: '/request-service', page: pages.quote },
  { path: '/solicitar-servicio', page: pages.quote },
  { path: '/join-our-team', page: pages.application },
  { path: '/trabajar-con-nosotros', page: pages.application },
  { path: '/no-such-page', page: pages.notFound },
];

test.describe('routes', () => {
  for (const { path, page: text } of routes) {
    test(`${path} renders its heading and title, with no axe violations`, async ({ page }) => {
      await openRoute(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.heading);
      await expect(page).toHaveTitle(`${text.title} | ${company.name}`);
      await expectNoAxeViolations(page);
    });
  }

  test('the not-found page offers a way home', async ({ page }) => {
    await openRoute(page, '/nope/deeper');
    await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/#\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.home.heading);
  });

  for (const section of ['about', 'services', 'references']) {
    test(`/${section} opens the home page at #${section}`, async ({ page }) => {
      await page.goto(`/#/${section}`);
      await expect(page.locator(`#${section}`)).toBeInViewport();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.home.heading);
    });
  }
});

test.describe('navigation', () => {
  test('a path change scrolls to the top', async ({ page }) => {
    await openRoute(page, '/');
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Our Team', exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.team.heading);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('section links from another page go home and scroll to the section', async ({ page }) => {
    await openRoute(page, '/team');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Services' }).click();
    await expect(page).toHaveURL(/#\/$/);
    await expect(page.locator('#services')).toBeInViewport();
    await nav.getByRole('link', { name: 'References' }).click();
    await expect(page.locator('#references')).toBeInViewport();
  });

  test('the current page is marked with aria-current', async ({ page }) => {
    await openRoute(page, '/contact');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: 'Our Team' })).not.toHaveAttribute('aria-current');
  });

  test('the skip link moves focus to the main content', async ({ page }) => {
    await openRoute(page, '/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
  });
});

test.describe('header and footer', () => {
  test('top bar: phones, e-mail and address', async ({ page }) => {
    await openRoute(page, '/');
    const direct = page.locator(`a[href="tel:${company.phones.direct.e164}"]`).first();
    const office = page.locator(`a[href="tel:${company.phones.office.e164}"]`).first();
    await expect(direct).toContainText(`(D) ${company.phones.direct.display}`);
    await expect(office).toContainText(`(O) ${company.phones.office.display}`);
    await expect(page.locator(`a[href="mailto:${company.email}"]`).first()).toBeVisible();
    await expect(page.getByTestId('topbar-address')).toHaveText(company.address.line);
    await expect(page.getByTestId('topbar-address')).toBeVisible();
  });

  test('the logo falls back to the PS mark when the image fails', async ({ page }) => {
    await page.route('**/assets/logo-*.svg', (route) => route.abort());
    await openRoute(page, '/');
    await expect(page.getByTestId('logo-fallback')).toHaveText('PS');
    await expect(page.getByRole('link', { name: `${company.name}, home` })).toBeVisible();
  });

  test('the logo image shows when it loads', async ({ page }) => {
    await openRoute(page, '/');
    await expect(page.getByTestId('logo-fallback')).toHaveCount(0);
    const logo = page.getByRole('link', { name: `${company.name}, home` }).locator('img');
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  });

  test('footer: year, credentials, no dead links', async ({ page }) => {
    await openRoute(page, '/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} ${company.legalName}`);
    for (const note of ['Licensed in Virginia', 'Insured & Bonded', 'Since 2014']) {
      await expect(footer.getByText(note, { exact: true })).toBeVisible();
    }
    await expect(page.locator('a[href="#"]')).toHaveCount(0);
    for (const area of company.serviceAreas) await expect(footer).toContainText(area);
  });

  test('a focused link is never hidden under the sticky header', async ({ page }) => {
    await openRoute(page, '/');
    await page.mouse.wheel(0, 4000);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    const focused = await page.evaluate(() => document.activeElement?.getBoundingClientRect().top);
    const headerBottom = await page.evaluate(
      () => document.querySelector('nav[aria-label="Main"]')?.getBoundingClientRect().bottom ?? 0,
    );
    expect(focused).toBeGreaterThanOrEqual(headerBottom);
  });
});

test.describe('error fallback', () => {
  test('a page that fails to render shows the error and a way home', async ({ page }) => {
    await page.route('**/assets/team-page-*.js', (route) => route.abort());
    await openRoute(page, '/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Our Team' })
      .click();
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { level: 1 })).toHaveText('Something went wrong.');
    await expect(alert).toContainText(/dynamically imported module|Failed to fetch/i);
    await expectNoAxeViolations(page);
    await alert.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.home.heading);
  });
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu opens, closes after a choice and on Escape', async ({ page }) => {
    await openRoute(page, '/');
    await expect(page.getByTestId('topbar-address')).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const menu = page.getByTestId('mobile-menu');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-controls', (await menu.getAttribute('id')) ?? '');

    await toggle.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(menu).toBeVisible();
    await expectNoAxeViolations(page);
    await menu.getByRole('link', { name: 'Contact' }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.contact.heading);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'About Us' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/#\/$/);
    await expect(page.locator('#about')).toBeInViewport();
  });

  for (const { path } of routes) {
    test(`${path} has no axe violations at 390 px`, async ({ page }) => {
      await openRoute(page, path);
      await expectNoAxeViolations(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'no horizontal scrolling').toBe(0);
    });
  }
});
