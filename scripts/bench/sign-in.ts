// `npm run bench:server -- sign-in`: 50 guessers at once, each from its own address, each sending
// wrong passwords for the owner's account to the built server (over HTTP, behind a trusted proxy
// that names each guesser's address). The figure: how many attempts were checked (401) against
// how many were refused unchecked (429); the limit is 5 per account per 15 minutes. Then the
// owner, from the browser where they signed in before (its device cookie), and a new browser.
import { databaseConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { users } from '../../server/admin/users.ts';
import { DEVICE_COOKIE } from '../../server/admin/device-cookie.ts';
import { MAX_FAILURES } from '../../server/admin/sign-in-limit.ts';
import {
  removeDir,
  startReceiver,
  stopReceiver,
  tempDir,
} from '../../server/testing/receiver-harness.ts';

const GUESSERS = 50;
const ATTEMPTS_EACH = 4;
const EMAIL = 'owner@example.com';
const PASSWORD = 'the owner knows this one';

async function attempt(port: number, from: string, password: string, device?: string) {
  const response = await fetch(`http://127.0.0.1:${port}/admin/api/sign-in`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'sec-fetch-site': 'same-origin',
      'x-forwarded-for': from,
      ...(device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {}),
    },
    body: JSON.stringify({ email: EMAIL, password }),
  });
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .find((each) => each.startsWith(`${DEVICE_COOKIE}=`));
  return { status: response.status, device: cookie?.split(';')[0]?.split('=')[1] };
}

/** One guesser: its wrong passwords one after another, from its own address. */
async function guesser(port: number, n: number): Promise<number[]> {
  const from = `198.51.${100 + Math.floor(n / 250)}.${(n % 250) + 1}`;
  const statuses: number[] = [];
  for (let k = 0; k < ATTEMPTS_EACH; k += 1) {
    statuses.push((await attempt(port, from, `guess ${n}-${k}`)).status);
  }
  return statuses;
}

/** The storm against a receiver started with `env`, whose database is `env`'s or `dataDir`'s. */
export async function benchSignIn(title: string, env: Record<string, string> = {}) {
  const dataDir = tempDir('bench-sign-in-');
  try {
    const database = await openDatabase(databaseConfig({ DATA_DIR: dataDir, ...env }));
    await users(database).add(EMAIL, PASSWORD);
    await database.close();
    const server = await startReceiver(dataDir, { TRUST_PROXY: 'loopback', ...env });
    const known = await attempt(server.port, '192.0.2.10', PASSWORD);
    const started = performance.now();
    const all = (
      await Promise.all(Array.from({ length: GUESSERS }, (_, n) => guesser(server.port, n)))
    ).flat();
    const seconds = (performance.now() - started) / 1000;
    const count = (status: number) => all.filter((each) => each === status).length;
    const owner = await attempt(server.port, '192.0.2.10', PASSWORD, known.device);
    const fresh = await attempt(server.port, '192.0.2.11', PASSWORD);
    await stopReceiver(server);
    console.log(
      `\n${GUESSERS} parallel guessers × ${ATTEMPTS_EACH} wrong passwords for one account, ${title} (${seconds.toFixed(1)} s)`,
    );
    console.log(
      `checked (401): ${count(401)}   refused unchecked (429): ${count(429)}   other: ${all.length - count(401) - count(429)}   limit: ${MAX_FAILURES}`,
    );
    console.log(
      `then the owner, known browser: ${owner.status}; the owner, new browser: ${fresh.status}`,
    );
    return count(401) <= MAX_FAILURES && owner.status === 200 && fresh.status === 429;
  } finally {
    removeDir(dataDir);
  }
}
