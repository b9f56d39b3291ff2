// `npm run bench:server -- backup`: the nightly backup (server/data/nightly-backup.ts) at 50,000
// submissions: how long the copy and its checks take, and the p99 of form posts while it runs
// against the same server just before it. The server makes it itself, ~10 s after its start
// (no good copy yet); the bench posts meanwhile, at 10 at once.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { BackupStatus } from '../../server/data/nightly-backup.ts';
import { applicationBody, quoteBody } from '../../server/testing/fixtures.ts';
import {
  load,
  startReceiver,
  stopReceiver,
  type Answer,
} from '../../server/testing/receiver-harness.ts';
import { seed } from './inbox.ts';
import { msCells, tableLine } from './table.ts';

const CONCURRENCY = 10;

let offset = 1_000_000;
function body(n: number) {
  const unique = offset + n;
  return unique % 2 === 0
    ? { form: 'quote', body: quoteBody(unique) }
    : { form: 'application', body: applicationBody(unique) };
}

function summary(title: string, answers: readonly Answer[], seconds: number): string {
  const ms = answers.map((answer) => answer.ms);
  const refused = answers.filter((answer) => answer.status !== 200).length;
  return tableLine(
    [title, 22],
    [answers.length, 6],
    [Math.round(answers.length / seconds), 11],
    ...msCells(ms, 7),
    [refused, 8],
  );
}

async function until(done: () => boolean, timeoutMs: number) {
  const giveUpAt = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > giveUpAt) throw new Error('the backup did not start in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function benchBackup(
  tempDir: (prefix: string) => string,
  removeDir: (dir: string) => void,
): Promise<boolean> {
  const dataDir = tempDir('bench-backup-');
  const backupDir = path.join(dataDir, 'nightly');
  const statusFile = path.join(backupDir, 'backup-status.json');
  try {
    await seed({ DATA_DIR: dataDir });
    const size = statSync(path.join(dataDir, 'submissions.db')).size;
    const server = await startReceiver(dataDir, { BACKUP_DIR: backupDir });
    const startedAt = Date.now();
    await load(server.port, 200, CONCURRENCY, body); // warm-up
    offset += 200;
    const copying = () =>
      existsSync(backupDir) && readdirSync(backupDir).some((name) => name.includes('.partial-'));
    // Before: posts until 8 s after the start, while no backup runs (its first look is at 10 s).
    const before = await load(server.port, 1_000_000, CONCURRENCY, body, () => {
      return Date.now() - startedAt < 8000 && !copying();
    });
    offset += 1_000_000;
    if (copying() || existsSync(statusFile)) throw new Error('the backup began before its time');
    await until(() => copying() || existsSync(statusFile), 30_000);
    // During: posts until the status file says the backup is over.
    const during = await load(server.port, 1_000_000, CONCURRENCY, body, () => {
      return !existsSync(statusFile);
    });
    await stopReceiver(server);
    const status = JSON.parse(readFileSync(statusFile, 'utf8')) as BackupStatus;
    const record = status.last;
    console.log(
      `\nthe nightly backup of a ${(size / 1024 / 1024).toFixed(0)} MB SQLite file ` +
        `(50,000 submissions): ${record?.ok ? 'good' : `FAILED (${record?.reason})`}, ` +
        `${record?.ms ?? '?'} ms (copy, integrity check, counts)\n`,
    );
    console.log(
      `valid posts at ${CONCURRENCY} at once   posts  requests/s  p50 ms  p99 ms  max ms  refused`,
    );
    console.log(summary('without a backup', before.answers, before.seconds));
    console.log(summary('while it runs', during.answers, during.seconds));
    return record?.ok === true;
  } finally {
    removeDir(dataDir);
  }
}
