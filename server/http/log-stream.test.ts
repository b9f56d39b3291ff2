import { Writable } from 'node:stream';
import { buildApp } from './app.ts';
import { logStream } from './log-stream.ts';
import { openStore } from '../store/store.ts';
import { tempDataDir } from '../testing/fixtures.ts';

/** A stand-in for standard output that keeps what is written. */
function output(isTTY: boolean) {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream: Object.assign(stream, { isTTY }), text: () => text };
}

async function logOneRequest(isTTY: boolean) {
  const data = tempDataDir();
  const store = await openStore(data.database);
  const out = output(isTTY);
  const app = await buildApp({ store, logLevel: 'info', logStream: logStream(out.stream) });
  await app.inject('/healthz');
  await app.close();
  store.close();
  data.remove();
  return out.text();
}

describe('the log', () => {
  it('is readable lines in a terminal', async () => {
    const text = await logOneRequest(true);
    expect(text).toMatch(/\d\d:\d\d:\d\d.*INFO.*request completed/);
    expect(text).not.toContain('{"level"');
  });

  it('is one JSON object per line otherwise', async () => {
    const lines = (await logOneRequest(false)).trim().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(JSON.parse(line)).toHaveProperty('level');
  });
});
