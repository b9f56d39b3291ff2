// A real SMTP server for tests (server/mail/outbox.test.ts, the browser tests, the reliability
// run), and how to read its mail.
import { createServer, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

export interface SmtpOptions {
  /**
   * A slow relay: each message is held this long before it is accepted. A message whose client
   * went away meanwhile (killed) is not accepted, as a real relay drops it without its final reply.
   */
  holdMs?: number;
  /**
   * A relay whose account was changed: it asks for a sign-in and refuses every one (535), until
   * `acceptSignIn()` (the password put right at the relay).
   */
  refuseSignIn?: boolean;
  /** A mailbox the relay does not have: RCPT TO it is refused (550), as a real relay does. */
  refuseRecipient?: string;
}

/** A real SMTP server on loopback that keeps every message it accepts. */
export async function startSmtp(
  port = 0,
  { holdMs = 0, refuseSignIn = false, refuseRecipient }: SmtpOptions = {},
) {
  const received: Received[] = [];
  const waiting: (() => void)[] = [];
  const closed = new Set<string>();
  let holding = 0;
  let signIns = 0;
  let refusing = refuseSignIn;
  const server = new SMTPServer({
    authOptional: !refuseSignIn,
    allowInsecureAuth: refuseSignIn,
    onAuth(auth, _session, callback) {
      signIns += 1;
      if (refusing) callback(new Error('Invalid username or password'));
      else callback(null, { user: auth.username });
    },
    onRcptTo(address, _session, callback) {
      if (address.address !== refuseRecipient) return callback();
      callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
    },
    disabledCommands: ['STARTTLS'],
    logger: false,
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        holding += 1;
        if (holdMs > 0) await new Promise((resolve) => setTimeout(resolve, holdMs));
        holding -= 1;
        if (closed.has(session.id)) return;
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
    /** How many messages are being held (a slow relay, `holdMs`) right now. */
    holding: () => holding,
    /** How many sign-ins (AUTH commands) were made, refused or not. */
    signIns: () => signIns,
    /** From now on every sign-in is accepted. */
    acceptSignIn: () => {
      refusing = false;
    },
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

/**
 * A relay that takes a message's DATA and then drops the connection without its final reply, as a
 * relay does that a message crashes or hangs: the message may or may not have been delivered.
 * `dropped` counts the messages it took so.
 */
export async function startDroppingSmtp() {
  let dropped = 0;
  const server = createServer((socket) => {
    let inData = false;
    let buffered = '';
    socket.on('error', () => {});
    socket.write('220 relay.test ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      if (inData) {
        if (!buffered.includes('\r\n.\r\n')) return;
        dropped += 1;
        socket.destroy();
        return;
      }
      let end = buffered.indexOf('\r\n');
      while (end >= 0 && !inData) {
        const line = buffered.slice(0, end).toUpperCase();
        buffered = buffered.slice(end + 2);
        if (line.startsWith('DATA')) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
        end = buffered.indexOf('\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    dropped: () => dropped,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A relay that greets, then answers a line every 50 ms and never finishes (each line resets
 * nodemailer's silence time-out: only a session's own limit ends it), for the mail check's and the
 * test e-mail's limits.
 */
export async function startDrippingRelay() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.write('220 relay.test ESMTP\r\n');
    socket.once('data', () => {
      const timer = setInterval(() => socket.write('250-still thinking\r\n'), 50);
      socket.on('close', () => clearInterval(timer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
