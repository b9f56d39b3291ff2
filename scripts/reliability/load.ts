// The receiver under steady load: posts, then applications with a résumé, all acknowledged and
// all stored after a graceful stop.
import { applicationBody, quoteBody } from '../../server/testing/fixtures.ts';
import {
  latencySummary,
  load,
  removeDir,
  startReceiver,
  stopReceiver,
  storedIds,
  tempDir,
} from '../../server/testing/receiver-harness.ts';
import { check, missing, statuses } from './checks.ts';
import {
  incompleteUploads,
  UPLOAD_BYTES,
  UPLOAD_CONCURRENCY,
  UPLOADS,
  uploadIntegrity,
  withResume,
} from './uploads.ts';

export const POSTS = 2000;
export const CONCURRENCY = 50;

/** Alternating quote and application bodies, unique per `n` (and per run, through `tag`). */
export function body(tag: string) {
  return (n: number) =>
    n % 2 === 0
      ? { form: 'quote', body: quoteBody(n, { clientName: `Load ${tag} ${n}` }) }
      : { form: 'application', body: applicationBody(n, { fullName: `Load ${tag} ${n}` }) };
}

export async function steadyLoad() {
  const dataDir = tempDir('reliability-load-');
  try {
    const server = await startReceiver(dataDir);
    const result = await load(server.port, POSTS, CONCURRENCY, body('steady'));
    const exitCode = await stopReceiver(server);
    const stored = storedIds(dataDir);
    const lost = missing(result.acknowledged, stored);
    check(
      `${POSTS} posts at concurrency ${CONCURRENCY}: every one acknowledged`,
      result.acknowledged.length === POSTS && result.errors === 0,
      `${result.acknowledged.length}/${POSTS} acknowledged in ${result.seconds.toFixed(2)} s ` +
        `(${Math.round(POSTS / result.seconds)} req/s, ${latencySummary(result.answers)}); ` +
        `answers ${statuses(result.answers)}; network errors ${result.errors}`,
    );
    check(
      'every acknowledged id is in the database after a graceful stop',
      lost.length === 0 && stored.length === result.acknowledged.length && exitCode === 0,
      `${stored.length} rows, ${lost.length} acknowledged ids missing, exit code ${exitCode}`,
    );
  } finally {
    removeDir(dataDir);
  }
}

export async function uploadLoad() {
  const dataDir = tempDir('reliability-upload-');
  try {
    const server = await startReceiver(dataDir);
    const result = await load(server.port, UPLOADS, UPLOAD_CONCURRENCY, withResume('load'));
    const exitCode = await stopReceiver(server);
    const incomplete = incompleteUploads(dataDir, result.acknowledged, 'load');
    const integrity = await uploadIntegrity(dataDir);
    const megabytes = (UPLOADS * UPLOAD_BYTES) / 1024 / 1024;
    check(
      `${UPLOADS} applications with a 1 MB résumé at concurrency ${UPLOAD_CONCURRENCY}: every file stored whole`,
      result.acknowledged.length === UPLOADS &&
        incomplete.length === 0 &&
        integrity.corrupt + integrity.orphans + integrity.partial === 0 &&
        exitCode === 0,
      `${result.acknowledged.length}/${UPLOADS} acknowledged in ${result.seconds.toFixed(2)} s ` +
        `(${(megabytes / result.seconds).toFixed(1)} MB/s, ${latencySummary(result.answers)}); ` +
        `answers ${statuses(result.answers)}; ${incomplete.length} without their exact file; ` +
        `${integrity.files} files, ${integrity.corrupt} corrupt, ${integrity.orphans} orphans, ` +
        `${integrity.partial} applications without their file; exit code ${exitCode}`,
    );
  } finally {
    removeDir(dataDir);
  }
}
