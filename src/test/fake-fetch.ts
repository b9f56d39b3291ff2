import { vi } from 'vitest';

/** One call the code under test made to `fetch`, as a test wants to read it. */
export interface FakeRequest {
  method: string;
  url: URL;
  /** The JSON body, parsed; undefined without one. */
  body: unknown;
  signal: AbortSignal | undefined;
}

export type FakeHandler = (request: FakeRequest) => Response | Promise<Response>;

/** A JSON answer, as the admin API gives it. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function abortError() {
  return new DOMException('The operation was aborted.', 'AbortError');
}

/** Settles like a real fetch does when its signal aborts first: rejected with an AbortError. */
function abortable(answer: Promise<Response>, signal: AbortSignal | undefined) {
  if (!signal) return answer;
  if (signal.aborted) return Promise.reject(abortError());
  return new Promise<Response>((resolve, reject) => {
    signal.addEventListener('abort', () => reject(abortError()), { once: true });
    answer.then(resolve, reject);
  });
}

/**
 * Resolves in a later task, as a real answer does: never before the code under test has rendered
 * what it shows while it waits. (Answered in a microtask, a test could check a message before the
 * request had been answered, and pass by luck.)
 */
function afterATask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Replaces `fetch` with answers per 'METHOD /path' (the query is not part of the key). Every call is
 * recorded; a call no route answers fails as a network error would, and is recorded as well.
 */
export function fakeFetch(routes: Record<string, FakeHandler> = {}) {
  const handlers = new Map(Object.entries(routes));
  const requests: FakeRequest[] = [];
  const mock = vi.fn<typeof fetch>((input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const url = new URL(String(input), window.location.href);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request: FakeRequest = { method, url, body, signal: init?.signal ?? undefined };
    requests.push(request);
    const handler = handlers.get(`${method} ${url.pathname}`);
    if (!handler) return Promise.reject(new TypeError(`No fake answer for ${method} ${url}`));
    return abortable(
      afterATask().then(() => handler(request)),
      request.signal,
    );
  });
  vi.stubGlobal('fetch', mock);
  return {
    mock,
    requests,
    /** Adds or replaces the answer to 'METHOD /path'. */
    on(route: string, handler: FakeHandler) {
      handlers.set(route, handler);
    },
    /** The calls made to 'METHOD /path', oldest first. */
    calls(route: string) {
      return requests.filter((request) => `${request.method} ${request.url.pathname}` === route);
    },
  };
}

/** A promise with its resolve function outside, to answer a request when the test says so. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (reason: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
