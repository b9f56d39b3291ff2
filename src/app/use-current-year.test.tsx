import { act, StrictMode } from 'react';
import { render, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { vi } from 'vitest';
import { useCurrentYear } from './use-current-year';

/** Set by vite.config.ts for the tests too. */
declare const __BUILD_YEAR__: number;

function Year() {
  return <p>© {useCurrentYear()}</p>;
}

describe('useCurrentYear', () => {
  afterEach(() => vi.useRealTimers());

  it('reads the visitor’s clock on a page rendered in the browser', () => {
    vi.useFakeTimers({ now: new Date('2031-06-01T12:00:00Z') });
    render(<Year />);
    expect(screen.getByText('© 2031')).toBeInTheDocument();
  });

  it('hydrates the build’s year without a mismatch, then shows the clock’s', async () => {
    vi.useFakeTimers({ now: new Date(`${__BUILD_YEAR__ + 1}-01-01T12:00:00Z`) });
    const container = document.createElement('div');
    container.innerHTML = `<p>© <!-- -->${__BUILD_YEAR__}</p>`;
    document.body.append(container);
    const recoverable = vi.fn();
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <Year />
        </StrictMode>,
        { onRecoverableError: recoverable },
      );
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(container).toHaveTextContent(`© ${__BUILD_YEAR__ + 1}`);
    act(() => root?.unmount());
    container.remove();
  });
});
