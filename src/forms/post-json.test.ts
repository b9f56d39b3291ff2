import { afterEach, vi } from 'vitest';
import { postJson } from './post-json';

function mockFetch(...answers: (number | Error)[]) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const answer of answers) {
    if (answer instanceof Error) fetchMock.mockRejectedValueOnce(answer);
    else fetchMock.mockResolvedValueOnce(new Response('{}', { status: answer }));
  }
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function headersOf(call: Parameters<typeof fetch> | undefined) {
  return new Headers(call?.[1]?.headers);
}

afterEach(() => vi.unstubAllGlobals());

describe('postJson', () => {
  it('POSTs the body as JSON with JSON headers and reports an ok answer', async () => {
    const fetchMock = mockFetch(200);
    await expect(postJson('/api/forms/quote', { a: '1' })).resolves.toBe(true);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/forms/quote');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":"1"}');
    const headers = headersOf(fetchMock.mock.calls[0]);
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('accept')).toBe('application/json');
  });

  it('reports false for a non-ok answer and for a network failure', async () => {
    mockFetch(500, 400, new TypeError('Failed to fetch'));
    await expect(postJson('/api/forms/quote', {})).resolves.toBe(false);
    await expect(postJson('/api/forms/quote', {})).resolves.toBe(false);
    await expect(postJson('/api/forms/quote', {})).resolves.toBe(false);
  });

  it('retries the same body with the same idempotency key, a new body with a new one', async () => {
    const fetchMock = mockFetch(500, 200, 200);
    await postJson('/api/forms/application', { name: 'Ana' });
    await postJson('/api/forms/application', { name: 'Ana' });
    await postJson('/api/forms/application', { name: 'Ana' });
    const keys = fetchMock.mock.calls.map((call) => headersOf(call).get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    // A send that succeeded is done: sending it again is a new submission.
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('sends no idempotency key to another origin', async () => {
    const fetchMock = mockFetch(200);
    await postJson('https://forms.example.net/f/abc', {});
    expect(headersOf(fetchMock.mock.calls[0]).has('idempotency-key')).toBe(false);
  });
});
