import { describe, expect, it } from 'vitest';
import { paintDocument } from './first-paint';
import { replacesKeptDocument } from './service-worker/shell-routes';

/**
 * The service worker's kept document (service-worker/shell-routes.ts) read as first-paint.ts paints
 * it: here, not beside the worker, whose type check has no DOM for first-paint.ts.
 */
describe("the service worker's kept document", () => {
  it('replaces the kept document only with a signed-in owner’s: offline, no sign-in form flashes', () => {
    const template = '<div id="root"><!--first-paint--><!--/first-paint--></div>';
    expect(replacesKeptDocument(paintDocument(template, 'loading'))).toBe(true);
    expect(replacesKeptDocument(paintDocument(template, 'sign-in'))).toBe(false);
    expect(replacesKeptDocument(paintDocument(template, 'sign-in', { expired: true }))).toBe(false);
    expect(replacesKeptDocument(paintDocument(template, 'setup'))).toBe(false);
    expect(replacesKeptDocument(template)).toBe(false);
  });
});
