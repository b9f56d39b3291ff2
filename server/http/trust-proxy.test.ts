import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig } from '../config.ts';
import { openStore, type Store } from '../store/store.ts';
import { quoteBody, tempDataDir } from '../testing/fixtures.ts';

let data: ReturnType<typeof tempDataDir>;
let store: Store;
let app: FastifyInstance | undefined;

beforeEach(async () => {
  data = tempDataDir();
  store = await openStore(data.database);
});

afterEach(async () => {
  await app?.close();
  app = undefined;
  store.close();
  data.remove();
});

/** The app as `npm start` builds it from these TRUST_PROXY settings, one post per address. */
async function startWith(env: Record<string, string>) {
  const started = await buildApp({
    store,
    rateLimitMax: 1,
    trustProxy: loadConfig(env).trustProxy,
  });
  app = started;
  return started;
}

let n = 0;
/** Posts a new quote over a connection from `peer`, with the X-Forwarded-For it claims. */
function postFrom(peer: string, forwardedFor: string) {
  n += 1;
  if (!app) throw new Error('start the app first');
  return app.inject({
    method: 'POST',
    url: '/api/forms/quote',
    remoteAddress: peer,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    payload: quoteBody(n),
  });
}

/** The address the receiver took for the newest row (through its keyed hash). */
async function storedAddressIs(address: string) {
  const rows = await store.list();
  return rows.at(-1)?.clientHash === store.database.clientHash(address);
}

const DIRECT = '203.0.113.7';
const documented: { name: string; env: Record<string, string> }[] = [
  { name: 'the default (loopback)', env: {} },
  { name: 'TRUST_PROXY=loopback', env: { TRUST_PROXY: 'loopback' } },
  { name: 'TRUST_PROXY=false', env: { TRUST_PROXY: 'false' } },
  { name: 'a CIDR', env: { TRUST_PROXY: '10.0.0.0/8' } },
  { name: 'an address', env: { TRUST_PROXY: '10.0.0.5' } },
  { name: 'a hop count', env: { TRUST_PROXY: 'loopback', TRUST_PROXY_HOPS: '1' } },
  { name: 'two hops', env: { TRUST_PROXY: '10.0.0.0/8', TRUST_PROXY_HOPS: '2' } },
];

describe('a client talking to the server directly cannot choose its address', () => {
  for (const { name, env } of documented) {
    it(`with ${name}`, async () => {
      await startWith(env);
      const first = await postFrom(DIRECT, '198.51.100.1');
      expect(first.statusCode).toBe(200);
      expect(await storedAddressIs(DIRECT)).toBe(true);
      // A new forged address each time: still the same client, so the limit holds.
      const second = await postFrom(DIRECT, '198.51.100.2, 10.0.0.5, 127.0.0.1');
      expect(second.statusCode).toBe(429);
    });
  }
});

describe('a trusted proxy names the client', () => {
  it('a proxy on this machine (the default): the address it saw, not what the client claimed', async () => {
    await startWith({});
    expect((await postFrom('127.0.0.1', '6.6.6.6, 198.51.100.1')).statusCode).toBe(200);
    expect(await storedAddressIs('198.51.100.1')).toBe(true);
    expect((await postFrom('127.0.0.1', '198.51.100.2')).statusCode).toBe(200);
    // The same visitor again through the proxy is limited.
    expect((await postFrom('127.0.0.1', '198.51.100.2')).statusCode).toBe(429);
  });

  it('a load balancer by CIDR', async () => {
    await startWith({ TRUST_PROXY: '10.0.0.0/8' });
    expect((await postFrom('10.1.2.3', '198.51.100.1')).statusCode).toBe(200);
    expect(await storedAddressIs('198.51.100.1')).toBe(true);
  });

  it('hops: a CDN in front of the listed proxy, and no further', async () => {
    await startWith({ TRUST_PROXY: 'loopback', TRUST_PROXY_HOPS: '2' });
    // visitor → CDN (192.0.2.10) → proxy on this machine → server
    expect((await postFrom('127.0.0.1', '6.6.6.6, 198.51.100.1, 192.0.2.10')).statusCode).toBe(200);
    expect(await storedAddressIs('198.51.100.1')).toBe(true);
  });

  it('nobody with TRUST_PROXY=false, not even this machine', async () => {
    await startWith({ TRUST_PROXY: 'false' });
    expect((await postFrom('127.0.0.1', '198.51.100.1')).statusCode).toBe(200);
    expect(await storedAddressIs('127.0.0.1')).toBe(true);
  });
});

describe('a proxy that writes the port with the address', () => {
  it('counts one client whatever its source port', async () => {
    await startWith({});
    expect((await postFrom('127.0.0.1', '1.2.3.4:1111')).statusCode).toBe(200);
    expect(await storedAddressIs('1.2.3.4')).toBe(true);
    expect((await postFrom('127.0.0.1', '1.2.3.4:2222')).statusCode).toBe(429);
  });

  it('reads a bracketed IPv6 address with its port, and an IPv4 one written as IPv6', async () => {
    await startWith({});
    expect((await postFrom('127.0.0.1', '[2001:db8::1]:443')).statusCode).toBe(200);
    expect(await storedAddressIs('2001:db8::1')).toBe(true);
    // Another address of the same /64, from another port: the same client.
    expect((await postFrom('127.0.0.1', '[2001:DB8::2]:444')).statusCode).toBe(429);
    expect((await postFrom('::1', '::ffff:c000:201')).statusCode).toBe(200);
    expect(await storedAddressIs('192.0.2.1')).toBe(true);
    expect((await postFrom('::ffff:127.0.0.1', '192.0.2.1:80')).statusCode).toBe(429);
  });

  it('believes a listed proxy named with its port further along the chain', async () => {
    await startWith({ TRUST_PROXY: '10.0.0.0/8' });
    // visitor → load balancer (10.0.0.5) → proxy (10.1.2.3) → server
    expect((await postFrom('10.1.2.3', '198.51.100.1:1111, 10.0.0.5:443')).statusCode).toBe(200);
    expect(await storedAddressIs('198.51.100.1')).toBe(true);
    expect((await postFrom('10.1.2.3', '198.51.100.1:2222, 10.0.0.5:443')).statusCode).toBe(429);
  });

  it('counts what is not an address as one client, whatever it says', async () => {
    await startWith({});
    expect((await postFrom('127.0.0.1', 'unknown:1111')).statusCode).toBe(200);
    expect((await postFrom('127.0.0.1', 'unknown:2222')).statusCode).toBe(429);
    expect((await postFrom('127.0.0.1', 'garbage')).statusCode).toBe(429);
  });
});

// A real connection from this machine's network address (not loopback), as a visitor on the
// internet reaches a server listening on 0.0.0.0 (the default HOST).
const lanAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

describe.runIf(lanAddress)('over a real socket', () => {
  it('ignores X-Forwarded-For from a direct client with the default setting', async () => {
    const server = await startWith({});
    await server.listen({ host: '0.0.0.0', port: 0 });
    const { port } = server.server.address() as { port: number };
    const send = (forged: string) => {
      n += 1;
      return fetch(`http://${lanAddress}:${port}/api/forms/quote`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forged },
        body: JSON.stringify(quoteBody(n)),
      });
    };
    expect((await send('198.51.100.1')).status).toBe(200);
    expect(await storedAddressIs(String(lanAddress))).toBe(true);
    expect((await send('198.51.100.2')).status).toBe(429);
  });
});

describe('settings that would trust a stranger are refused at start', () => {
  it.each([
    ['true', /TRUST_PROXY: true would let any visitor choose their own address/],
    ['1', /TRUST_PROXY: "1" is a hop count.*TRUST_PROXY_HOPS/],
    ['10.0.0.300', /TRUST_PROXY: invalid IP address/],
  ])('TRUST_PROXY=%s', (value, message) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(message);
  });

  it('TRUST_PROXY_HOPS without a proxy, or out of range', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'false', TRUST_PROXY_HOPS: '1' })).toThrow(
      /TRUST_PROXY_HOPS: is set, but TRUST_PROXY trusts no proxy/,
    );
    expect(() => loadConfig({ TRUST_PROXY_HOPS: '0' })).toThrow(/TRUST_PROXY_HOPS/);
  });
});
