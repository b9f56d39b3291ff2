// A TCP proxy on loopback that can stop forwarding without closing anything: what a database looks
// like from the client when its server is paused, or a connection went half-open (packets dropped).
import { connect, createServer, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Stops forwarding both ways; connections stay open, and new ones are accepted but not served. */
  pause(): void;
  /** Forwards again, what was held back included. */
  resume(): void;
  close(): Promise<void>;
}

/** A proxy to `host:port` on a free loopback port. */
export async function startTcpProxy(port: number, host = '127.0.0.1'): Promise<TcpProxy> {
  let paused = false;
  const pairs: [Socket, Socket][] = [];
  const forward = ([client, upstream]: [Socket, Socket]) => {
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const hold = ([client, upstream]: [Socket, Socket]) => {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  };
  const server = createServer((client) => {
    const upstream = connect(port, host);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.push(pair);
    for (const socket of pair) {
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
      socket.on('close', () => (socket === client ? upstream : client).destroy());
    }
    if (paused) hold(pair);
    else forward(pair);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    pause() {
      paused = true;
      pairs.forEach(hold);
    },
    resume() {
      paused = false;
      pairs.forEach(forward);
    },
    close() {
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
