// `npm run bench:server -- replies`: a reply from the composer's Send to the message accepted by
// the SMTP server (issue 46). `npm start`'s built server with e-mail on (a real SMTP server on
// loopback), quotes posted and their own mail (notification, acknowledgement) sent first; then
// each reply is posted as the composer posts it, one at a time, and timed from the request's start
// to the SMTP server's acceptance of the next message (the outbox is quiet by then, so it is the
// reply's). The replies are spread over several accounts, each under the per-account limit.
import type { SubmissionDetail } from '../../src/admin/contract.ts';
import { quoteBody } from '../../server/testing/fixtures.ts';
import {
  addOwner,
  postJson,
  removeDir,
  send,
  signIn,
  startReceiver,
  stopReceiver,
  tempDir,
} from '../../server/testing/receiver-harness.ts';
import { startSmtp } from '../../server/testing/smtp.ts';
import { msCells, tableLine } from './table.ts';

const ACCOUNTS = 4;
const REPLIES_PER_ACCOUNT = Number(process.env.BENCH_REPLIES_PER_ACCOUNT ?? 25);

async function postReply(port: number, cookie: string, id: string) {
  const started = performance.now();
  const answer = await send(port, {
    path: `/admin/api/submissions/${id}/replies`,
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', cookie },
    body: JSON.stringify({
      language: 'en',
      subject: 'Re: your request',
      body: 'Thank you: a quote is on its way today.',
      templateId: null,
    }),
  });
  if (answer.status !== 200)
    throw new Error(`a reply was refused: ${answer.status} ${answer.body}`);
  const detail = JSON.parse(answer.body) as SubmissionDetail;
  const reply = detail.replies.at(-1);
  if (!reply) throw new Error('the answer names no reply');
  return started;
}

export async function benchReplies(): Promise<void> {
  const smtp = await startSmtp();
  const dataDir = tempDir('bench-replies-');
  const env = {
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    NOTIFY_TO: 'bookings@staffing.example',
    NOTIFY_FROM: 'Potomac Staffing <forms@staffing.example>',
    RATE_LIMIT_MAX: '100000',
    ACK_DOMAIN_MAX_PER_HOUR: '100000',
  };
  const owners = Array.from({ length: ACCOUNTS }, (_, n) => ({
    email: `owner${n}@staffing.example`,
    password: `a long bench password ${n}`,
  }));
  for (const owner of owners) addOwner({ ...env, DATA_DIR: dataDir }, owner);
  const server = await startReceiver(dataDir, env);
  try {
    const ids: string[] = [];
    for (let n = 0; n < ACCOUNTS * REPLIES_PER_ACCOUNT; n += 1) {
      const answer = await postJson(server.port, 'quote', quoteBody(n));
      ids.push((JSON.parse(answer.body) as { id: string }).id);
    }
    // The quotes' own mail (notification, acknowledgement) first: until none has come for 2 s.
    for (let seen = -1; seen !== smtp.received.length;) {
      seen = smtp.received.length;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    const ms: number[] = [];
    for (const [k, owner] of owners.entries()) {
      const cookie = await signIn(server.port, owner);
      for (const id of ids.slice(k * REPLIES_PER_ACCOUNT, (k + 1) * REPLIES_PER_ACCOUNT)) {
        const before = smtp.received.length;
        const started = await postReply(server.port, cookie, id);
        while (smtp.received.length <= before) await smtp.next();
        ms.push(performance.now() - started);
      }
    }
    console.log("\nA reply from Send to the SMTP server's acceptance, one at a time, SQLite\n");
    console.log('replies   p50 ms   p99 ms   max ms');
    console.log(tableLine(undefined, [ms.length, 7], ...msCells(ms, 8)));
  } finally {
    await stopReceiver(server);
    await smtp.close();
    removeDir(dataDir);
  }
}
