import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../test/render';
import { LanguageSwitch } from './language-switch';
import { SpanishOffer } from './spanish-offer';
import { OFFER_DISMISSED_KEY, prefersSpanish } from './spanish-offer-choice';

describe('LanguageSwitch', () => {
  it('links to the same route in Spanish, each name in its own language', () => {
    renderAt(<LanguageSwitch />, '/join-our-team?field=resume');
    const nav = screen.getByRole('navigation', { name: 'Language' });
    const english = within(nav).getByRole('link', { name: 'English' });
    const spanish = within(nav).getByRole('link', { name: 'Español' });
    expect(english).toHaveAttribute('lang', 'en');
    expect(english).toHaveAttribute('aria-current', 'true');
    expect(spanish).toHaveAttribute('lang', 'es');
    expect(spanish).toHaveAttribute('hreflang', 'es');
    expect(spanish).not.toHaveAttribute('aria-current');
    expect(spanish).toHaveAttribute('href', '/es/#/join-our-team?field=resume');
  });

  it('links the home page to the Spanish document itself', () => {
    renderAt(<LanguageSwitch />, '/');
    expect(screen.getByRole('link', { name: 'Español' })).toHaveAttribute('href', '/es/');
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/');
  });
});

describe('SpanishOffer', () => {
  const languages = vi.spyOn(navigator, 'languages', 'get');
  afterEach(() => {
    languages.mockReset();
    window.localStorage.clear();
  });

  it('knows a Spanish-first browser', () => {
    expect(prefersSpanish(['es-US', 'en'])).toBe(true);
    expect(prefersSpanish(['es'])).toBe(true);
    expect(prefersSpanish(['en-US', 'es'])).toBe(false);
    expect(prefersSpanish(['eu'])).toBe(false);
    expect(prefersSpanish([])).toBe(false);
  });

  it('offers the Spanish page to a Spanish-first browser, and remembers a "no"', async () => {
    languages.mockReturnValue(['es-MX', 'es']);
    const { unmount } = renderAt(<SpanishOffer />, '/team');
    const offer = screen.getByRole('complementary', { name: 'Sitio en español' });
    expect(offer).toHaveAttribute('lang', 'es');
    expect(within(offer).getByRole('link', { name: 'Ver en español' })).toHaveAttribute(
      'href',
      '/es/#/team',
    );
    expect(document.documentElement.style.scrollPaddingBottom).not.toBe('');
    await userEvent.click(within(offer).getByRole('button', { name: 'No, gracias' }));
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(window.localStorage.getItem(OFFER_DISMISSED_KEY)).toBe('1');
    expect(document.documentElement.style.scrollPaddingBottom).toBe('');
    unmount();
    act(() => {
      renderAt(<SpanishOffer />, '/contact');
    });
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('offers nothing to an English-first browser', () => {
    languages.mockReturnValue(['en-US', 'es']);
    renderAt(<SpanishOffer />, '/');
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});
