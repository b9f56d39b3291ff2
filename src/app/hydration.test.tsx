import { act, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { vi } from 'vitest';
import { renderHome } from '../entry-server';
import { hero } from '../content/home';
import { App } from './app';

/**
 * React's server renderer leaves the contexts of its last render (here the router's) set until it
 * renders again; a browser, in another process, never sees them. An empty render clears them.
 */
async function clearServerContexts() {
  await prerender(<></>);
}

describe('the prerendered home page', () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
    window.location.hash = '';
  });

  it('holds every section, and React hydrates it without a mismatch', async () => {
    const { body } = await renderHome();
    const container = document.createElement('div');
    container.innerHTML = body;
    document.body.append(container);
    const headings = [...container.querySelectorAll('h1, h2')].map((h) => h.id);
    expect(headings).toEqual(
      expect.arrayContaining(['hero-heading', 'about-heading', 'services-heading']),
    );
    // Only the first hero image is in the HTML: the others would compete with it.
    const carousel = container.querySelector(`[aria-label="${hero.carousel.label}"]`);
    expect(carousel?.querySelectorAll('img')).toHaveLength(1);
    const heroImage = carousel?.querySelector('img');

    await clearServerContexts();
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error');
    await act(async () => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <App />
        </StrictMode>,
        { onRecoverableError: recoverable },
      );
    });

    expect(recoverable).not.toHaveBeenCalled();
    // Any mismatch, an attribute too (which production React neither reports nor repairs), is a
    // console error in development. The one expected: the two renderers shared this realm.
    const errors = consoleError.mock.calls.map(([message]) => String(message));
    expect(errors.filter((message) => !message.startsWith('Detected multiple renderers'))).toEqual(
      [],
    );
    consoleError.mockRestore();
    // The same element, taken over rather than rendered again.
    expect(carousel?.querySelector('img')).toBe(heroImage);
    // After hydration the next slide's image joins, lazily.
    const images = carousel?.querySelectorAll('img');
    expect(images).toHaveLength(2);
    expect(images?.[1]).toHaveAttribute('loading', 'lazy');
    expect(images?.[1]).toHaveAttribute('alt', hero.carousel.slideAlts[1]);
  });
});
