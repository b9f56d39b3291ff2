// `npm run bench:server -- push`: from a quote's post to its push arriving at the push service
// (issue 47). `npm start`'s built server on SQLite, one device turned on through the inbox's API
// with keys made here, its endpoint a local HTTPS push service (server/testing/push-service.ts,
// named by PUSH_ENDPOINT_ORIGINS, its certificate trusted through NODE_EXTRA_CA_CERTS) that checks
// each push's VAPID signature and decrypts it. Quotes are posted one at a time, each timed from the
// request's start to the push's arrival (signed, encrypted, sent: the server's whole part).
import { quoteBody } from '../../server/testing/fixtures.ts';
import { startPushService } from '../../server/testing/push-service.ts';
import {
  addOwner,
  postJson,
  removeDir,
  send,
  signIn,
  startReceiver,
  stopReceiver,
  tempDir,
} from '../../server/testing/receiver-harness.ts';
import { msCells, tableLine } from './table.ts';

const QUOTES = Number(process.env.BENCH_PUSH_QUOTES ?? 200);
const WARM_UP = 10;

export async function benchPush(): Promise<void> {
  const service = await startPushService();
  const dataDir = tempDir('bench-push-');
  const env = {
    PUSH_ENDPOINT_ORIGINS: service.origin,
    NODE_EXTRA_CA_CERTS: service.caFile,
    RATE_LIMIT_MAX: '100000',
  };
  const owner = { email: 'owner@staffing.example', password: 'a long bench password' };
  addOwner({ ...env, DATA_DIR: dataDir }, owner);
  const server = await startReceiver(dataDir, env);
  try {
    const cookie = await signIn(server.port, owner);
    const device = await send(server.port, {
      path: '/admin/api/push/devices',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', cookie },
      body: JSON.stringify({ ...service.subscriber('bench'), label: 'Bench phone' }),
    });
    if (device.status !== 201) throw new Error(`the device was refused: ${device.status}`);
    const ms: number[] = [];
    for (let n = 0; n < WARM_UP + QUOTES; n += 1) {
      const started = performance.now();
      const answer = await postJson(server.port, 'quote', quoteBody(n));
      if (answer.status !== 200) throw new Error(`a quote was refused: ${answer.status}`);
      await service.waitFor(n + 1);
      if (n >= WARM_UP) ms.push(performance.now() - started);
    }
    if (service.rejected.length > 0) throw new Error(`pushes refused: ${service.rejected[0]}`);
    console.log("\nA quote's post to its push at the push service, one at a time, SQLite\n");
    console.log('quotes   p50 ms   p99 ms   max ms');
    console.log(tableLine(undefined, [ms.length, 6], ...msCells(ms, 8)));
  } finally {
    await stopReceiver(server);
    await service.close();
    removeDir(dataDir);
  }
}
