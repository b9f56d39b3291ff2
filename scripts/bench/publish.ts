// The owner's publish, timed from the click to the moment the site serves it: on the instance
// that published and, with Postgres, on a second one that learns of it from the database.
import {
  addOwner,
  removeDir,
  send,
  signIn,
  startReceiver,
  stopReceiver,
  tempDir,
  type ReceiverProcess,
} from '../../server/testing/receiver-harness.ts';
import { msCells, tableLine } from './table.ts';

const owner = { email: 'bench.owner@example.com', password: 'a long bench password' };
const PUBLISHES = 5;

async function call(port: number, cookie: string, method: string, path: string, body: unknown) {
  const answer = await send(port, {
    method,
    path,
    headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify(body),
  });
  if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${answer.body}`);
  return JSON.parse(answer.body) as { revision: number };
}

/** Milliseconds until `port` serves `/es/` with `words` in it. */
async function untilLive(port: number, words: string, started: number): Promise<number> {
  for (;;) {
    const page = await send(port, { method: 'GET', path: '/es/' });
    if (page.body.includes(words)) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function line(label: string, ms: readonly number[]) {
  const runs = ms.map((one) => one.toFixed(0)).join(', ');
  console.log(`${tableLine([label, 26], ...msCells(ms, 7, { at: [50], digits: 0 }))}   ${runs}`);
}

/**
 * Restarts the first instance three times: milliseconds from its start until /readyz says ready
 * and its first page has the published `words` (it makes the live version before it listens).
 */
async function startToReady(
  servers: ReceiverProcess[],
  dataDir: string,
  env: Record<string, string>,
  words: string,
): Promise<number[]> {
  const ms: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    const [old] = servers;
    if (old) await stopReceiver(old);
    const started = performance.now();
    const server = await startReceiver(dataDir, env);
    servers[0] = server;
    while ((await send(server.port, { method: 'GET', path: '/readyz' })).status !== 200) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    ms.push(await untilLive(server.port, `ES ${words}`, started));
  }
  return ms;
}

/** Five publishes of a changed hero text; with `second`, also when the other instance has it. */
export async function benchPublish(title: string, env: Record<string, string>, second = false) {
  const dataDir = tempDir('bench-publish-');
  const servers = await Promise.all(
    Array.from({ length: second ? 2 : 1 }, () => startReceiver(dataDir, env)),
  );
  try {
    addOwner({ ...env, DATA_DIR: dataDir }, owner);
    const [one, two] = servers.map((server) => server.port);
    if (one === undefined) return;
    const cookie = await signIn(one, owner);
    const here: number[] = [];
    const there: number[] = [];
    let revision = 0;
    for (let run = 1; run <= PUBLISHES; run += 1) {
      const words = `Bench ${run}`;
      const fields = { 'home.hero/eyebrow': { en: words, es: `ES ${words}` } };
      revision = (await call(one, cookie, 'PUT', '/admin/api/site/draft', { revision, fields }))
        .revision;
      const started = performance.now();
      await call(one, cookie, 'POST', '/admin/api/site/publish', { revision });
      here.push(await untilLive(one, `ES ${words}`, started));
      if (two !== undefined) there.push(await untilLive(two, `ES ${words}`, started));
    }
    console.log(`\npublish to live, ${title}: ${PUBLISHES} publishes of a changed hero text\n`);
    console.log(`${tableLine(['where', 26], ['p50 ms', 7], ['max ms', 7])}   runs ms`);
    line('the publishing instance', here);
    if (there.length > 0) line('the other instance', there);
    const last = `Bench ${PUBLISHES}`;
    const ready = await startToReady(servers, dataDir, env, last);
    line('start to ready (restart)', ready);
  } finally {
    await Promise.all(servers.map((server) => stopReceiver(server)));
    removeDir(dataDir);
  }
}
