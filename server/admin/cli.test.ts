import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { openDatabase, type Database } from '../db/database.ts';
import { runCaught, tempDataDir } from '../testing/fixtures.ts';
import { runAdminCli, usage } from './cli.ts';
import { verifyPassword } from './passwords.ts';
import { sessions } from './sessions.ts';
import { setupCodes } from './setup-code.ts';
import { users } from './users.ts';
import { totpCode, totpStep } from './totp.ts';
import { twoStep } from './two-step.ts';
import { weeklyEmailOf } from './weekly-email-setting.ts';

const PASSWORD = 'a long enough password';

let data: ReturnType<typeof tempDataDir>;

/** Runs the CLI; `passwords` are what the prompt answers, in turn. */
async function admin(argv: string[], passwords: string[] = []) {
  const readPassword = vi.fn(async () => {
    const next = passwords.shift();
    if (next === undefined) throw new Error('asked for a password the test did not expect');
    return next;
  });
  const run = await runCaught((io) => runAdminCli(argv, { ...io, readPassword }), {
    DATA_DIR: data.dir,
  });
  return { ...run, asked: readPassword.mock.calls.length };
}

interface Opened {
  database: Database;
  accounts: ReturnType<typeof users>;
  store: ReturnType<typeof sessions>;
}

/** Runs `work` on the CLI's database, through the account and session modules. */
async function withDatabase<T>(work: (opened: Opened) => Promise<T>): Promise<T> {
  const database = await openDatabase(data.database);
  try {
    return await work({
      database,
      accounts: users(database),
      store: sessions(database),
    });
  } finally {
    await database.close();
  }
}

beforeEach(() => {
  data = tempDataDir('admin-cli-');
});

afterEach(() => data.remove());

describe('npm run admin', () => {
  it('adds an account under its lower-case address and lists it', async () => {
    const added = await admin(['add-user', ' Owner@Example.COM '], [PASSWORD]);
    expect(added).toMatchObject({ code: 0, err: '', asked: 1 });
    expect(added.out).toContain('Added owner@example.com');

    const listed = await admin(['list-users']);
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(
      /^owner@example\.com {2}created \d{4}-\d\d-\d\d \d\d:\d\d UTC, last active never, 0 session\(s\), two-step off\n1 account\n$/,
    );
    const stored = await withDatabase(({ accounts }) => accounts.find('owner@example.com'));
    expect(stored?.passwordHash).toMatch(/^scrypt\$17\$8\$1\$/);
    expect(await verifyPassword(PASSWORD, stored?.passwordHash ?? '')).toBe(true);
  });

  it('lists no accounts', async () => {
    expect(await admin(['list-users'])).toMatchObject({ code: 0, out: '0 accounts\n', err: '' });
  });

  it('refuses a second account for one address without asking for a password', async () => {
    expect((await admin(['add-user', 'owner@example.com'], [PASSWORD])).code).toBe(0);
    const again = await admin(['add-user', 'OWNER@example.com'], ['another long password']);
    expect(again).toMatchObject({ code: 1, out: '', asked: 0 });
    expect(again.err).toContain('owner@example.com already has an account');
    expect((await admin(['list-users'])).out).toContain('1 account\n');
  });

  it('refuses a short password and an invalid address, and makes no account', async () => {
    const short = await admin(['add-user', 'owner@example.com'], ['elevenchars']);
    expect(short.code).toBe(1);
    expect(short.err).toContain('at least 12 characters');
    const invalid = await admin(['add-user', 'not-an-address'], [PASSWORD]);
    expect(invalid).toMatchObject({ code: 1, asked: 0 });
    expect(invalid.err).toContain('not a valid e-mail address');
    expect((await admin(['list-users'])).out).toBe('0 accounts\n');
  });

  it('resets a password: the new one works, the old does not, and sessions end', async () => {
    await admin(['add-user', 'owner@example.com'], [PASSWORD]);
    const token = await withDatabase(async ({ accounts, store }) => {
      const owner = await accounts.find('owner@example.com');
      if (!owner) throw new Error('no account');
      return store.start(owner);
    });
    expect((await admin(['list-users'])).out).toContain('1 session(s)');

    const reset = await admin(['reset-password', 'Owner@example.com'], ['a brand new pass phrase']);
    expect(reset).toMatchObject({ code: 0, err: '', asked: 1 });
    expect(reset.out).toContain('owner@example.com');
    const { hash, resolved } = await withDatabase(async ({ accounts, store }) => ({
      hash: (await accounts.find('owner@example.com'))?.passwordHash ?? '',
      resolved: await store.resolve(token),
    }));
    expect(resolved).toBeUndefined();
    expect(await verifyPassword('a brand new pass phrase', hash)).toBe(true);
    expect(await verifyPassword(PASSWORD, hash)).toBe(false);
    expect((await admin(['list-users'])).out).toContain('0 session(s)');
  });

  it('signs an account out everywhere without changing its password', async () => {
    await admin(['add-user', 'owner@example.com'], [PASSWORD]);
    const { token, epoch, hash } = await withDatabase(async ({ accounts, store }) => {
      const owner = await accounts.find('owner@example.com');
      if (!owner) throw new Error('no account');
      return {
        token: await store.start(owner),
        epoch: owner.deviceEpoch,
        hash: owner.passwordHash,
      };
    });
    const out = await admin(['sign-out-everywhere', 'Owner@example.com']);
    expect(out).toMatchObject({ code: 0, err: '', asked: 0 });
    expect(out.out).toContain('Signed owner@example.com out everywhere');
    const after = await withDatabase(async ({ accounts, store }) => ({
      owner: await accounts.find('owner@example.com'),
      resolved: await store.resolve(token),
    }));
    expect(after.resolved).toBeUndefined();
    expect(after.owner).toMatchObject({ deviceEpoch: epoch + 1, passwordHash: hash });
    const unknown = await admin(['sign-out-everywhere', 'nobody@example.com']);
    expect(unknown).toMatchObject({ code: 1 });
    expect(unknown.err).toContain('No account for nobody@example.com');
  });

  it("starts a re-added account at a new device epoch: the removed one's cookies stay strangers", async () => {
    await admin(['add-user', 'owner@example.com'], [PASSWORD]);
    const epochOf = () =>
      withDatabase(async ({ accounts }) => (await accounts.find('owner@example.com'))?.deviceEpoch);
    const before = await epochOf();
    await admin(['remove-user', 'owner@example.com']);
    await admin(['add-user', 'owner@example.com'], [PASSWORD]);
    expect(before).toBeGreaterThan(0);
    expect(await epochOf()).not.toBe(before);
  });

  it('refuses to reset the password of an unknown account, or to a short one', async () => {
    const unknown = await admin(['reset-password', 'nobody@example.com'], [PASSWORD]);
    expect(unknown).toMatchObject({ code: 1, asked: 0 });
    expect(unknown.err).toContain('No account for nobody@example.com');

    await admin(['add-user', 'owner@example.com'], [PASSWORD]);
    const hashOf = () =>
      withDatabase(
        async ({ accounts }) => (await accounts.find('owner@example.com'))?.passwordHash,
      );
    const before = await hashOf();
    const short = await admin(['reset-password', 'owner@example.com'], ['short']);
    expect(short).toMatchObject({ code: 1, asked: 1 });
    expect(short.err).toContain('at least 12 characters');
    expect(await hashOf()).toBe(before);
  });

  it('removes an account and its sessions', async () => {
    await admin(['add-user', 'owner@example.com'], [PASSWORD]);
    const token = await withDatabase(async ({ accounts, store }) => {
      const owner = await accounts.find('owner@example.com');
      if (!owner) throw new Error('no account');
      return store.start(owner);
    });
    const removed = await admin(['remove-user', 'OWNER@example.com']);
    expect(removed).toMatchObject({ code: 0, err: '', asked: 0 });
    expect(removed.out).toContain('Removed owner@example.com');
    expect((await admin(['list-users'])).out).toBe('0 accounts\n');
    expect(await withDatabase(({ store }) => store.resolve(token))).toBeUndefined();
    const sessionRows = await withDatabase(({ database }) =>
      database.db.selectFrom('sessions').selectAll().execute(),
    );
    expect(sessionRows).toEqual([]);

    const again = await admin(['remove-user', 'owner@example.com']);
    expect(again.code).toBe(1);
    expect(again.err).toContain('No account for owner@example.com');
  });

  it('setup-code: with no account, prints the one code that claims the site, made once', async () => {
    const first = await admin(['setup-code']);
    expect(first).toMatchObject({ code: 0, err: '', asked: 0 });
    const code = /setup code: ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})\n/.exec(first.out)?.[1];
    expect(first.out).toContain('No inbox account yet. To claim the site, open /admin/');
    expect(code).toBeDefined();
    expect(await withDatabase(({ database }) => setupCodes(database).current())).toBe(code);
    expect((await admin(['setup-code'])).out).toBe(first.out);
  });

  it('setup-code: with an account, says that no code is needed (exit code 0)', async () => {
    await admin(['setup-code']);
    expect((await admin(['add-user', 'owner@example.com'], [PASSWORD])).code).toBe(0);
    // add-user made the first account: the code is gone with it.
    expect(await withDatabase(({ database }) => setupCodes(database).current())).toBeUndefined();
    const result = await admin(['setup-code']);
    expect(result).toMatchObject({ code: 0, err: '', asked: 0 });
    expect(result.out).toContain('already has an account, so no setup code is needed');
    expect(result.out).not.toMatch(/setup code: /);
    expect(await withDatabase(({ database }) => setupCodes(database).current())).toBeUndefined();
  });

  it('prints the usage with exit code 2 without a command, 0 when asked for help', async () => {
    const none = await admin([]);
    expect(none).toMatchObject({ code: 2, out: `${usage}\n`, err: '' });
    expect(none.out).toContain('add-user EMAIL');
    expect(none.out).toContain('setup-code');
    expect(await admin(['--help'])).toMatchObject({ code: 0, out: `${usage}\n` });
    expect(await admin(['help'])).toMatchObject({ code: 0, out: `${usage}\n` });
  });

  it('refuses unknown commands and wrong arguments with exit code 2', async () => {
    for (const argv of [
      ['delete-everything'],
      ['add-users', 'owner@example.com'],
      ['list-users', 'extra'],
      ['setup-code', 'owner@example.com'],
      ['add-user', 'owner@example.com', 'extra'],
      ['remove-user', 'a@example.com', 'b@example.com'],
      ['two-step', 'owner@example.com'],
      ['two-step'],
      ['two-step', 'on', 'a@example.com', 'b@example.com'],
    ]) {
      const result = await admin(argv, [PASSWORD]);
      expect(result, argv.join(' ')).toMatchObject({ code: 2, out: '', asked: 0 });
      expect(result.err).toContain(`Unknown command: ${argv.join(' ')}`);
      expect(result.err).toContain(usage);
    }
    expect((await admin(['list-users'])).out).toBe('0 accounts\n');
  });

  it('asks for an address when a command needs one', async () => {
    for (const command of [
      'add-user',
      'reset-password',
      'remove-user',
      'sign-out-everywhere',
      'two-step on',
    ]) {
      const result = await admin(command.split(' '), [PASSWORD]);
      expect(result, command).toMatchObject({ code: 1, asked: 0 });
      expect(result.err).toContain(`${command} needs an e-mail address`);
    }
  });
});

describe('npm run admin -- two-step', () => {
  it('turns two-step sign-in on: prints the key, its otpauth address and 10 recovery codes that work', async () => {
    await admin(['add-user', 'owner@example.com'], [PASSWORD]);
    const on = await admin(['two-step', 'on', 'Owner@example.com']);
    expect(on).toMatchObject({ code: 0, err: '', asked: 0 });
    const secret = /type this key[^:]*: ([A-Z2-7]{32})\n/.exec(on.out)?.[1] ?? '';
    expect(secret).not.toBe('');
    expect(on.out).toContain(`otpauth://totp/`);
    expect(on.out).toContain(`:owner%40example.com?secret=${secret}&`);
    const codes = on.out.match(/^ {2}[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/gm) ?? [];
    expect(codes).toHaveLength(10);
    expect((await admin(['list-users'])).out).toContain('0 session(s), two-step on\n');

    const at = Date.now();
    await withDatabase(async ({ database }) => {
      const steps = twoStep(database, { now: () => at });
      expect(await steps.enabled(1)).toBe(true);
      expect(await steps.check(1, totpCode(secret, totpStep(at)))).toBe('accepted');
      expect(await steps.check(1, codes[0]?.trim() ?? '')).toBe('recovery-code-used');
      expect(await steps.check(1, codes[0]?.trim() ?? '')).toBe('refused');
      // Stored are hashes only: neither the codes nor anything readable of them.
      const row = await database.db
        .selectFrom('users')
        .select('recovery_codes')
        .executeTakeFirstOrThrow();
      expect(row.recovery_codes).not.toContain(codes[1]?.trim().slice(0, 4));
      expect(JSON.parse(row.recovery_codes ?? '')).toHaveLength(9);
    });

    // On again: a new key and new codes; the old ones stop working.
    const again = await admin(['two-step', 'on', 'owner@example.com']);
    expect(again.out).not.toContain(secret);
    await withDatabase(async ({ database }) => {
      expect(await twoStep(database).check(1, codes[1]?.trim() ?? '')).toBe('refused');
    });
  });

  it('turns it off: the password alone signs in', async () => {
    await admin(['add-user', 'owner@example.com'], [PASSWORD]);
    await admin(['two-step', 'on', 'owner@example.com']);
    const off = await admin(['two-step', 'off', 'owner@example.com']);
    expect(off).toMatchObject({ code: 0, err: '' });
    expect(off.out).toContain('Two-step sign-in is off for owner@example.com');
    expect((await admin(['list-users'])).out).toContain('two-step off\n');
    await withDatabase(async ({ database }) => {
      expect(await twoStep(database).enabled(1)).toBe(false);
      const row = await database.db
        .selectFrom('users')
        .select(['totp_secret', 'recovery_codes'])
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ totp_secret: null, recovery_codes: null });
    });
  });

  it('refuses an unknown account', async () => {
    const result = await admin(['two-step', 'on', 'nobody@example.com']);
    expect(result).toMatchObject({ code: 1, out: '' });
    expect(result.err).toContain('No account for nobody@example.com');
  });
});

describe('on a real terminal', () => {
  /** Runs the CLI in a pseudo-terminal (util-linux `script`), answering each prompt as it shows. */
  async function inTerminal(argv: string[], answers: Record<string, string>) {
    const command = [process.execPath, '--import', 'tsx', 'server/admin/cli.ts', ...argv].join(' ');
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      env: { ...process.env, DATA_DIR: data.dir },
    });
    let output = '';
    const pending = Object.entries(answers);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const [prompt, answer] = pending[0] ?? [];
      if (prompt && output.includes(prompt)) {
        pending.shift();
        child.stdin.write(`${answer}\n`);
      }
    });
    const [code] = (await once(child, 'exit')) as [number];
    return { code, output };
  }

  it('asks for the password twice and never shows it', async () => {
    const secret = 'typed at a terminal';
    const { code, output } = await inTerminal(['add-user', 'tty@example.com'], {
      'Password (at least 12 characters):': secret,
      'Repeat the password:': secret,
    });
    expect(output).toContain('Added tty@example.com');
    expect(output).not.toContain(secret);
    expect(code).toBe(0);
    await withDatabase(async ({ accounts }) => {
      const user = await accounts.find('tty@example.com');
      expect(await verifyPassword(secret, user?.passwordHash ?? '')).toBe(true);
    });
  });

  it('changes nothing when the two passwords differ', async () => {
    const { code, output } = await inTerminal(['add-user', 'tty@example.com'], {
      'Password (at least 12 characters):': 'the first password',
      'Repeat the password:': 'another password',
    });
    expect(output).toContain('The two passwords differ; nothing was changed');
    expect(code).toBe(1);
    await withDatabase(async ({ accounts }) => expect(await accounts.count()).toBe(0));
  });

  it('turns an account’s weekly e-mail off and on, in the language given', async () => {
    await admin(['add-user', 'owner@example.com'], [PASSWORD]);
    const setting = () =>
      withDatabase(async ({ database, accounts }) => {
        const user = await accounts.find('owner@example.com');
        return user && weeklyEmailOf(database.db, user.id);
      });
    expect(await setting()).toEqual({ on: true, language: 'en' });
    const off = await admin(['weekly-email', 'Owner@example.com', 'off']);
    expect(off).toMatchObject({ code: 0, err: '' });
    expect(off.out).toContain('off for owner@example.com');
    expect(await setting()).toEqual({ on: false, language: 'en' });
    expect((await admin(['weekly-email', 'owner@example.com', 'on', 'es'])).code).toBe(0);
    expect(await setting()).toEqual({ on: true, language: 'es' });
    expect((await admin(['weekly-email', 'owner@example.com', 'maybe'])).code).toBe(2);
    expect((await admin(['weekly-email', 'owner@example.com', 'on', 'fr'])).code).toBe(2);
    expect((await admin(['weekly-email', 'nobody@example.com', 'on'])).code).toBe(1);
    expect(await setting()).toEqual({ on: true, language: 'es' });
  });
});
