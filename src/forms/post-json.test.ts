import { afterEach, vi } from 'vitest';
import { postJson } from './post-json';
import { recordVisit } from './visit-record';

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
    expect(headers.get('content-language')).toBe('en');
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

describe('postJson with a file', () => {
  const body = { name: 'Ana', days: ['Friday', 'Sunday'], skills: [], note: '' };
  const file = (lastModified = 1) =>
    new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf', lastModified });

  it('POSTs the fields and the file as multipart/form-data, with no Content-Type of its own', async () => {
    const fetchMock = mockFetch(200);
    const resume = file();
    await expect(
      postJson('/api/forms/application', body, { name: 'resume', file: resume }),
    ).resolves.toBe(true);
    const sent = fetchMock.mock.calls[0]?.[1]?.body;
    if (!(sent instanceof FormData)) throw new Error('Not multipart');
    // A list repeats its name once per item; an empty list sends no part; '' is an empty part.
    expect([...sent.entries()].map(([name]) => name)).toEqual([
      'name',
      'days',
      'days',
      'note',
      'resume',
    ]);
    expect(sent.getAll('days')).toEqual(['Friday', 'Sunday']);
    expect(sent.get('note')).toBe('');
    const part = sent.get('resume');
    expect(part).toBeInstanceOf(File);
    expect(part instanceof File && part.name).toBe('cv.pdf');
    const headers = headersOf(fetchMock.mock.calls[0]);
    expect(headers.has('content-type')).toBe(false);
    expect(headers.get('accept')).toBe('application/json');
  });

  it('retries the same body and file with the same key, another file with a new one', async () => {
    const fetchMock = mockFetch(500, 500, 500);
    const url = '/api/forms/application';
    await postJson(url, body, { name: 'resume', file: file(1) });
    await postJson(url, body, { name: 'resume', file: file(1) });
    await postJson(url, body, { name: 'resume', file: file(2) });
    const keys = fetchMock.mock.calls.map((call) => headersOf(call).get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});

describe("postJson and the visit's record", () => {
  const visit = { r: 'https://www.google.com/', q: '?utm_source=flyer', p: '/', l: 'es' };
  const header = 'r=https%3A%2F%2Fwww.google.com%2F&q=%3Futm_source%3Dflyer&p=%2F&l=es';

  it('sends it as the Visit header to the own receiver, with JSON and with a file', async () => {
    recordVisit(JSON.stringify(visit));
    const fetchMock = mockFetch(200, 200);
    await postJson('/api/forms/quote', { a: '1' });
    const resume = new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' });
    await postJson('/api/forms/application', { a: '1' }, { name: 'resume', file: resume });
    expect(fetchMock.mock.calls.map((call) => headersOf(call).get('visit'))).toEqual([
      header,
      header,
    ]);
  });

  it('sends no Visit header to another origin, nor when there is no record', async () => {
    const fetchMock = mockFetch(200, 200);
    await postJson('/api/forms/quote', {});
    recordVisit(JSON.stringify(visit));
    await postJson('https://forms.example.net/f/abc', {});
    expect(fetchMock.mock.calls.map((call) => headersOf(call).has('visit'))).toEqual([
      false,
      false,
    ]);
  });
});
