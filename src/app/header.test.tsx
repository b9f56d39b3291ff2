import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { companyContent } from '../content/company';
import { Header } from './header';
import { ScrollManager } from './scroll-manager';
import { renderAt } from '../test/render';
import { NOTHING_PUBLISHED } from '../content/published';

const { company } = companyContent(NOTHING_PUBLISHED);

function mobileMenu() {
  return screen.getByTestId('mobile-menu');
}

describe('Header', () => {
  it('shows both phone lines as tel: links and the booking e-mail', () => {
    renderAt(<Header />);
    const direct = screen.getByRole('link', {
      name: new RegExp(company.phones.direct.display.replace(/[()]/g, '\\$&')),
    });
    expect(direct).toHaveAttribute('href', `tel:${company.phones.direct.e164}`);
    expect(direct).toHaveTextContent('(D)');
    const office = screen.getByRole('link', {
      name: new RegExp(company.phones.office.display.replace(/[()]/g, '\\$&')),
    });
    expect(office).toHaveAttribute('href', `tel:${company.phones.office.e164}`);
    expect(office).toHaveTextContent('(O)');
    expect(screen.getByRole('link', { name: company.email })).toHaveAttribute(
      'href',
      `mailto:${company.email}`,
    );
  });

  it('marks the current page with aria-current', () => {
    renderAt(<Header />, '/team');
    const current = screen.getAllByRole('link', { name: 'Our Team' });
    current.forEach((link) => expect(link).toHaveAttribute('aria-current', 'page'));
    screen
      .getAllByRole('link', { name: 'Contact' })
      .forEach((link) => expect(link).not.toHaveAttribute('aria-current'));
  });

  it('opens the phone menu with no script: a native popover its button names', () => {
    renderAt(<Header />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('popovertarget', mobileMenu().id);
    expect(toggle).toHaveAttribute('aria-controls', mobileMenu().id);
    expect(mobileMenu()).toHaveAttribute('popover', 'auto');
    // menu.ts finishes it (aria-expanded, closing after a choice): e2e/foundation.spec.ts.
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(
      within(mobileMenu()).getByRole('link', { name: 'Contact', hidden: true }),
    ).toHaveAttribute('href', '/contact');
  });

  it('from another page, a section item goes home and scrolls after about 100 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const scrolled: string[] = [];
    const spy = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (
      this: Element,
    ) {
      scrolled.push(this.id);
    });
    const section = document.createElement('section');
    section.id = 'services';
    document.body.append(section);
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderAt(
        <>
          <ScrollManager />
          <Header />
        </>,
        '/team',
      );
      const [services] = screen.getAllByRole('link', { name: 'Services' });
      // Its address is the home page at that section (`#/services`).
      expect(services).toHaveAttribute('href', '#/services');
      await user.click(services as HTMLElement);
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
      expect(scrolled).toEqual([]);
      act(() => vi.advanceTimersByTime(100));
      expect(scrolled).toEqual(['services']);
      expect(section).toHaveFocus();
    } finally {
      section.remove();
      spy.mockRestore();
      vi.useRealTimers();
    }
  });
});
