// A real SMTP server for tests (server/mail/outbox.test.ts, the browser tests, the reliability
// run), and how to read its mail.
import { SMTPServer } from 'smtp-server';

export interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps every message it accepts. */
export async function startSmtp(port = 0) {
  const received: Received[] = [];
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        waiting.splice(0).forEach((resolve) => resolve());
        callback();
      });
    },
  });
  // A client that goes away mid-conversation (a receiver killed with SIGKILL by the reliability
  // run) resets its connection: that client's loss, not this server's, which must keep serving.
  const errors: Error[] = [];
  server.on('error', (error) => errors.push(error));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    received,
    /** Connection errors the server shrugged off. */
    errors,
    next: () => new Promise<void>((resolve) => waiting.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpServer = Awaited<ReturnType<typeof startSmtp>>;

/** Undoes quoted-printable so that the test reads the text as the recipient does. */
export function bodyText(raw: string): string {
  const body = raw.slice(raw.search(/\r?\n\r?\n/)).trimStart();
  const joined = body.replace(/=\r?\n/g, '');
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  return Buffer.from(bytes, 'latin1').toString('utf8').replace(/\r\n/g, '\n');
}
