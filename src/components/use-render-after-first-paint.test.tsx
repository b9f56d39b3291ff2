import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';

/** Loads the hook afresh, as if the browser had just opened `hash`. */
async function openedAt(hash: string) {
  window.location.hash = hash;
  vi.resetModules();
  return import('./use-render-after-first-paint');
}

function renderPage(
  useHook: (enabled?: boolean) => boolean,
  path: string,
  enabled?: boolean,
): boolean[] {
  const seen: boolean[] = [];
  function Page() {
    seen.push(useHook(enabled));
    return null;
  }
  render(
    <MemoryRouter initialEntries={[path]}>
      <Page />
    </MemoryRouter>,
  );
  return seen;
}

describe('useRenderAfterFirstPaint', () => {
  afterEach(() => {
    window.location.hash = '';
  });

  it('on the page the browser opened, renders without the guarded part first, then with it', async () => {
    const { useRenderAfterFirstPaint } = await openedAt('#/request-service');
    let seen: boolean[] = [];
    await act(async () => {
      seen = renderPage(useRenderAfterFirstPaint, '/request-service');
    });
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
  });

  it('renders everything at once on a later page, and where it is not enabled', async () => {
    const { useRenderAfterFirstPaint } = await openedAt('#/request-service');
    expect(renderPage(useRenderAfterFirstPaint, '/request-service', false)[0]).toBe(true);
    expect(renderPage(useRenderAfterFirstPaint, '/join-our-team')[0]).toBe(true);
    // Once the opened page has rendered, coming back to it renders at once too.
    await act(async () => {
      renderPage(useRenderAfterFirstPaint, '/request-service');
    });
    expect(renderPage(useRenderAfterFirstPaint, '/request-service')[0]).toBe(true);
  });
});
