/**
 * A local push service for the tests (no internet): an HTTPS server on 127.0.0.1 with a certificate
 * made for it (openssl), that receives a push as a browser's push service would, checks its VAPID
 * signature (RFC 8292: an ES256 JWT for the endpoint's origin, signed by the key it names) and
 * decrypts its body (RFC 8291, aes128gcm) with the keys of a subscriber the test made, as a browser
 * would. Give its `origin` as PUSH_ENDPOINT_ORIGINS, and its `agent` to the sender (or its
 * `caFile` as NODE_EXTRA_CA_CERTS to a server process).
 */
import { execFileSync } from 'node:child_process';
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface PushSubscriber {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  path: string;
  /** The decrypted payload, parsed (the sender's PushMessage). */
  message: unknown;
  /** The JWT's claims, once its signature checked out. */
  claims: { aud: string; exp: number; sub: string };
  /** The VAPID public key the request named (k=). */
  publicKey: string;
  ttl: string | undefined;
  urgency: string | undefined;
  /** The Topic header: a push with the same one replaces an undelivered one (RFC 8030, 5.4). */
  topic: string | undefined;
}

export interface LocalPushService {
  origin: string;
  /** An agent that trusts this service's certificate (the sender's `agent`). */
  agent: https.Agent;
  /** The certificate's file, for NODE_EXTRA_CA_CERTS. */
  caFile: string;
  /** A subscription with keys made here; its pushes are decrypted with them. */
  subscriber(name: string): PushSubscriber;
  /** Every push received and decrypted, in order. */
  received: ReceivedPush[];
  /** Requests that could not be checked or decrypted (each answered 400). */
  rejected: string[];
  /** Every request that reached the service, checked or not. */
  requests: number;
  /** Forgets what was received and answers 201 again (between tests). */
  reset(): void;
  /** The status to answer a path with (201 unless told). */
  answer(status: (path: string) => number): void;
  /** Resolves once `count` pushes were received (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/** A self-signed certificate for 127.0.0.1, made with openssl in a temporary folder. */
function certificate(): { key: string; cert: string; dir: string; caFile: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'push-service-'));
  const keyFile = path.join(dir, 'key.pem');
  const caFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'],
      ...['-nodes', '-days', '2', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyFile, '-out', caFile],
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(caFile, 'utf8'), dir, caFile };
}

/** Checks `vapid t=JWT, k=KEY`: an ES256 JWT signed by KEY for `origin`; its claims and key. */
function checkVapid(header: string | undefined, origin: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) throw new Error('no VAPID authorization');
  const [head = '', body = '', signature = ''] = match[1].split('.');
  const point = Buffer.from(match[2], 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(point.subarray(1, 33)),
      y: b64url(point.subarray(33, 65)),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('VAPID signature does not verify');
  const jwtHead = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  if (jwtHead.alg !== 'ES256') throw new Error('VAPID JWT is not ES256');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['claims'];
  if (claims.aud !== origin) throw new Error(`VAPID audience ${claims.aud} is not ${origin}`);
  if (!(claims.exp * 1000 > Date.now() && claims.exp * 1000 <= Date.now() + 24 * 3600_000)) {
    throw new Error('VAPID expiry out of range');
  }
  return { claims, publicKey: match[2] };
}

/** RFC 8291's aes128gcm body decrypted with the subscriber's private key and auth secret. */
function decryptPush(body: Buffer, ecdh: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** A push as a browser opens it: its VAPID header checked, its body decrypted with `keys`. */
function openPush(
  pathname: string,
  headers: IncomingHttpHeaders,
  body: Buffer,
  keys: { ecdh: ECDH; auth: Buffer },
  origin: string,
): ReceivedPush {
  if (headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
  const vapid = checkVapid(headers.authorization, origin);
  const text = decryptPush(body, keys.ecdh, keys.auth).toString('utf8');
  return {
    path: pathname,
    message: JSON.parse(text) as unknown,
    ...vapid,
    ttl: headers.ttl as string | undefined,
    urgency: headers.urgency as string | undefined,
    topic: headers.topic as string | undefined,
  };
}

/** Resolves once `received` holds `count` pushes; `waiters` are woken at each request. */
function waitForPushes(
  received: ReceivedPush[],
  waiters: Set<() => void>,
  rejected: readonly string[],
  count: number,
  timeoutMs = 10_000,
): Promise<ReceivedPush[]> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (received.length < count) return;
      cleanup();
      resolve(received);
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`${received.length} pushes of ${count} (${rejected.join('; ')})`));
    }, timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      waiters.delete(check);
    };
    waiters.add(check);
    check();
  });
}

/** Starts the local push service on a port the system picks. */
export async function startPushService(): Promise<LocalPushService> {
  const tls = certificate();
  const subscribers = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  const waiters = new Set<() => void>();
  let status: (path: string) => number = () => 201;
  let origin = '';
  let requests = 0;

  const receive = (pathname: string, headers: IncomingHttpHeaders, body: Buffer) => {
    const keys = subscribers.get(pathname);
    if (!keys) throw new Error(`no subscriber at ${pathname}`);
    received.push(openPush(pathname, headers, body, keys, origin));
  };

  const server = https.createServer({ key: tls.key, cert: tls.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests += 1;
      const pathname = new URL(request.url ?? '/', origin).pathname;
      const answer = status(pathname);
      try {
        if (answer >= 200 && answer < 300)
          receive(pathname, request.headers, Buffer.concat(chunks));
        response.writeHead(answer).end();
      } catch (error) {
        rejected.push((error as Error).message);
        response.writeHead(400).end();
      }
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new https.Agent({ ca: tls.cert, keepAlive: true });

  return {
    origin,
    agent,
    caFile: tls.caFile,
    received,
    rejected,
    get requests() {
      return requests;
    },
    subscriber(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const pathname = `/push/${encodeURIComponent(name)}`;
      subscribers.set(pathname, { ecdh, auth });
      return {
        endpoint: `${origin}${pathname}`,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
      };
    },
    answer(next) {
      status = next;
    },
    reset() {
      received.length = 0;
      rejected.length = 0;
      requests = 0;
      status = () => 201;
    },
    waitFor: (count, timeoutMs) => waitForPushes(received, waiters, rejected, count, timeoutMs),
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(tls.dir, { recursive: true, force: true });
    },
  };
}
