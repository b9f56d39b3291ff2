/**
 * The proof of work's solver, in its own thread so that the page never stutters: given a challenge
 * (ALTCHA v1), it answers the number whose hash the challenge names, or null.
 */
import { solveChallenge } from 'altcha-lib/v1';

export interface PowChallenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<PowChallenge>) => void) | null;
  postMessage(message: number | null): void;
};

scope.onmessage = async ({ data }) => {
  try {
    const { promise } = solveChallenge(data.challenge, data.salt, 'SHA-256', data.maxnumber);
    scope.postMessage((await promise)?.number ?? null);
  } catch {
    scope.postMessage(null);
  }
};
