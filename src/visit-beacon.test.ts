import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_SHOWN_EVENT } from './content/routes';

/** What the beacon sent: each body, parsed, in order. */
let sent: Record<string, unknown>[];
/** The listeners the beacon added, removed after each test (each test is a document of its own). */
let listeners: [EventTarget, string, EventListenerOrEventListenerObject | null][];

/** Sets a property a browser has and jsdom lacks (or has read-only), for this test only. */
function give(target: object, name: string, value: unknown) {
  Object.defineProperty(target, name, { value, configurable: true, writable: true });
}

/** The navigation entry a browser gives the document: its address, stamp and response time. */
function navigationEntry(address: string, entry: Record<string, unknown> = {}) {
  const value = { name: address, responseStart: 100, serverTiming: [], ...entry };
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([value as unknown as PerformanceEntry]);
}

/** The page's first script starting the beacon: a fresh module, as each document load has. */
async function start() {
  vi.resetModules();
  const { startVisitBeacon } = await import('./visit-beacon');
  startVisitBeacon();
}

function go(hash: string, event = 'hashchange') {
  window.history.pushState(null, '', hash);
  window.dispatchEvent(new Event(event));
}

beforeEach(() => {
  sent = [];
  listeners = [];
  for (const target of [window, document]) {
    const add = target.addEventListener.bind(target);
    vi.spyOn(target, 'addEventListener').mockImplementation((type, listener, options) => {
      listeners.push([target, type, listener]);
      add(type, listener, options);
    });
  }
  give(navigator, 'sendBeacon', (url: string, body: string) => {
    expect(url).toBe('/api/visit');
    sent.push(JSON.parse(body) as Record<string, unknown>);
    return true;
  });
  give(navigator, 'globalPrivacyControl', undefined);
  give(document, 'prerendering', false);
  give(document, 'readyState', 'complete');
  give(document, 'referrer', 'https://www.google.com/');
  document.documentElement.lang = 'en';
  window.history.replaceState(null, '', '/');
  navigationEntry('http://localhost:3000/?utm_source=flyer&email=ana%40example.com');
  vi.spyOn(performance, 'now').mockReturnValue(950);
});

afterEach(() => {
  for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  document.body.replaceChildren();
});

describe('the load beacon', () => {
  it('is sent once with the stamp, the age and only the campaign tags', async () => {
    navigationEntry('http://localhost:3000/?utm_source=flyer&email=ana%40example.com', {
      serverTiming: [
        { name: 'other', description: '5' },
        { name: 'visit', description: '1764250000000' },
      ],
    });
    await start();
    expect(sent).toEqual([
      {
        k: 'load',
        p: '/',
        l: 'en',
        d: '/',
        s: 1764250000000,
        a: 850,
        r: 'https://www.google.com/',
        q: '?utm_source=flyer',
      },
    ]);
  });

  it("names the document's own page and language: /es/team/, shown as its hash route", async () => {
    document.documentElement.lang = 'es';
    // The script in <head> has already turned /es/team/?ref=qr into /es/#/team?ref=qr.
    window.history.replaceState(null, '', '/es/#/team?ref=qr');
    navigationEntry('http://localhost:3000/es/team/?ref=qr');
    await start();
    expect(sent).toEqual([
      expect.objectContaining({ k: 'load', p: '/team', l: 'es', d: '/es/team/', q: '?ref=qr' }),
    ]);
    expect(sent[0]).not.toHaveProperty('s');
  });

  it('sends the page a hash link shows: /#/team served as /', async () => {
    window.history.replaceState(null, '', '/#/team');
    navigationEntry('http://localhost:3000/#/team', {
      serverTiming: [{ name: 'visit', description: '1764250000000' }],
    });
    await start();
    expect(sent).toEqual([expect.objectContaining({ p: '/team', d: '/', s: 1764250000000 })]);
  });

  it("sends no stamp for the browser's cached copy, which nothing transferred (its stamp is old)", async () => {
    navigationEntry('http://localhost:3000/', {
      deliveryType: 'cache',
      transferSize: 0,
      serverTiming: [{ name: 'visit', description: '1764250000000' }],
    });
    await start();
    expect(sent[0]).not.toHaveProperty('s');
  });

  it('sends the stamp of a copy the server answered 304 for (a reload), which it counted', async () => {
    // Chromium says 'cache' for a revalidated document too; its headers came, with a new stamp.
    navigationEntry('http://localhost:3000/', {
      deliveryType: 'cache',
      transferSize: 300,
      serverTiming: [{ name: 'visit', description: '1764250000000' }],
    });
    await start();
    expect(sent).toEqual([expect.objectContaining({ k: 'load', s: 1764250000000 })]);
  });

  it('sends nothing, and throws nothing, in a browser without sendBeacon', async () => {
    give(navigator, 'sendBeacon', undefined);
    await start();
    go('/#/team');
    expect(sent).toEqual([]);
    expect(window.sessionStorage.getItem('visit')).toContain('"k":"load"');
  });
});

describe('the move beacon', () => {
  it("is sent for each other page, by the address or the app's own moves", async () => {
    await start();
    go('/#/team');
    go('/#/team');
    go('/#/request-service?field=resume');
    // The app's moves change the address without a hashchange; it says so (app/app.tsx).
    window.history.pushState(null, '', '/#/contact');
    window.dispatchEvent(new Event(ROUTE_SHOWN_EVENT));
    window.dispatchEvent(new Event(ROUTE_SHOWN_EVENT));
    expect(sent.slice(1)).toEqual([
      { k: 'move', p: '/team', l: 'en' },
      { k: 'move', p: '/request-service', l: 'en' },
      { k: 'move', p: '/contact', l: 'en' },
    ]);
  });

  it("is not sent for the home page's sections, only for a move home from another page", async () => {
    await start();
    go('/#about');
    go('/#/services');
    go('/#/');
    expect(sent.map(({ k }) => k)).toEqual(['load']);
    go('/#/team');
    go('/#about');
    expect(sent.slice(1)).toEqual([
      { k: 'move', p: '/team', l: 'en' },
      { k: 'move', p: '/', l: 'en' },
    ]);
  });
});

describe('the start beacon', () => {
  it('is sent on the first input in each form, once per document', async () => {
    document.body.innerHTML = `
      <form id="quote"><input name="name"><input name="email"></form>
      <form id="application"><select name="role"><option>a</option></select></form>
      <form><input name="q"></form>`;
    window.history.replaceState(null, '', '/#/request-service');
    await start();
    const type = (selector: string) =>
      document.querySelector(selector)?.dispatchEvent(new Event('input', { bubbles: true }));
    type('[name=name]');
    type('[name=email]');
    type('[name=q]');
    type('[name=role]');
    type('[name=name]');
    expect(sent.slice(1)).toEqual([
      { k: 'start', p: '/request-service', l: 'en', f: 'quote' },
      { k: 'start', p: '/request-service', l: 'en', f: 'application' },
    ]);
  });
});

describe('nothing is sent', () => {
  it('when the visitor sends Global Privacy Control', async () => {
    give(navigator, 'globalPrivacyControl', true);
    document.body.innerHTML = '<form id="quote"><input name="name"></form>';
    await start();
    go('/#/team');
    document.querySelector('input')?.dispatchEvent(new Event('input', { bubbles: true }));
    expect(sent).toEqual([]);
  });

  it('when the forms post to another host (a static host has no receiver)', async () => {
    vi.stubEnv('VITE_QUOTE_ENDPOINT', 'https://formspree.io/f/abc');
    await start();
    go('/#/team');
    expect(sent).toEqual([]);
  });

  it('while the page is prerendered: the load goes once it is shown', async () => {
    give(document, 'prerendering', true);
    await start();
    expect(sent).toEqual([]);
    give(document, 'prerendering', false);
    document.dispatchEvent(new Event('prerenderingchange'));
    expect(sent).toEqual([expect.objectContaining({ k: 'load', p: '/' })]);
  });

  it('not until two seconds after the document has loaded: the first screen has the connection', async () => {
    give(document, 'readyState', 'interactive');
    await start();
    // Only the timers: the beacon reads performance's navigation entry.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      window.dispatchEvent(new Event('load'));
      vi.advanceTimersByTime(1999);
      expect(sent).toEqual([]);
      // A move meanwhile goes at once; the load still names the page shown first.
      go('/#/team');
      vi.advanceTimersByTime(1);
      expect(sent).toEqual([
        expect.objectContaining({ k: 'move', p: '/team' }),
        expect.objectContaining({ k: 'load', p: '/' }),
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('more when the page comes back from the back/forward cache', async () => {
    await start();
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(sent.map(({ k }) => k)).toEqual(['load']);
  });

  it('without navigation timing (an old browser)', async () => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([]);
    await expect(start()).resolves.toBeUndefined();
    go('/#/team');
    expect(sent).toEqual([]);
  });

  it('and nothing is thrown when the browser fails it', async () => {
    vi.spyOn(performance, 'getEntriesByType').mockImplementation(() => {
      throw new Error('no timing');
    });
    await expect(start()).resolves.toBeUndefined();
    expect(sent).toEqual([]);
  });
});

describe("the visit's record", () => {
  it("is kept by the visit's first document, not overwritten by the next", async () => {
    const { visitHeader } = await import('./forms/visit-record');
    await start();
    expect(visitHeader()).toBe(
      'r=https%3A%2F%2Fwww.google.com%2F&q=%3Futm_source%3Dflyer&p=%2F&l=en',
    );
    // The next document of the visit, from the site's own link, in Spanish.
    document.documentElement.lang = 'es';
    give(document, 'referrer', 'http://localhost:3000/');
    window.history.replaceState(null, '', '/es/#/contact');
    navigationEntry('http://localhost:3000/es/contact/');
    await start();
    expect(visitHeader()).toBe(
      'r=https%3A%2F%2Fwww.google.com%2F&q=%3Futm_source%3Dflyer&p=%2F&l=en',
    );
  });

  it("keeps no referrer of the site's own, and nothing under Global Privacy Control", async () => {
    const { visitHeader } = await import('./forms/visit-record');
    give(navigator, 'globalPrivacyControl', true);
    await start();
    expect(visitHeader()).toBeUndefined();
    give(navigator, 'globalPrivacyControl', false);
    give(document, 'referrer', 'http://localhost:3000/es/');
    window.history.replaceState(null, '', '/#/team');
    navigationEntry('http://localhost:3000/team/');
    await start();
    expect(visitHeader()).toBe('r=&q=&p=%2Fteam&l=en');
  });
});

it('counts on when session storage is refused (a privacy mode)', async () => {
  vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
    throw new DOMException('denied', 'SecurityError');
  });
  await start();
  go('/#/team');
  expect(sent.map(({ k }) => k)).toEqual(['load', 'move']);
});
