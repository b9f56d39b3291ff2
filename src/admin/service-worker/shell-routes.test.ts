import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_WAIT_MS,
  documentAnswer,
  cacheName,
  keepsDocument,
  routeOf,
  shellPaths,
  staleCaches,
  type RequestFacts,
} from './shell-routes';

const ORIGIN = 'https://inbox.example';
const SHELL = shellPaths(['assets/index-B-GSZvfA.js', 'icons/icon-192.png']);

function route(path: string, facts: Partial<RequestFacts> = {}) {
  return routeOf({ url: `${ORIGIN}${path}`, method: 'GET', mode: 'cors', ...facts }, ORIGIN, SHELL);
}

describe("the service worker's routes", () => {
  it('never answers the API: every call goes to the network, never kept', () => {
    expect(route('/admin/api/session')).toBe('network');
    expect(route('/admin/api/submissions/abc', { mode: 'navigate' })).toBe('network');
    expect(route('/admin/api/submissions/abc/attachments/1')).toBe('network');
    expect(route('/admin/api/export.csv?form=quote', { mode: 'navigate' })).toBe('network');
    // Even if a build ever listed one among the shell's files.
    const listed = shellPaths(['api/session']);
    const session = { url: `${ORIGIN}/admin/api/session`, method: 'GET', mode: 'cors' };
    expect(routeOf(session, ORIGIN, listed)).toBe('network');
  });

  it('answers the hashed assets and the shell’s files from the cache first', () => {
    expect(route('/admin/assets/index-B-GSZvfA.js')).toBe('shell');
    expect(route('/admin/assets/composer-page-CSZL9RJj.js')).toBe('shell');
    expect(route('/admin/icons/icon-192.png')).toBe('shell');
  });

  it('answers a visit to the inbox’s document network first', () => {
    expect(route('/admin/', { mode: 'navigate' })).toBe('document');
    expect(route('/admin/index.html', { mode: 'navigate' })).toBe('document');
    expect(route('/admin/?from=push', { mode: 'navigate' })).toBe('document');
  });

  it('leaves everything else to the network', () => {
    expect(route('/admin/', { method: 'POST', mode: 'navigate' })).toBe('network');
    expect(route('/admin/assets/index-B-GSZvfA.js', { method: 'HEAD' })).toBe('network');
    expect(route('/admin/manifest.webmanifest')).toBe('network');
    expect(route('/admin/sw.js')).toBe('network');
    expect(route('/admin/icons/other.png')).toBe('network');
    expect(route('/admin/assets/index-B-GSZvfA.js?v=2')).toBe('network');
    expect(route('/admin/site', { mode: 'navigate' })).toBe('network');
    expect(
      routeOf(
        {
          url: 'https://other-site.example/admin/assets/x-12345678.js',
          method: 'GET',
          mode: 'cors',
        },
        ORIGIN,
        SHELL,
      ),
    ).toBe('network');
  });

  it('deletes the shell’s older versions only', () => {
    expect(cacheName('abc')).toBe('inbox-shell-abc');
    expect(staleCaches(['inbox-shell-old', 'inbox-shell-abc', 'someone-else'], 'abc')).toEqual([
      'inbox-shell-old',
    ]);
  });

  it('keeps a copy of the document only when it is a whole page of this origin', () => {
    const page = { status: 200, type: 'basic', redirected: false, contentType: 'text/html' };
    expect(keepsDocument(page)).toBe(true);
    expect(keepsDocument({ ...page, status: 503 })).toBe(false);
    expect(keepsDocument({ ...page, redirected: true })).toBe(false);
    expect(keepsDocument({ ...page, type: 'opaqueredirect' })).toBe(false);
    expect(keepsDocument({ ...page, contentType: 'application/json' })).toBe(false);
  });
});

describe("the document's answer on a bad network", () => {
  /** A wait the test ends by hand: `end()` is the moment DOCUMENT_WAIT_MS has passed. */
  function controlledWait() {
    let end = () => {};
    const wait = () => new Promise<void>((done) => (end = done));
    return { wait, end: () => end() };
  }

  it('answers with the network when it answers in time', async () => {
    const { wait } = controlledWait();
    await expect(
      documentAnswer(Promise.resolve('fresh'), 'kept', DOCUMENT_WAIT_MS, wait),
    ).resolves.toBe('fresh');
  });

  it('opens the kept copy when the network has not answered within the wait', async () => {
    const { wait, end } = controlledWait();
    const never = new Promise<string>(() => {});
    const answer = documentAnswer(never, 'kept', DOCUMENT_WAIT_MS, wait);
    end();
    await expect(answer).resolves.toBe('kept');
  });

  it('opens the kept copy at once when the network fails (offline)', async () => {
    const { wait } = controlledWait();
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    await expect(documentAnswer(failed, 'kept', DOCUMENT_WAIT_MS, wait)).resolves.toBe('kept');
  });

  it('waits for the network, however long, when nothing is kept', async () => {
    const { wait, end } = controlledWait();
    let answerNow: (value: string) => void = () => {};
    const slow = new Promise<string>((done) => (answerNow = done));
    const answer = documentAnswer(slow, undefined, DOCUMENT_WAIT_MS, wait);
    end();
    answerNow('fresh');
    await expect(answer).resolves.toBe('fresh');
  });
});
