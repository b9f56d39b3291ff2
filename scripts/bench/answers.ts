// `npm run bench:server -- answers`: a visitor's answer in the reply mailbox to its row in the
// database (issue 46). A private Dovecot (server/testing/imap.ts) and the watcher as the server runs
// it (IDLE, one instance by its lease); 50 answers one after another, each timed from the end of its
// IMAP APPEND (the message is in the mailbox) to the commit of its row, its event and the owner's
// notice (the watcher's onAnswer), on SQLite and on Postgres.
import { performance } from 'node:perf_hooks';
import { databaseConfig } from '../../server/config.ts';
import { startAnswerWatcher } from '../../server/replies/answers/imap-watch.ts';
import { newReplyToken, replyAddressWith } from '../../server/replies/reply-token.ts';
import { openStore } from '../../server/store/store.ts';
import { quoteBody, tempDataDir } from '../../server/testing/fixtures.ts';
import { imapMissing, startImap, type TestImap } from '../../server/testing/imap.ts';
import { createTestDatabase } from '../../server/testing/postgres.ts';
import { msCells, tableLine } from './table.ts';

const ANSWERS = 50;
const REPLY_ADDRESS = 'replies@staffing.example';
const quiet = { info: () => undefined, warn: () => undefined };

function answer(to: string, n: number, label: string): string {
  return [
    'From: Ana López <ana@visitor.example>',
    `To: ${to}`,
    'Subject: Re: Your quote request',
    `Message-ID: <bench.${label}.${n}.${Date.now()}@visitor.example>`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Yes, ${100 + n} guests.`,
    '',
    'On Thu, May 2, 2030 at 10:00 AM Potomac Staffing wrote:',
    '> How many guests?',
    '',
  ].join('\r\n');
}

async function benchOn(label: string, imap: TestImap, env: Record<string, string>) {
  const store = await openStore(databaseConfig(env));
  const saved = await store.save({ form: 'quote', fields: quoteBody(1), notify: false });
  if (saved.status !== 'created') throw new Error('no submission');
  const token = newReplyToken();
  await store.database.db
    .updateTable('submissions')
    .set({ reply_token: token })
    .where('id', '=', saved.id)
    .execute();
  let committed: (() => void) | undefined;
  const watcher = startAnswerWatcher({
    engine: store.database.engine,
    imapUrl: imap.url,
    replyAddress: REPLY_ADDRESS,
    from: 'hello@staffing.example',
    log: quiet,
    onAnswer: () => committed?.(),
  });
  const to = replyAddressWith(REPLY_ADDRESS, token);
  const ms: number[] = [];
  try {
    for (let n = -5; n < ANSWERS; n += 1) {
      const added = new Promise<number>((resolve) => {
        committed = () => resolve(performance.now());
      });
      await imap.append(answer(to, n, label));
      const appended = performance.now();
      const at = await added;
      // The first five warm up (the connection, the statements' plans).
      if (n >= 0) ms.push(at - appended);
    }
  } finally {
    await watcher.stop();
    await store.close();
  }
  console.log(tableLine([label, 10], [ANSWERS, 8], ...msCells(ms, 8)));
}

/** SQLite, then (given a Postgres server's address) a new database of that server. */
export async function benchAnswers(postgresUrl?: string): Promise<void> {
  if (imapMissing) throw new Error(imapMissing);
  const imap = await startImap();
  const data = tempDataDir('bench-answers-');
  try {
    console.log(
      `A visitor's answer appended to the reply mailbox (Dovecot on loopback), to its row, event and notice committed`,
    );
    console.log('');
    console.log('engine      answers   p50 ms   p99 ms   max ms');
    await benchOn('SQLite', imap, { DATA_DIR: data.dir });
    if (postgresUrl) {
      await benchOn('Postgres', imap, {
        DATA_DIR: data.dir,
        DATABASE_URL: await createTestDatabase(postgresUrl, 'bench_answers'),
        ADDRESS_HASH_SECRET: 'bench-address-hash-secret-0123456789abcdef',
      });
    }
    console.log('');
    console.log(
      'Dovecot tells a client in IDLE of new mail 0.5 s after it arrives (a fixed delay of its',
    );
    console.log(
      "mailbox-watch.c); the rest is the watcher's: fetch, parse, match and one transaction.",
    );
  } finally {
    data.remove();
    await imap.close();
  }
}
