import type { PowChallenge } from './pow-worker';

/**
 * The forms' invisible proof of work (ALTCHA; the receiver's side is server/guard/proof-of-work.ts).
 * On a form's first use the page fetches a challenge and a worker solves it; the answer goes with
 * the post as `altcha`. Nothing is shown and nothing can fail: without a worker, a challenge or an
 * answer in time, the form is sent without one, and the receiver judges it by its other signals.
 */

/** How long a send waits for an answer still being worked out. */
export const ANSWER_WAIT_MS = 3_000;
/** An answer older than this is not sent (the receiver's challenges last an hour). */
const ANSWER_LIFE_MS = 50 * 60 * 1000;
const FETCH_TIMEOUT_MS = 10_000;

/** The receiver's challenge address beside a form endpoint on it (`…/api/forms/quote`). */
export function challengeUrl(endpoint: string): string | undefined {
  return /\/api\/forms\/[^/?#]+$/.test(endpoint)
    ? endpoint.replace(/\/api\/forms\/[^/?#]+$/, '/api/challenge')
    : undefined;
}

function isChallenge(value: unknown): value is PowChallenge {
  if (typeof value !== 'object' || value === null) return false;
  const { algorithm, challenge, salt, signature } = value as Record<string, unknown>;
  return [algorithm, challenge, salt, signature].every((part) => typeof part === 'string');
}

/** The number that solves `challenge`, worked out in a worker; undefined when it cannot be. */
function solveInWorker(challenge: PowChallenge): Promise<number | undefined> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./pow-worker.ts', import.meta.url), { type: 'module' });
    const done = (number: number | undefined) => {
      worker.terminate();
      resolve(number);
    };
    worker.onmessage = ({ data }: MessageEvent<number | null>) => done(data ?? undefined);
    worker.onerror = () => done(undefined);
    worker.postMessage(challenge);
  });
}

/** A fetched and solved challenge, as the receiver reads it: base64 of its JSON. */
async function answer(url: string): Promise<string | undefined> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  const challenge: unknown = response.ok ? await response.json() : undefined;
  if (!isChallenge(challenge)) return undefined;
  const number = await solveInWorker(challenge);
  if (number === undefined) return undefined;
  const { algorithm, salt, signature } = challenge;
  return btoa(
    JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }),
  );
}

export interface ProofOfWork {
  /** Starts working out an answer, unless one is on its way or ready. */
  start(): void;
  /** The answer for a send (then forgotten: each is good once), waiting at most `waitMs`. */
  take(waitMs?: number): Promise<string | undefined>;
}

export function proofOfWork(endpoint: string): ProofOfWork {
  const url = challengeUrl(endpoint);
  let pending: { answer: Promise<string | undefined>; startedAt: number } | undefined;

  const start = () => {
    if (!url || typeof Worker === 'undefined') return;
    if (pending && Date.now() - pending.startedAt < ANSWER_LIFE_MS) return;
    pending = {
      answer: answer(url).catch(() => undefined),
      startedAt: Date.now(),
    };
  };

  return {
    start,
    async take(waitMs = ANSWER_WAIT_MS) {
      start();
      const taken = pending;
      pending = undefined;
      if (!taken) return undefined;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), waitMs);
      });
      try {
        return await Promise.race([taken.answer, late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
