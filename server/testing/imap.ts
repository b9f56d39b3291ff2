// A real IMAP server for tests: a private Dovecot (Debian's dovecot-imapd) per test file, with its
// own configuration, mail and logs in a temporary folder, on loopback and a free port. Messages
// are delivered with IMAP APPEND, as a mail server's delivery would leave them (unseen).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';

export const DOVECOT = process.env.DOVECOT_PATH ?? '/usr/sbin/dovecot';

/** Why the IMAP tests cannot run here ('' when they can): for `it.skipIf` and the test's name. */
export const imapMissing = existsSync(DOVECOT)
  ? ''
  : `no Dovecot at ${DOVECOT} (apt-get install dovecot-imapd; .ci/run does)`;

export const IMAP_USER = 'replies';
export const IMAP_PASSWORD = 'test-imap-password';

/** A free port on loopback, chosen by the system. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

/** The user Dovecot's processes and the mail run as: `dovecot` when we are root, else ourselves. */
function runAs(): { name: string; uid: number; gid: number } {
  const me = userInfo();
  if (me.uid !== 0) return { name: me.username, uid: me.uid, gid: me.gid };
  const ids = (flag: string) => Number(spawnSync('id', [flag, 'dovecot']).stdout.toString().trim());
  return { name: 'dovecot', uid: ids('-u'), gid: ids('-g') };
}

function configuration(dir: string, port: number, user: { name: string; uid: number }) {
  const root = userInfo().uid === 0;
  return `
instance_name = dovecot-test-${port}
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
info_log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${user.name}
default_login_user = ${root ? 'dovenull' : user.name}
first_valid_uid = ${user.uid}
last_valid_uid = ${user.uid}
mail_location = maildir:${dir}/mail/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = passwd-file
  args = username_format=%u ${dir}/passwd
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
  ${root ? '' : 'chroot ='}
}
service anvil {
  chroot =
}
service stats {
  unix_listener stats-reader {
    mode = 0666
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
`;
}

/** Whether something answers on the port (Dovecot is up). */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Dovecot: ${what} took over ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface TestImap {
  port: number;
  /** imap://replies:…@127.0.0.1:PORT/INBOX, as IMAP_URL. */
  url: string;
  /** Delivers a raw message to the mailbox, unseen; its UID. */
  append(raw: string): Promise<number>;
  /** The flags of every message in the mailbox, by UID. */
  flags(): Promise<Map<number, Set<string>>>;
  /** Stops Dovecot (its connections dropped), and `start` starts it again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
}

/** A short IMAP session of the test itself (to deliver or to look). */
async function session<T>(port: number, use: (imap: ImapFlow) => Promise<T>): Promise<T> {
  const imap = new ImapFlow({
    host: '127.0.0.1',
    port,
    secure: false,
    auth: { user: IMAP_USER, pass: IMAP_PASSWORD },
    logger: false,
  });
  await imap.connect();
  try {
    return await use(imap);
  } finally {
    await imap.logout().catch(() => undefined);
  }
}

/** A private Dovecot on loopback with one mailbox user (`IMAP_USER`). */
export async function startImap(): Promise<TestImap> {
  const dir = mkdtempSync('/tmp/imap-test-');
  const port = await freePort();
  const user = runAs();
  for (const folder of ['run', 'state', 'mail']) mkdirSync(path.join(dir, folder));
  writeFileSync(
    path.join(dir, 'passwd'),
    `${IMAP_USER}:{PLAIN}${IMAP_PASSWORD}:${user.uid}:${user.gid}::${dir}/mail/${IMAP_USER}\n`,
  );
  writeFileSync(path.join(dir, 'dovecot.conf'), configuration(dir, port, user));
  // Root's Dovecot reads the users and writes the mail as `dovecot`; the folder stays private.
  if (userInfo().uid === 0) {
    chmodSync(dir, 0o711);
    chownSync(path.join(dir, 'mail'), user.uid, user.gid);
  }
  const conf = path.join(dir, 'dovecot.conf');
  let child: ChildProcess | undefined;

  async function start() {
    // Its own process group: a stop ends every process of this Dovecot, the clients' too.
    const started = spawn(DOVECOT, ['-F', '-c', conf], { stdio: 'ignore', detached: true });
    child = started;
    await until(() => answers(port), 'starting');
  }

  async function stop() {
    const running = child;
    if (!running || running.exitCode !== null) return;
    child = undefined;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
    // The master leaves its log, stats and the clients' imap processes behind: as a restart does,
    // the connections end.
    try {
      if (running.pid) process.kill(-running.pid, 'SIGKILL');
    } catch {
      // none left
    }
    await until(async () => !(await answers(port)), 'stopping');
  }

  await start();
  return {
    port,
    url: `imap://${IMAP_USER}:${IMAP_PASSWORD}@127.0.0.1:${port}/INBOX`,
    append: (raw) =>
      session(port, async (imap) => {
        const appended = await imap.append('INBOX', raw, []);
        if (!appended || appended.uid === undefined) throw new Error('APPEND gave no UID');
        return appended.uid;
      }),
    flags: () =>
      session(port, async (imap) => {
        const found = new Map<number, Set<string>>();
        const lock = await imap.getMailboxLock('INBOX');
        try {
          const exists = imap.mailbox ? imap.mailbox.exists : 0;
          if (exists === 0) return found;
          for await (const message of imap.fetch('1:*', { uid: true, flags: true })) {
            found.set(message.uid, message.flags ?? new Set());
          }
        } finally {
          lock.release();
        }
        return found;
      }),
    stop,
    start,
    async close() {
      await stop();
      if (!process.env.KEEP_IMAP) rmSync(dir, { recursive: true, force: true });
    },
  };
}
