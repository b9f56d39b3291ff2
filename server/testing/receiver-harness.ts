// Runs the built receiver as a child process on loopback and drives it: shared by
// scripts/reliability/run.ts (`npm run test:reliability`) and scripts/bench/server.ts (`npm run bench:server`).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { InboxPage, SubmissionDetail } from '../../src/admin/contract.ts';
import { bundleServerIfStale } from '../../scripts/run/server-bundle.mjs';
import { multipartBody } from './fixtures.ts';

const buildDir = process.env.BUILD_DIR ?? 'build';
export const serverEntry = path.join(buildDir, 'server', 'main.js');
export const cliEntry = path.join(buildDir, 'server', 'cli.js');
const listeningSignal = new URL('./listening-signal.mjs', import.meta.url).href;

/** Bundles the server when the bundle is missing or older than its sources. */
export function ensureServerBuild() {
  if (bundleServerIfStale([serverEntry, cliEntry]) !== 0) {
    throw new Error('building the server failed');
  }
}

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function removeDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body as it came (a downloaded file). */
  bytes: Buffer;
  ms: number;
}

export interface Request {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One HTTP request to the receiver; rejects on a network error or after `timeoutMs`. */
export function send(port: number, request: Request, timeoutMs = 15_000): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: request.method ?? 'POST',
        path: request.path,
        // An explicit length: Node sends a GET's or DELETE's body unframed otherwise.
        headers:
          request.body === undefined
            ? request.headers
            : { 'content-length': String(Buffer.byteLength(request.body)), ...request.headers },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: bytes.toString('utf8'),
            bytes,
            ms: performance.now() - started,
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(request.body);
  });
}

export function postJson(port: number, form: string, body: unknown): Promise<Answer> {
  return send(port, {
    path: `/api/forms/${form}`,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
}

/** An application with its résumé, as the browser's multipart post. */
export function postWithFile(port: number, form: string, body: object, file: Uint8Array) {
  const { payload, contentType } = multipartBody(body as Record<string, unknown>, [
    { name: 'resume.pdf', content: file, type: 'application/pdf' },
  ]);
  return send(port, {
    path: `/api/forms/${form}`,
    headers: { 'content-type': contentType, accept: 'application/json' },
    body: payload,
  });
}

export interface ReceiverProcess {
  port: number;
  child: ChildProcess;
  /** The last lines the server wrote, for a failure report. */
  output(): string;
  exited: Promise<number | null>;
}

/** Starts `node build/server/main.js` on a free port with its database in `dataDir`. */
export async function startReceiver(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ReceiverProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', listeningSignal, serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dataDir, 'no-site'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000',
      // Load and tests send many acknowledgements to one test domain.
      ACK_DOMAIN_MAX_PER_HOUR: '100000',
      SMTP_URL: '',
      NOTIFY_TO: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const receiver = { port, child, output: () => output, exited };

  // The preloaded listening-signal.mjs reports the moment the server listens on `port`.
  const listening = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within 20 s:\n${output}`));
    }, 20_000);
    child.on('message', (message) => {
      if (typeof message !== 'object' || message === null) return;
      if (!('listening' in message) || message.listening !== port) return;
      clearTimeout(timer);
      resolve();
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the server exited on start:\n${output}`));
    });
  });
  await listening;
  const health = await send(port, { method: 'GET', path: '/healthz' }, 5000);
  if (health.status !== 200) {
    child.kill('SIGKILL');
    throw new Error(`the server is not healthy (${health.status}):\n${output}`);
  }
  return receiver;
}

/** SIGTERM, then the exit code (null when it had to be killed after `timeoutMs`). */
export async function stopReceiver(receiver: ReceiverProcess, timeoutMs = 15_000) {
  if (receiver.child.exitCode !== null) return receiver.child.exitCode;
  receiver.child.kill('SIGTERM');
  const timer = setTimeout(() => receiver.child.kill('SIGKILL'), timeoutMs);
  const code = await receiver.exited;
  clearTimeout(timer);
  return code;
}

export interface Owner {
  email: string;
  password: string;
}

/** Adds an inbox account with `npm run admin -- add-user`, the password on its standard input. */
export function addOwner(env: Record<string, string>, owner: Owner) {
  const result = spawnSync(process.execPath, ['scripts/run/admin.mjs', 'add-user', owner.email], {
    env: { ...process.env, ...env },
    input: `${owner.password}\n`,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`add-user failed: ${result.stderr}`);
}

/** Signs in to the inbox on `port`: the session cookie's `name=value`. */
export async function signIn(port: number, owner: Owner): Promise<string> {
  const answer = await send(port, {
    path: '/admin/api/sign-in',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify(owner),
  });
  const cookie = [answer.headers['set-cookie'] ?? []].flat()[0]?.split(';')[0];
  if (answer.status !== 200 || !cookie) throw new Error(`sign-in answered ${answer.status}`);
  return cookie;
}

export interface InboxRecord {
  id: string;
  fields: Record<string, unknown>;
  /** Each file's bytes, downloaded as the owner downloads it. */
  files: Buffer[];
}

async function inboxGet(port: number, cookie: string, path: string): Promise<Answer> {
  const answer = await send(port, {
    method: 'GET',
    path: `/admin/api${path}`,
    headers: { cookie },
  });
  if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
  return answer;
}

/** Every submission as the signed-in owner finds it in the inbox on `port`, files included. */
export async function inboxRecords(port: number, cookie: string): Promise<InboxRecord[]> {
  const records: InboxRecord[] = [];
  let after: string | null = '';
  while (after !== null) {
    const query = after ? `?after=${encodeURIComponent(after)}` : '';
    const page = JSON.parse(
      (await inboxGet(port, cookie, `/submissions${query}`)).body,
    ) as InboxPage;
    for (const item of page.items) {
      const files: Buffer[] = [];
      if (item.attachments > 0) {
        const answer = await inboxGet(port, cookie, `/submissions/${item.id}`);
        for (const file of (JSON.parse(answer.body) as SubmissionDetail).attachments) {
          const path = `/submissions/${item.id}/attachments/${file.id}`;
          files.push((await inboxGet(port, cookie, path)).bytes);
        }
      }
      records.push({ id: item.id, fields: item.fields, files });
    }
    after = page.next;
  }
  return records;
}

export interface StoredRecord {
  id: string;
  attachments: { size: number; sha256: string }[];
}

/** Every stored submission, read through the owner's CLI (`submissions export --format json`). */
export function storedRecords(dataDir: string): StoredRecord[] {
  const result = spawnSync(process.execPath, [cliEntry, 'export', '--format', 'json'], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`the CLI failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as StoredRecord[];
}

export function storedIds(dataDir: string): string[] {
  return storedRecords(dataDir).map((record) => record.id);
}

export interface LoadResult {
  answers: Answer[];
  errors: number;
  /** Ids of 200 answers. */
  acknowledged: string[];
  seconds: number;
}

/**
 * Sends `total` posts, `concurrency` at a time, while `keepSending` says so (requests already in
 * flight still finish or fail).
 */
export async function load(
  port: number,
  total: number,
  concurrency: number,
  body: (n: number) => { form: string; body: unknown; file?: Uint8Array },
  keepSending?: (answer: Answer, acknowledged: number) => boolean,
): Promise<LoadResult> {
  const result: LoadResult = { answers: [], errors: 0, acknowledged: [], seconds: 0 };
  let next = 0;
  let stopped = false;
  const started = performance.now();
  async function worker() {
    while (!stopped && next < total) {
      const n = next++;
      const { form, body: payload, file } = body(n);
      try {
        const answer = file
          ? await postWithFile(port, form, payload as object, file)
          : await postJson(port, form, payload);
        result.answers.push(answer);
        if (answer.status === 200) {
          const id = (JSON.parse(answer.body) as { id?: string }).id;
          if (id) result.acknowledged.push(id);
        }
        if (keepSending && !keepSending(answer, result.acknowledged.length)) stopped = true;
      } catch {
        result.errors += 1;
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export function latencySummary(answers: readonly Answer[]): string {
  const ms = answers.map((answer) => answer.ms);
  return `p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms`;
}

export function closeConnections() {
  agent.destroy();
}
