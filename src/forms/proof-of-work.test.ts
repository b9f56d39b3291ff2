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
    expect(fetched).not.toHaveBeenCalled();
    fetched.mockRestore();
  });
});
