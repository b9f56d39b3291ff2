// `npm run bench:server -- html`: a form sent without JavaScript (an ordinary HTML form post,
// urlencoded), answered with a whole page rendered by the receiver's worker: the confirmation, or
// the form again with its values and messages. One post at a time (concurrency 1), as a visitor
// sends it; docs/figures.md keeps its p50 and p99.
import { quoteServiceOptions } from '../../src/content/quote-form.ts';
import { localIsoDate } from '../../src/forms/dates.ts';
import {
  removeDir,
  startReceiver,
  stopReceiver,
  tempDir,
} from '../../server/testing/receiver-harness.ts';
import { msCells, tableLine } from './table.ts';

const POSTS = 300;

function form(n: number, valid: boolean): string {
  const fields = new URLSearchParams({
    clientName: `Jordan Rivera ${n}`,
    phone: valid ? '(202) 555-0143' : '555',
    email: `jordan.rivera+${n}@example.com`,
    eventDate: localIsoDate(45),
    guestCount: '120',
    address: 'The Willard, 1401 Pennsylvania Ave NW, Washington, DC',
    additionalInfo: 'Black-tie gala, 6 PM to midnight.',
    _language: n % 2 === 0 ? 'en' : 'es',
  });
  for (const option of quoteServiceOptions.slice(0, 2)) fields.append('services', option.value);
  return fields.toString();
}

async function post(port: number, body: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}/api/forms/quote`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body,
  });
  const page = await response.text();
  if (!page.includes('<form') && response.status !== 200) throw new Error('No page came back');
  return { status: response.status, ms: performance.now() - started };
}

/** Posts without JavaScript, one at a time: p50, p99 and max of each kind of answer. */
export async function benchHtmlPosts(): Promise<void> {
  const dataDir = tempDir('bench-html-');
  try {
    const server = await startReceiver(dataDir);
    for (let n = 0; n < 20; n += 1) await post(server.port, form(n, n % 2 === 0)); // warm-up
    console.log(
      '\nforms sent without JavaScript (urlencoded), answered with a page, concurrency 1\n',
    );
    console.log('answer                        posts   p50 ms   p99 ms   max ms');
    for (const [title, valid, status] of [
      ['stored: the confirmation', true, 200],
      ['mistakes: the form again', false, 400],
    ] as const) {
      const ms: number[] = [];
      for (let n = 0; n < POSTS; n += 1) {
        const answer = await post(server.port, form(1000 + n, valid));
        if (answer.status !== status) throw new Error(`Answered ${answer.status}, not ${status}`);
        ms.push(answer.ms);
      }
      console.log(tableLine([title, 28], [POSTS, 7], ...msCells(ms, 8)));
    }
    await stopReceiver(server);
  } finally {
    removeDir(dataDir);
  }
}
