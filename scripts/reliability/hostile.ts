// The reliability run's hostile input: every request of the corpus (scripts/reliability/
// hostile-corpus.ts) and a few raw ones no HTTP client would send; every answer a 4xx, and the
// server still answers and has stored nothing afterwards.
import { connect } from 'node:net';
import { quoteBody } from '../../server/testing/fixtures.ts';
import {
  postJson,
  removeDir,
  send,
  startReceiver,
  stopReceiver,
  storedIds,
  tempDir,
} from '../../server/testing/receiver-harness.ts';
import { check, parseOk, statuses } from './checks.ts';
import { hostileCorpus } from './hostile-corpus.ts';

/** Requests no HTTP client would send, written to a socket; answered by Node's parser. */
const rawHttp: { name: string; data: string }[] = [
  { name: 'garbage request line', data: 'HELLO WORLD\r\n\r\n' },
  {
    name: 'header without a colon',
    data: 'POST /api/forms/quote HTTP/1.1\r\nHost: x\r\nBroken\r\n\r\n',
  },
  {
    name: 'headers over 16 kB',
    data: `POST /api/forms/quote HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
  },
  {
    name: 'both Content-Length and chunked',
    data: 'POST /api/forms/quote HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}',
  },
  {
    name: 'Content-Length over the limit',
    data: 'POST /api/forms/quote HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 40000\r\n\r\n{}',
  },
  {
    name: 'bad chunk size',
    data: 'POST /api/forms/quote HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
  },
];

function rawStatus(port: number, data: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(data));
    let received = '';
    const status = () => Number(/^HTTP\/1\.[01] (\d{3})/.exec(received)?.[1] ?? 0);
    socket.setTimeout(5000, () => socket.destroy());
    socket.on('data', (chunk) => {
      received += chunk.toString();
      if (status()) socket.destroy();
    });
    socket.on('close', () => resolve(status()));
    socket.on('error', () => undefined);
  });
}

export async function hostileInput() {
  const dataDir = tempDir('reliability-hostile-');
  try {
    const server = await startReceiver(dataDir);
    const corpus = hostileCorpus();
    const answers: { name: string; status: number; ok: unknown; api: boolean }[] = [];
    for (let start = 0; start < corpus.length; start += 20) {
      const batch = corpus.slice(start, start + 20);
      const results = await Promise.all(
        batch.map(async ({ name, request, api }) => {
          try {
            const answer = await send(server.port, request);
            return { name, status: answer.status, ok: parseOk(answer.body), api };
          } catch {
            return { name, status: 0, ok: undefined, api };
          }
        }),
      );
      answers.push(...results);
    }
    for (const { name, data } of rawHttp) {
      answers.push({ name, status: await rawStatus(server.port, data), ok: false, api: false });
    }

    const not4xx = answers.filter(({ status }) => status < 400 || status > 499);
    check(
      `${answers.length} hostile requests: every one answered 4xx, never 5xx`,
      answers.length >= 200 && not4xx.length === 0,
      `answers ${statuses(answers)}` +
        (not4xx.length
          ? `; not 4xx: ${not4xx
              .slice(0, 10)
              .map(({ name, status }) => `${name} → ${status || 'no answer'}`)
              .join('; ')}`
          : ''),
    );
    const notJson = answers.filter(({ api, ok }) => api && ok !== false);
    check(
      'every refusal from the receiver is JSON {"ok": false, …}',
      notJson.length === 0,
      notJson.length
        ? `not JSON: ${notJson
            .slice(0, 10)
            .map(({ name }) => name)
            .join('; ')}`
        : `${answers.filter(({ api }) => api).length} JSON refusals`,
    );

    const alive = server.child.exitCode === null;
    const health = await send(server.port, { method: 'GET', path: '/healthz' });
    const fresh = await postJson(
      server.port,
      'quote',
      quoteBody(2, { clientName: 'After the storm' }),
    );
    const exitCode = await stopReceiver(server);
    const stored = storedIds(dataDir);
    check(
      'the server still answers afterwards, and no hostile request was stored',
      alive &&
        health.status === 200 &&
        fresh.status === 200 &&
        stored.length === 1 &&
        exitCode === 0,
      `process alive ${alive}; healthz ${health.status}; valid post ${fresh.status}; ` +
        `${stored.length} row(s) stored; exit code ${exitCode}`,
    );
  } finally {
    removeDir(dataDir);
  }
}
