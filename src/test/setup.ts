import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { reportReached } from '../admin/shared/connection';

// findBy… and waitFor wait for what the user would see: a limit for a hang, not a speed test. The
// default second is too short on a two-core runner busy with other suites (a first render of the
// inbox there took longer).
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  // The inbox's connection state is the module's (shared/connection.ts): a test whose fetch failed
  // for the network leaves it offline for the files after it in the same worker.
  reportReached(true);
});

// jsdom has no matchMedia; default to "no preference" so tests can override per case.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

window.scrollTo = () => {};
Element.prototype.scrollIntoView = function scrollIntoView() {};
