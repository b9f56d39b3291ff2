// `npm run bench:server -- sign-in-crowd`: the owner's sign-in under a crowd (issue 45). 500
// strangers, each from its own IPv6 /64 named by a trusted proxy, send sign-ins with wrong
// passwords for random e-mail addresses one after another, as fast as they are answered, while the
// owner signs in again and again from the browser where they signed in before (its device cookie).
// The password checks cost what the accounts' do (scrypt DEFAULT_COST, N = 2^17). The figures: the
// owner's latency (p50, p99, max), the crowd's answers (checked, refused because the check lane was
// full, refused by a limit) and refusals per second, and the server's resident memory before,
// at its peak and after.
import { readFileSync } from 'node:fs';
import { databaseConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { users } from '../../server/admin/users.ts';
import { DEVICE_COOKIE } from '../../server/admin/device-cookie.ts';
import {
  CHECK_SLOTS,
  DEFAULT_COST,
  LANE_PLACES,
  STRANGER_SLOTS,
} from '../../server/admin/passwords.ts';
import {
  percentile,
  removeDir,
  startReceiver,
  stopReceiver,
  tempDir,
} from '../../server/testing/receiver-harness.ts';

const CROWD = 500;
// Under the sign-in route's own limit of 30 requests a minute per client.
const OWNER_SIGN_INS = 25;
const OWNER_PAUSE_MS = 1000;
const EMAIL = 'owner@example.com';
const PASSWORD = 'the owner knows this one';
const OWNER_ADDRESS = '192.0.2.10';

interface Answer {
  status: number;
  busy: boolean;
  ms: number;
  device: string | undefined;
}

async function attempt(
  port: number,
  from: string,
  email: string,
  password: string,
  device?: string,
): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}/admin/api/sign-in`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'sec-fetch-site': 'same-origin',
      'x-forwarded-for': from,
      ...(device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {}),
    },
    body: JSON.stringify({ email, password }),
  });
  const body: unknown = await response.json().catch(() => ({}));
  const cookie = response.headers
    .getSetCookie()
    .find((each) => each.startsWith(`${DEVICE_COOKIE}=`));
  return {
    status: response.status,
    busy: typeof body === 'object' && body !== null && 'busy' in body && body.busy === true,
    ms: performance.now() - started,
    device: cookie?.split(';')[0]?.split('=')[1],
  };
}

/** The receiver's resident memory in MiB (Linux's /proc). */
function rssMiB(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? Number.NaN) / 1024;
}

/** One stranger: sign-ins one after another from its own /64 until told to stop. */
async function stranger(port: number, n: number, running: () => boolean, answers: Answer[]) {
  const from = `2001:db8:${n.toString(16)}:1::7`;
  for (let k = 0; running(); k += 1) {
    answers.push(await attempt(port, from, `s${n}-${k}@example.net`, `guess ${n}-${k}`));
  }
}

/**
 * The owner's sign-ins from the known browser, one after another with a pause between; `each`
 * is called after every one (the memory's samples).
 */
async function owner(
  port: number,
  device: string | undefined,
  { times = OWNER_SIGN_INS, from = OWNER_ADDRESS, each = () => {} } = {},
): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let k = 0; k < times; k += 1) {
    answers.push(await attempt(port, from, EMAIL, PASSWORD, device));
    each();
    await new Promise((resolve) => setTimeout(resolve, OWNER_PAUSE_MS));
  }
  return answers;
}

interface Run {
  seconds: number;
  /** The owner's sign-ins with no crowd, then under it. */
  quiet: Answer[];
  mine: Answer[];
  crowd: Answer[];
  /** RSS before, at its peak, after, 5 s later; and after each of the owner's sign-ins. */
  memory: number[];
  during: number[];
}

function report({ seconds, quiet, mine, crowd, memory, during }: Run) {
  const count = (test: (answer: Answer) => boolean) => crowd.filter(test).length;
  const busy = count((answer) => answer.status === 429 && answer.busy);
  const limited = count((answer) => answer.status === 429 && !answer.busy);
  const ms = mine.map((answer) => answer.ms);
  const quietMs = quiet.map((answer) => answer.ms);
  const [before = 0, peak = 0, after = 0, settled = 0] = memory;
  const others = mine.filter((answer) => answer.status !== 200).map((answer) => answer.status);
  console.log(
    `\n${CROWD} strangers (one /64 each, behind a trusted proxy) signing in without pause for ${seconds.toFixed(1)} s, scrypt N = 2^${DEFAULT_COST.log2N}; check slots ${CHECK_SLOTS} (strangers at most ${STRANGER_SLOTS}), places: strangers ${LANE_PLACES.stranger}, owner ${LANE_PLACES.owner} per account (1 per browser); SQLite\n`,
  );
  console.log('the owner, known browser   sign-ins   in (200)   p50 ms   p99 ms   max ms');
  console.log(
    `${'no crowd'.padEnd(26)} ${String(quiet.length).padStart(8)}   ${String(quiet.filter((a) => a.status === 200).length).padStart(8)}   ${percentile(quietMs, 50).toFixed(0).padStart(6)}   ${percentile(quietMs, 99).toFixed(0).padStart(6)}   ${Math.max(
      ...quietMs,
    )
      .toFixed(0)
      .padStart(6)}`,
  );
  console.log(
    `${'under the crowd'.padEnd(26)} ${String(mine.length).padStart(8)}   ${String(mine.filter((a) => a.status === 200).length).padStart(8)}   ${percentile(ms, 50).toFixed(0).padStart(6)}   ${percentile(ms, 99).toFixed(0).padStart(6)}   ${Math.max(
      ...ms,
    )
      .toFixed(0)
      .padStart(6)}`,
  );
  console.log(
    '\nthe crowd   answers   checked (401)   refused: lane full   refused: limit   refusals/s',
  );
  console.log(
    `${''.padEnd(11)} ${String(crowd.length).padStart(7)}   ${String(count((a) => a.status === 401)).padStart(13)}   ${String(busy).padStart(18)}   ${String(limited).padStart(14)}   ${((busy + limited) / seconds).toFixed(0).padStart(10)}`,
  );
  if (others.length > 0) console.log(`the owner's other answers: ${others.join(', ')}`);
  console.log('\nserver RSS MiB   before   peak   after   5 s later');
  console.log(
    `${''.padEnd(15)} ${before.toFixed(0).padStart(6)}   ${peak.toFixed(0).padStart(4)}   ${after.toFixed(0).padStart(5)}   ${settled.toFixed(0).padStart(9)}`,
  );
  const quarters = [0, 0.25, 0.5, 0.75, 1].map(
    (q) => during[Math.min(during.length - 1, Math.round(q * (during.length - 1)))] ?? 0,
  );
  console.log(
    `RSS MiB after the owner's sign-in at 0, 25, 50, 75, 100 % of the run: ${quarters.map((mib) => mib.toFixed(0)).join(', ')}`,
  );
  return mine.every((answer) => answer.status === 200);
}

/** The crowd and the owner against the built receiver; true when every owner's sign-in got in. */
export async function benchSignInCrowd(): Promise<boolean> {
  const dataDir = tempDir('bench-sign-in-crowd-');
  try {
    const database = await openDatabase(databaseConfig({ DATA_DIR: dataDir }));
    await users(database).add(EMAIL, PASSWORD);
    await database.close();
    const server = await startReceiver(dataDir, { TRUST_PROXY: 'loopback' });
    const pid = server.child.pid;
    const known = await attempt(server.port, OWNER_ADDRESS, EMAIL, PASSWORD);
    // The unknown accounts' hash is made by the first stranger's check: made before measuring.
    await attempt(server.port, '2001:db8:ffff:1::7', 'nobody@example.net', 'guess');
    const quiet = await owner(server.port, known.device, { times: 5, from: '192.0.2.11' });
    const memory = [rssMiB(pid)];
    const during: number[] = [];
    let peak = memory[0] ?? 0;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 100);
    let running = true;
    const crowd: Answer[] = [];
    const started = performance.now();
    const strangers = Array.from({ length: CROWD }, (_, n) =>
      stranger(server.port, n, () => running, crowd),
    );
    const mine = await owner(server.port, known.device, { each: () => during.push(rssMiB(pid)) });
    running = false;
    await Promise.all(strangers);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    memory.push(peak, rssMiB(pid));
    await new Promise((resolve) => setTimeout(resolve, 5000));
    memory.push(rssMiB(pid));
    await stopReceiver(server);
    return report({ seconds, quiet, mine, crowd, memory, during });
  } finally {
    removeDir(dataDir);
  }
}
