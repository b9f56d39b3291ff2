// A real DNS server for tests (the mail check's SPF, DMARC and DKIM lookups, the DKIM verifier):
// dns2's server on loopback, UDP and TCP on one port (a long DKIM record may come back over TCP),
// answering TXT questions from a zone the test changes as it goes.
import { createSocket } from 'node:dgram';
import dns2 from 'dns2';

const { Packet } = dns2;

/** The answers' codes (RFC 1035 §4.1.1; dns2's types do not name them). */
const SERVFAIL = 2;
const NXDOMAIN = 3;

/** A TXT value as DNS carries it: character-strings of at most 255 octets each. */
function characterStrings(value: string): string[] {
  return value.match(/[\s\S]{1,255}/g) ?? [''];
}

/** A UDP port free on loopback now (the TCP server takes the same number). */
async function freePort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

type DnsServer = ReturnType<typeof dns2.createServer>;

/**
 * `make()`'s server listening on UDP and TCP at one loopback port. The port is free for UDP when
 * picked, but another test's server may take it (for either) before the listen: then the
 * server is dropped and another port tried (a race seen in a full run: EADDRINUSE).
 */
async function listenOnOnePort(
  make: () => DnsServer,
): Promise<{ server: DnsServer; port: number }> {
  for (let attempt = 1; ; attempt += 1) {
    const server = make();
    const port = await freePort();
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server
          .listen({ udp: { port, address: '127.0.0.1' }, tcp: { port, address: '127.0.0.1' } })
          .then(() => {
            server.off('error', reject);
            resolve();
          }, reject);
      });
      return { server, port };
    } catch (error) {
      // dns2's types do not name its UDP and TCP servers (`servers`, in server/dns.js).
      const { servers } = server as unknown as { servers: Record<string, { close(): void }> };
      for (const half of Object.values(servers)) {
        try {
          half.close();
        } catch {
          // the half that never listened
        }
      }
      if (attempt >= 10) throw error;
    }
  }
}

export interface TestDns {
  /** `127.0.0.1:PORT`, as MAIL_DNS_SERVERS and `Resolver#setServers` take it. */
  server: string;
  port: number;
  /** Sets the TXT values of `name` (lower case, no final dot); none removes the name. */
  setTxt(name: string, ...values: string[]): void;
  /** Answers SERVFAIL for `name` (a DNS host in trouble) until `setTxt` sets it again. */
  failName(name: string): void;
  /** The questions asked so far, as `TYPE name`. */
  asked: string[];
  close(): Promise<void>;
}

/**
 * Starts the server with `zone` (name → TXT values). A name not in it is NXDOMAIN; a question of
 * another type for a name in it has no answer (NOERROR, as a real server answers).
 */
export async function startDns(zone: Record<string, string[]> = {}): Promise<TestDns> {
  const records = new Map(
    Object.entries(zone).map(([name, values]) => [name.toLowerCase(), values]),
  );
  const failing = new Set<string>();
  const asked: string[] = [];
  const make = () =>
    dns2.createServer({
      udp: true,
      tcp: true,
      handle(request, send) {
        const response = Packet.createResponseFromRequest(request);
        const [question] = request.questions;
        const name = (question?.name ?? '').toLowerCase().replace(/\.$/, '');
        const type = question?.type === Packet.TYPE.TXT ? 'TXT' : String(question?.type);
        asked.push(`${type} ${name}`);
        const values = records.get(name);
        if (failing.has(name)) response.header.rcode = SERVFAIL;
        else if (!values) response.header.rcode = NXDOMAIN;
        else if (question?.type === Packet.TYPE.TXT) {
          for (const value of values) {
            response.answers.push(
              Packet.createResourceFromQuestion(question, {
                ttl: 1,
                data: characterStrings(value),
              }),
            );
          }
        }
        send(response);
      },
    });
  const { server, port } = await listenOnOnePort(make);
  return {
    server: `127.0.0.1:${port}`,
    port,
    asked,
    setTxt(name, ...values) {
      const key = name.toLowerCase();
      failing.delete(key);
      if (values.length === 0) records.delete(key);
      else records.set(key, values);
    },
    failName(name) {
      failing.add(name.toLowerCase());
    },
    close: () => server.close(),
  };
}
