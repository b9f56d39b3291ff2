// `npm run bench:server -- spam`: the forms' proof of work and spam score. How long the solve takes
// on this machine (Node, altcha-lib's solveChallenge) and in Chromium with its CPU 4× slower (CDP
// Emulation.setCPUThrottlingRate, the built page's own worker), and form posts per second with the
// spam score on beside the figure without it (in process: validation, score, commit).
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { createChallenge, solveChallenge } from 'altcha-lib/v1';
import { buildApp } from '../../server/http/app.ts';
import { POW_MAX_NUMBER } from '../../server/guard/proof-of-work.ts';
import { spamScore } from '../../server/guard/spam-score.ts';
import { openStore } from '../../server/store/store.ts';
import { quoteBody, tempDataDir } from '../../server/testing/fixtures.ts';
import {
  removeDir,
  startReceiver,
  stopReceiver,
  tempDir,
} from '../../server/testing/receiver-harness.ts';
import { chromiumArgs, chromiumPath } from '../run/local-server.mjs';
import { msCells, tableLine } from './table.ts';

const SOLVES = 12;

function summary(title: string, ms: readonly number[]): string {
  return tableLine([title, 38], ...msCells(ms, 7, { at: [50, 90], digits: 0 }));
}

async function nodeSolves(): Promise<number[]> {
  const ms: number[] = [];
  for (let run = 0; run < SOLVES; run += 1) {
    const challenge = await createChallenge({ hmacKey: 'bench', maxNumber: POW_MAX_NUMBER });
    const started = performance.now();
    await solveChallenge(challenge.challenge, challenge.salt, 'SHA-256', POW_MAX_NUMBER).promise;
    ms.push(performance.now() - started);
  }
  return ms;
}

/** The built page's worker solving the receiver's challenges, at each CPU slowdown. */
async function chromeSolves(rates: readonly number[]): Promise<Map<number, number[]>> {
  const worker = readdirSync('dist/assets').find((name) => /^pow-worker-.*\.js$/.test(name));
  if (!worker) throw new Error('no pow-worker in dist/assets: run `npm run build` first');
  const dataDir = tempDir('bench-pow-');
  const server = await startReceiver(dataDir, { DIST_DIR: 'dist' });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const results = new Map<number, number[]>();
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${server.port}/`);
    const cdp = await page.context().newCDPSession(page);
    for (const rate of rates) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const ms: number[] = [];
      for (let run = 0; run < SOLVES; run += 1) {
        ms.push(
          await page.evaluate(async (url) => {
            const challenge: unknown = await (await fetch('/api/challenge')).json();
            const started = performance.now();
            const solver = new Worker(url, { type: 'module' });
            await new Promise((resolve) => {
              solver.onmessage = resolve;
              solver.postMessage(challenge);
            });
            solver.terminate();
            return performance.now() - started;
          }, `/assets/${worker}`),
        );
      }
      results.set(rate, ms);
    }
  } finally {
    await browser.close();
    await stopReceiver(server);
    removeDir(dataDir);
  }
  return results;
}

/** A challenge of the receiver solved with Node's own hash (quicker than the page's, for the load). */
function solveQuickly(challenge: { challenge: string; salt: string; maxnumber?: number }) {
  for (let n = 0; n <= (challenge.maxnumber ?? POW_MAX_NUMBER); n += 1) {
    const hash = createHash('sha256')
      .update(challenge.salt + String(n))
      .digest('hex');
    if (hash === challenge.challenge) return n;
  }
  throw new Error('not solved');
}

/** Posts per second in process at concurrency 10, scoring on or off, with or without a proof. */
async function postsPerSecond(spamScoring: boolean, withProof: boolean, posts: number) {
  const data = tempDataDir('bench-spam-');
  const store = await openStore(data.database);
  const app = await buildApp({ store, spamScoring, logLevel: false, rateLimitMax: 1_000_000 });
  try {
    const answers: string[] = [];
    for (let n = 0; withProof && n < posts; n += 1) {
      const challenge = (await app.inject({ url: '/api/challenge' })).json<{
        algorithm: string;
        challenge: string;
        salt: string;
        signature: string;
      }>();
      const number = solveQuickly(challenge);
      const { algorithm, salt, signature } = challenge;
      const payload = { algorithm, challenge: challenge.challenge, number, salt, signature };
      answers.push(Buffer.from(JSON.stringify(payload)).toString('base64'));
    }
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < posts) {
          const n = next++;
          const altcha = answers[n];
          const body = { ...quoteBody(n, { email: `guest${n}@example.com` }), altcha };
          const answer = await app.inject({
            method: 'POST',
            url: '/api/forms/quote',
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          if (answer.statusCode !== 200) throw new Error(`post refused: ${answer.statusCode}`);
        }
      }),
    );
    return posts / ((performance.now() - started) / 1000);
  } finally {
    await app.close();
    await store.close();
    data.remove();
  }
}

/** The score alone: microseconds per call on a quote with a message of 5 links. */
function scoreCost(): number {
  const calls = 20_000;
  const fields = quoteBody(1, {
    additionalInfo: `${'We need staff for a wedding. '.repeat(20)} https://a.example https://b.example`,
  });
  const started = performance.now();
  for (let n = 0; n < calls; n += 1) {
    spamScore({ proofOfWork: { kind: 'missing' }, at: n, fields, name: fields.clientName });
  }
  return ((performance.now() - started) * 1000) / calls;
}

export async function benchProofOfWork(): Promise<void> {
  console.log(
    `\nproof of work (ALTCHA v1, SHA-256, maxnumber ${POW_MAX_NUMBER}), ${SOLVES} solves each\n`,
  );
  console.log('solver                                  p50 ms  p90 ms  max ms');
  console.log(summary('Node, this machine', await nodeSolves()));
  const chrome = await chromeSolves([1, 4]);
  for (const [rate, ms] of chrome) {
    console.log(summary(`Chromium worker, CPU ${rate}× slower`, ms));
  }

  console.log(
    `\nspamScore alone: ${scoreCost().toFixed(1)} µs a call (a quote with a 600-character message)`,
  );
  console.log('\nquote posts in process (SQLite, concurrency 10; after a warm-up run)\n');
  console.log('spam scoring                              posts/s');
  await postsPerSecond(true, false, 300);
  for (const [title, scoring, proof, posts] of [
    ['off', false, false, 500],
    ['on, no proof of work (scored, no spend)', true, false, 500],
    ['on, a solved proof of work each', true, true, 300],
    ['off, again', false, false, 500],
  ] as const) {
    const rate = await postsPerSecond(scoring, proof, posts);
    console.log(tableLine([title, 42], [rate.toFixed(0), 7]));
  }
}
