/**
 * The spam score run on the labelled corpus: each post judged as the receiver judges it, and the
 * confusion table (legitimate or spam, kept in New or binned in Spam) that ../README.md shows.
 */
import { spamScore, type ProofOfWork, type SpamScore } from '../spam-score.ts';
import { nameOf, type CorpusPost, type CorpusProof } from './corpus.ts';
import { legitimate } from './legitimate.ts';
import { spam } from './spam.ts';

const AT = Date.parse('2027-02-01T15:00:00Z');

function proofOf(proof: CorpusProof): ProofOfWork {
  switch (proof) {
    case 'solved':
      return { kind: 'valid', issuedAt: AT - 90_000 };
    case 'autofill':
      return { kind: 'valid', issuedAt: AT - 1_200 };
    case 'missing':
      return { kind: 'missing' };
    case 'forged':
      return { kind: 'invalid' };
    case 'replayed':
      return { kind: 'replayed' };
  }
}

/** The post's score, as the form route computes it. */
export function judge(post: CorpusPost): SpamScore {
  return spamScore({
    proofOfWork: proofOf(post.proof),
    at: AT,
    fields: post.fields,
    name: nameOf(post),
    honeypot: post.honeypot,
  });
}

export interface Confusion {
  legitimate: { kept: number; binned: number };
  spam: { kept: number; binned: number };
  /** The legitimate posts binned and the spam posts kept, by their notes. */
  mistakes: { binned: string[]; kept: string[] };
}

export function confusion(): Confusion {
  const binned = (posts: readonly CorpusPost[]) => posts.filter((post) => judge(post).spam);
  const kept = (posts: readonly CorpusPost[]) => posts.filter((post) => !judge(post).spam);
  return {
    legitimate: { kept: kept(legitimate).length, binned: binned(legitimate).length },
    spam: { kept: kept(spam).length, binned: binned(spam).length },
    mistakes: {
      binned: binned(legitimate).map((post) => post.note),
      kept: kept(spam).map((post) => post.note),
    },
  };
}

/** A markdown table as Prettier lays it out: the first column to the left, the others right. */
function markdownTable(rows: readonly (readonly string[])[]): string[] {
  const widths = (rows[0] ?? []).map((_, column) =>
    Math.max(3, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  const cells = (row: readonly string[]) =>
    widths.map((width, column) =>
      column === 0 ? (row[column] ?? '').padEnd(width) : (row[column] ?? '').padStart(width),
    );
  const rule = widths.map((width, column) =>
    column === 0 ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`,
  );
  const [head = [], ...body] = rows;
  return [line(cells(head)), line(rule), ...body.map((row) => line(cells(row)))];
}

/** The table in markdown, as ../README.md holds it between its markers. */
export function confusionMarkdown(table: Confusion = confusion()): string {
  const share = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;
  const spamTotal = table.spam.kept + table.spam.binned;
  const legitTotal = table.legitimate.kept + table.legitimate.binned;
  const count = (n: number) => String(n);
  return [
    ...markdownTable([
      ['corpus post', 'kept (New)', 'binned (Spam)'],
      [`legitimate (${legitTotal})`, count(table.legitimate.kept), count(table.legitimate.binned)],
      [`spam (${spamTotal})`, count(table.spam.kept), count(table.spam.binned)],
    ]),
    '',
    `Spam caught: ${share(table.spam.binned, spamTotal)}; legitimate posts binned: ` +
      `${share(table.legitimate.binned, legitTotal)}.` +
      (table.mistakes.kept.length > 0 ? ` Spam kept: ${table.mistakes.kept.join('; ')}.` : ''),
  ].join('\n');
}
