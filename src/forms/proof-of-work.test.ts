import { challengeUrl, proofOfWork } from './proof-of-work';

describe('proof of work on the page', () => {
  it('asks the receiver beside the form endpoint for its challenge, and no one else', () => {
    expect(challengeUrl('/api/forms/quote')).toBe('/api/challenge');
    expect(challengeUrl('https://forms.example.com/api/forms/application')).toBe(
      'https://forms.example.com/api/challenge',
    );
    expect(challengeUrl('https://formspree.io/f/abcd')).toBeUndefined();
  });

  it('sends without an answer, at once, where no worker can run', async () => {
    const fetched = vi.spyOn(globalThis, 'fetch');
    const work = proofOfWork('/api/forms/quote');
    work.start();
    expect(await work.take(10)).toBeUndefined();
    // No challenge asked for. (The test files of a worker share it: another file's page may still
    // be finishing its own requests.)
    const asked = fetched.mock.calls.map(([input]) => String(input));
    expect(asked.filter((url) => url.includes('/api/challenge'))).toEqual([]);
    fetched.mockRestore();
  });
});
