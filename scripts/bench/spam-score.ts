// `npm run bench:server -- spam-score`: the spam score on its labelled corpus
// (server/guard/spam-corpus/): the confusion table, written into server/guard/README.md between
// its markers (spam-corpus.test.ts checks it stays so), and what scoring one post costs, per post
// of the corpus, in this process.
import { readFileSync, writeFileSync } from 'node:fs';
import { confusion, confusionMarkdown, judge } from '../../server/guard/spam-corpus/confusion.ts';
import { legitimate } from '../../server/guard/spam-corpus/legitimate.ts';
import { spam } from '../../server/guard/spam-corpus/spam.ts';
import { percentile } from '../../server/testing/receiver-harness.ts';
import { tableLine } from './table.ts';

const README = 'server/guard/README.md';
const ROUNDS = 200;

/** The README with its table between `<!-- spam-corpus -->` and `<!-- /spam-corpus -->` replaced. */
export function withTable(readme: string, table: string): string {
  const start = '<!-- spam-corpus -->';
  const end = '<!-- /spam-corpus -->';
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from === -1 || to < from) throw new Error(`${README} has no ${start} … ${end} markers`);
  return `${readme.slice(0, from)}${start}\n\n${table}\n\n${readme.slice(to)}`;
}

/** Microseconds per post: each post of the corpus scored ROUNDS times, after a warm-up. */
function costPerPost(): number[] {
  const posts = [...legitimate, ...spam];
  for (const post of posts) judge(post);
  return posts.map((post) => {
    const started = performance.now();
    for (let round = 0; round < ROUNDS; round += 1) judge(post);
    return ((performance.now() - started) * 1000) / ROUNDS;
  });
}

export async function benchSpamScore(): Promise<void> {
  const table = confusion();
  const markdown = confusionMarkdown(table);
  writeFileSync(README, withTable(readFileSync(README, 'utf8'), markdown));
  console.log(
    `\nthe spam score on its corpus (${legitimate.length} legitimate posts, ${spam.length} spam)\n`,
  );
  console.log(markdown);
  const cost = costPerPost();
  console.log(
    `\ncost of scoring one post, µs (each of the ${cost.length} posts ${ROUNDS} times)\n`,
  );
  console.log('  p50     p99     max    mean');
  const mean = cost.reduce((sum, us) => sum + us, 0) / cost.length;
  console.log(
    tableLine(
      undefined,
      ...[percentile(cost, 50), percentile(cost, 99), Math.max(...cost), mean].map(
        (us) => [us.toFixed(1), 6] as const,
      ),
    ),
  );
  await Promise.resolve();
}
