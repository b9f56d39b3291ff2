import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { confusion, confusionMarkdown, judge } from './confusion.ts';
import { nameOf } from './corpus.ts';
import { legitimate } from './legitimate.ts';
import { spam } from './spam.ts';

const README = new URL('../README.md', import.meta.url);

/** The table between the README's markers (written by `npm run bench:server -- spam-score`). */
function readmeTable(): string | undefined {
  const text = readFileSync(README, 'utf8');
  return /<!-- spam-corpus -->\n\n([\s\S]*?)\n\n<!-- \/spam-corpus -->/.exec(text)?.[1];
}

describe('the spam score on the labelled corpus', () => {
  it('holds at least 60 posts of each kind, with the names and links clients really send', () => {
    expect(legitimate.length).toBeGreaterThanOrEqual(60);
    expect(spam.length).toBeGreaterThanOrEqual(60);
    const names = legitimate.map(nameOf).join(' | ');
    for (const name of ['DeLaCruz', 'McDonald', "O'Brien", 'Nguyễn', 'Иванова', '王']) {
      expect(names).toContain(name);
    }
    const proofs = legitimate.map((post) => post.proof);
    expect(proofs.filter((proof) => proof === 'missing').length).toBeGreaterThanOrEqual(20);
    expect(proofs.filter((proof) => proof === 'autofill').length).toBeGreaterThanOrEqual(10);
    const links = legitimate.filter(
      (post) => JSON.stringify(post.fields).split('https://').length > 3,
    );
    expect(links.length).toBeGreaterThanOrEqual(10);
  });

  // The issue asks for 90 %: link lists a client could also send (8 or 10 links), random letters
  // with a proof, one filler text in an application and a vague note are let through rather than
  // bin a client (the README lists them).
  it('bins no legitimate post, and at least 90 % of the spam', () => {
    const table = confusion();
    expect(table.mistakes.binned).toEqual([]);
    expect(table.legitimate.binned).toBe(0);
    expect(table.spam.binned / spam.length).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps the clients who write the words of pitches, filler and link lists (review of issue 45)', () => {
    for (const note of [
      'empanadas, WhatsApp',
      'fiesta temática de casino, WhatsApp',
      'SEO and marketing team holiday party',
      'bitcoin conference reception',
      'crypto trading platform launch party',
      'pharmacy association gala with casino tables',
      'application: None at this time in three fields',
      'application: Available upon request in four fields',
      'staffing list with repeated lines',
      'Markdown links pasted from Notion',
      'eight inspiration links',
      'purchase reference codes and three venue links, no script',
      // Written before the rules were read (second pass).
      'marketing agency holiday party, came across your website',
      'SEO firm anniversary, own website link, no script',
      'Russian wedding request with the venue link, no script',
      'an embassy writing in English with a link to its site, no script',
      'job applicant with portfolio and LinkedIn, no script',
      'client joking about unsubscribe and reply STOP',
    ]) {
      const post = legitimate.find((item) => item.note === note);
      expect(post, note).toBeDefined();
      expect(post && judge(post).spam, note).toBe(false);
    }
  });

  it('keeps the issue’s client: DeLaCruz, three links, no script', () => {
    const post = legitimate.find((item) => item.note.startsWith('DeLaCruz, three links'));
    // Its map is not counted: the venue and its parking page are two links.
    expect(post && judge(post)).toMatchObject({ reasons: ['pow-missing'], spam: false });
  });

  it('is the table the README shows (run `npm run bench:server -- spam-score` to write it)', () => {
    expect(readmeTable()).toBe(confusionMarkdown());
  });
});
