// The receiver stopped under load: SIGTERM (a graceful stop, in-flight posts answered) and SIGKILL
// (mid-load and mid-upload): nothing acknowledged is lost, and the restarted server works.
import { quoteBody } from '../../server/testing/fixtures.ts';
import {
  load,
  postJson,
  removeDir,
  send,
  startReceiver,
  stopReceiver,
  storedIds,
  tempDir,
} from '../../server/testing/receiver-harness.ts';
import { check, missing, parseOk, statuses } from './checks.ts';
import { body, CONCURRENCY, POSTS } from './load.ts';
import {
  incompleteUploads,
  UPLOAD_CONCURRENCY,
  UPLOADS,
  uploadIntegrity,
  withResume,
} from './uploads.ts';

export async function sigtermUnderLoad() {
  const dataDir = tempDir('reliability-term-');
  try {
    const server = await startReceiver(dataDir);
    let signalled = false;
    const result = await load(server.port, 1000, CONCURRENCY, body('term'), (_answer, acks) => {
      if (acks >= 300 && !signalled) {
        signalled = true;
        server.child.kill('SIGTERM');
      }
      return true;
    });
    const exitCode = await server.exited;
    const stored = storedIds(dataDir);
    const lost = missing(result.acknowledged, stored);
    const serverErrors = result.answers.filter(
      (answer) => answer.status >= 500 && answer.status !== 503,
    );
    // Turned away while stopping: the same JSON refusal as any other, with a time to retry.
    const badRefusals = result.answers.filter(
      (answer) =>
        answer.status === 503 &&
        (parseOk(answer.body) !== false || answer.headers['retry-after'] === undefined),
    );
    check(
      'SIGTERM during load: in-flight posts answered, clean exit, nothing acknowledged lost',
      exitCode === 0 && lost.length === 0 && serverErrors.length === 0 && badRefusals.length === 0,
      `${result.acknowledged.length} acknowledged, answers ${statuses(result.answers)}, ` +
        `${result.errors} refused after close; exit code ${exitCode}; ${lost.length} missing; ` +
        `${badRefusals.length} 503 without {"ok": false} and Retry-After`,
    );
  } finally {
    removeDir(dataDir);
  }
}

export async function sigkillMidLoad() {
  const dataDir = tempDir('reliability-kill-');
  try {
    const server = await startReceiver(dataDir);
    let killedAt = 0;
    const result = await load(server.port, POSTS, CONCURRENCY, body('kill'), (_answer, acks) => {
      if (acks >= 700 && !killedAt) {
        killedAt = acks;
        server.child.kill('SIGKILL');
      }
      return !killedAt;
    });
    await server.exited;

    const started = Date.now();
    const restarted = await startReceiver(dataDir);
    const restartMs = Date.now() - started;
    const stored = storedIds(dataDir);
    const lost = missing(result.acknowledged, stored);
    check(
      'SIGKILL mid-load: every id acknowledged before the kill is there after restart',
      killedAt > 0 && lost.length === 0,
      `killed after ${killedAt} acknowledgements (${result.acknowledged.length} in all, ` +
        `${result.errors} cut off); ${stored.length} rows after restart; ${lost.length} missing`,
    );
    const health = await send(restarted.port, { method: 'GET', path: '/healthz' });
    const fresh = await postJson(
      restarted.port,
      'quote',
      quoteBody(1, { clientName: 'After kill' }),
    );
    const exitCode = await stopReceiver(restarted);
    check(
      'the restarted server answers and stores',
      health.status === 200 && fresh.status === 200 && exitCode === 0,
      `restart to healthy in ${restartMs} ms; healthz ${health.status}, new post ${fresh.status}, ` +
        `exit code ${exitCode}`,
    );
  } finally {
    removeDir(dataDir);
  }
}

export async function sigkillMidUpload() {
  const dataDir = tempDir('reliability-upload-kill-');
  try {
    const server = await startReceiver(dataDir);
    let killedAt = 0;
    const result = await load(
      server.port,
      UPLOADS,
      UPLOAD_CONCURRENCY,
      withResume('kill'),
      (_answer, acks) => {
        if (acks >= 60 && !killedAt) {
          killedAt = acks;
          server.child.kill('SIGKILL');
        }
        return !killedAt;
      },
    );
    await server.exited;
    const restarted = await startReceiver(dataDir);
    const incomplete = incompleteUploads(dataDir, result.acknowledged, 'kill');
    const integrity = await uploadIntegrity(dataDir);
    const exitCode = await stopReceiver(restarted);
    check(
      'SIGKILL mid-upload: every acknowledged file complete, no partial row, no orphan file',
      killedAt > 0 &&
        incomplete.length === 0 &&
        integrity.corrupt + integrity.orphans + integrity.partial === 0 &&
        exitCode === 0,
      `killed after ${killedAt} acknowledgements (${result.acknowledged.length} in all, ` +
        `${result.errors} cut off); after restart ${integrity.files} files, ` +
        `${incomplete.length} acknowledged without their exact file, ${integrity.corrupt} corrupt, ` +
        `${integrity.orphans} orphans, ${integrity.partial} applications without their file`,
    );
  } finally {
    removeDir(dataDir);
  }
}
