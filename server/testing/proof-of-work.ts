import { solveChallenge } from 'altcha-lib/v1';
import type { ProofOfWorkGuard } from '../guard/proof-of-work.ts';

/** The answer a visitor's page sends for `challenge`: base64 of the solved challenge's JSON. */
export async function solvedPayload(challenge: {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}): Promise<string> {
  const { algorithm, salt, signature, maxnumber } = challenge;
  const solution = await solveChallenge(challenge.challenge, salt, 'SHA-256', maxnumber).promise;
  if (!solution) throw new Error('the challenge was not solved');
  const payload = {
    algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt,
    signature,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** A fresh challenge of `pow`, solved. */
export async function solved(pow: ProofOfWorkGuard): Promise<string> {
  return solvedPayload(await pow.challenge());
}
