import { act, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { vi } from 'vitest';
import { startCarousels } from '../components/carousel-engine';
import { homeContent } from '../content/home';
import { otherPagePaths, renderPage } from '../entry-server';
import { preloadRoute } from './app';
import { NOTHING_PUBLISHED } from '../content/published';

const { hero } = homeContent(NOTHING_PUBLISHED);

/**
 * Every page's code, loaded while the file is collected, which has no time limit, rather than in
 * a test's first render, which has 20 s. That first import transforms the page's modules, the
 * home page's images among them: with a cold image cache (a fresh machine, where the unit tests
 * run before the build) vite-imagetools encodes every AVIF and WebP size of them, CPU work that a
 * busy machine stretched past the limit. The tests below then only render; those that reset the
 * modules import them again from the transform cache.
 */
await Promise.all(['/', ...otherPagePaths].map((path) => preloadRoute(path)));

/**
 * React's server renderer leaves the contexts of its last render (here the router's) set until it
 * renders again; a browser, in another process, never sees them. An empty render clears them.
 */
async function clearServerContexts() {
  await prerender(<></>);
}

function mountHtml(body: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = body;
  document.body.append(container);
  return container;
}

describe('the prerendered pages', () => {
  let root: Root | undefined;
  // React's act() here is the plain one, not Testing Library's: it asks for the flag itself (a
  // file run before this one in the same worker may have left it off).
  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
    window.location.hash = '';
  });

  it('the home page holds every section, its carousels in their first state, and runs them without React', async () => {
    const { body } = await renderPage('/', NOTHING_PUBLISHED);
    const container = mountHtml(body);
    const headings = [...container.querySelectorAll('h1, h2')].map((h) => h.id);
    expect(headings).toEqual(
      expect.arrayContaining(['hero-heading', 'about-heading', 'services-heading']),
    );
    const carousel = container.querySelector(`[aria-label="${hero.carousel.label}"]`);
    // Every slide's image is there; only the first loads before the page has (lazy, not displayed).
    const images = carousel?.querySelectorAll('img');
    expect(images).toHaveLength(7);
    expect(images?.[0]).toHaveAttribute('fetchpriority', 'high');
    const states = () =>
      [...(carousel?.querySelectorAll<HTMLElement>('[data-carousel-slide]') ?? [])].map(
        (slide) => slide.dataset.state,
      );
    expect(states()).toEqual(['active', ...Array<string>(6).fill('idle')]);

    // The page's first script runs the same engine on this HTML (src/enhance.ts).
    vi.useFakeTimers();
    try {
      const stop = startCarousels(container);
      expect(states().slice(0, 2)).toEqual(['active', 'next']);
      act(() => vi.advanceTimersByTime(hero.carousel.intervalMs));
      expect(states().slice(0, 3)).toEqual(['idle', 'active', 'next']);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('names every other page, aliases included', () => {
    expect(otherPagePaths).toEqual(
      expect.arrayContaining([
        '/team',
        '/contact',
        '/request-service',
        '/solicitar-servicio',
        '/join-our-team',
        '/trabajar-con-nosotros',
        '/privacy',
        '/privacidad',
      ]),
    );
  });

  it.each(['/team', '/contact', '/request-service', '/join-our-team', '/privacy'])(
    '%s: React hydrates its HTML without a mismatch',
    async (path) => {
      // As a browser opening this page: the modules read the address when they load.
      window.location.hash = `#${path}`;
      vi.resetModules();
      const { renderPage: render } = await import('../entry-server');
      const { App: BrowserApp } = await import('./app');
      const { title, body } = await render(path, NOTHING_PUBLISHED);
      expect(title).toMatch(/\| Potomac Staffing$/);
      const container = mountHtml(body);
      const heading = container.querySelector('h1');
      // A form page holds its form, which posts without JavaScript.
      const isForm = path === '/request-service' || path === '/join-our-team';
      const form = container.querySelector('form[method="post"]');
      expect(form !== null).toBe(isForm);

      await clearServerContexts();
      const recoverable = vi.fn();
      const consoleError = vi.spyOn(console, 'error');
      await act(async () => {
        root = hydrateRoot(
          container,
          <StrictMode>
            <BrowserApp />
          </StrictMode>,
          { onRecoverableError: recoverable },
        );
      });
      expect(recoverable).not.toHaveBeenCalled();
      // Any mismatch, an attribute too (which production React neither reports nor repairs), is a
      // console error in development. The one expected: the two renderers shared this realm.
      const errors = consoleError.mock.calls.map(([message]) => String(message));
      expect(
        errors.filter((message) => !message.startsWith('Detected multiple renderers')),
      ).toEqual([]);
      consoleError.mockRestore();
      // The same elements, taken over rather than rendered again: what was typed in the form stays.
      expect(container.querySelector('h1')).toBe(heading);
      if (isForm) expect(container.querySelector('form')).toBe(form);
    },
  );
});
