import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { read } from 'read';
import { PASSWORD_MIN_LENGTH } from '../../src/admin/contract.ts';
import { databaseConfig } from '../config.ts';
import type { CliIo } from '../data/submissions-cli.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { setupCodeMessage, setupCodes } from './setup-code.ts';
import { AccountError, checkEmail, checkPassword, signOutEverywhere, users } from './users.ts';
import { twoStep } from './two-step.ts';
import { setWeeklyEmail, weeklyEmailOf } from './weekly-email-setting.ts';
import { isPersonCommand, personUsage, runPersonCli } from './person-cli.ts';
import { checkMailUsage, runCheckMailCli } from './check-mail-cli.ts';
import { dkimKeyUsage, runDkimKeyCli } from './dkim-key-cli.ts';
import { businessContent } from '../../src/content/business.ts';
import { latestPublished } from '../site/live-site.ts';
import { siteStore } from '../site/site-store.ts';

export const usage = `The accounts of the owner's inbox (/admin/ on the server that npm start runs).

  npm run admin -- add-user EMAIL         make an account
  npm run admin -- reset-password EMAIL   set a new password (signs the account out everywhere)
  npm run admin -- remove-user EMAIL      delete an account, its sessions and its alerts
  npm run admin -- sign-out-everywhere EMAIL
                                          end every session of the account, make every browser
                                          sign in as a new one and turn its phones' alerts off
                                          (password unchanged)
  npm run admin -- list-users               each account, with whether two-step sign-in is on
  npm run admin -- two-step on EMAIL      two-step sign-in: prints the authenticator app's key
                                          and 10 recovery codes, shown this once
  npm run admin -- two-step off EMAIL     back to the password alone
  npm run admin -- setup-code             the one-time code that claims the site at /admin/
  npm run admin -- weekly-email EMAIL on|off [en|es]
                                          the account's weekly e-mail (Monday from 8 AM, business
                                          time): on or off, in English or Spanish

The site's e-mail (docs/mail-delivery.md):
${checkMailUsage}
${dkimKeyUsage}

One person's submissions (docs/retention.md):
${personUsage}

setup-code prints the code while no account exists (making it if need be; npm start prints it
too), or says that an account exists and no code is needed; its exit code is 0 either way.

On a terminal the password is asked twice and not shown; otherwise one line of standard input is
the password, e.g.  printf '%s\\n' "$PASSWORD" | npm run admin -- add-user owner@example.com
Passwords have at least ${PASSWORD_MIN_LENGTH} characters. The database is the server's: DATA_DIR/submissions.db
(default data/), or DATABASE_URL: a libSQL server (+ DATABASE_AUTH_TOKEN) or Postgres (+ ADDRESS_HASH_SECRET).`;

export interface AdminCliIo extends CliIo {
  /** The new password: asked twice without echo on a terminal, else one line of standard input. */
  readPassword(): Promise<string>;
}

const commands = [
  'add-user',
  'reset-password',
  'remove-user',
  'sign-out-everywhere',
  'list-users',
  'setup-code',
  'two-step on',
  'two-step off',
] as const;
/** The commands that take no e-mail address. */
const withoutEmail: readonly Command[] = ['list-users', 'setup-code'];
type Command = (typeof commands)[number];

function isCommand(value: string | undefined): value is Command {
  return commands.some((command) => command === value);
}

function day(ms: number | null): string {
  return ms === null ? 'never' : new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
}

/** The setup code while no account exists; else that none is needed. */
async function printSetupCode(database: Database, io: AdminCliIo): Promise<void> {
  const code = await setupCodes(database).ensure();
  io.out(
    code
      ? `${setupCodeMessage(code, "/admin/ on the site's address")}\n`
      : 'The inbox already has an account, so no setup code is needed: sign in at /admin/ (add-user makes more accounts).\n',
  );
}

/** Turns two-step sign-in on (printing the key and recovery codes, once) or off for an account. */
async function setTwoStep(database: Database, on: boolean, email: string, io: AdminCliIo) {
  const address = checkEmail(email);
  const user = await users(database).find(address);
  if (!user) throw new AccountError(`No account for ${address}`);
  const steps = twoStep(database);
  if (!on) {
    await steps.turnOff(user.id);
    io.out(`Two-step sign-in is off for ${address}: the password alone signs in.\n`);
    return;
  }
  // The authenticator app names the account after the business, as the owner published it.
  const { business } = businessContent(await latestPublished(siteStore(database)));
  const setup = await steps.turnOn(user.id, address, `${business.name} inbox`);
  io.out(
    [
      `Two-step sign-in is on for ${address}. From the next sign-in, the inbox asks for a code.`,
      '',
      'Add the account to an authenticator app: open this address on the phone (or make it a QR code),',
      `  ${setup.uri}`,
      `or type this key (time-based, 6 digits, 30 seconds): ${setup.secret}`,
      '',
      'Recovery codes: each signs in once in place of a code, if the phone is lost. Keep them',
      'somewhere safe; they are not shown again (two-step on again makes new ones).',
      ...setup.recoveryCodes.map((code) => `  ${code}`),
      '',
    ].join('\n'),
  );
}

async function run(command: Command, email: string | undefined, io: AdminCliIo): Promise<void> {
  const database = await openDatabase(databaseConfig(io.env));
  try {
    const accounts = users(database);
    if (command === 'setup-code') {
      await printSetupCode(database, io);
      return;
    }
    if (command === 'list-users') {
      const list = await accounts.list();
      for (const user of list) {
        io.out(
          `${user.email}  created ${day(user.createdAt)} UTC, last active ${day(user.lastActiveAt)}, ${user.sessions} session(s), two-step ${user.twoStep ? 'on' : 'off'}\n`,
        );
      }
      io.out(`${list.length} account${list.length === 1 ? '' : 's'}\n`);
      return;
    }
    if (email === undefined) throw new AccountError(`${command} needs an e-mail address`);
    if (command === 'two-step on' || command === 'two-step off') {
      await setTwoStep(database, command === 'two-step on', email, io);
      return;
    }
    if (command === 'sign-out-everywhere') {
      const address = checkEmail(email);
      const user = await accounts.find(address);
      if (!user) throw new AccountError(`No account for ${address}`);
      await signOutEverywhere(database, user.id);
      io.out(
        `Signed ${address} out everywhere: every session has ended, every browser signs in as a new one, and no device of it gets alerts until turned on again.\n`,
      );
      return;
    }
    if (command === 'remove-user') {
      await accounts.remove(email);
      io.out(`Removed ${checkEmail(email)} and signed it out everywhere.\n`);
      return;
    }
    const address = checkEmail(email);
    if (command === 'add-user' && (await accounts.find(address))) {
      throw new AccountError(`${address} already has an account (reset-password changes it)`);
    }
    if (command === 'reset-password' && !(await accounts.find(address))) {
      throw new AccountError(`No account for ${address}`);
    }
    const password = await io.readPassword();
    checkPassword(password);
    if (command === 'add-user') {
      await accounts.add(address, password);
      // The first account: the setup code has served its purpose.
      await setupCodes(database).ensure();
      io.out(`Added ${address}. Sign in at /admin/ on the server.\n`);
    } else {
      await accounts.resetPassword(address, password);
      io.out(`New password set for ${address}; its sessions have ended.\n`);
    }
  } finally {
    await database.close();
  }
}

/** `weekly-email EMAIL on|off [en|es]`: the account's weekly e-mail, its language kept unless given. */
async function runWeeklyEmail(args: readonly string[], io: AdminCliIo): Promise<number> {
  const [email, state, language, ...extra] = args;
  const languageOk = language === undefined || language === 'en' || language === 'es';
  if (email === undefined || (state !== 'on' && state !== 'off') || !languageOk || extra.length) {
    io.err(`Usage: npm run admin -- weekly-email EMAIL on|off [en|es]\n`);
    return 2;
  }
  const database = await openDatabase(databaseConfig(io.env));
  try {
    const address = checkEmail(email);
    const user = await users(database).find(address);
    const current = user && (await weeklyEmailOf(database.db, user.id));
    if (!user || !current) throw new AccountError(`No account for ${address}`);
    const setting = { on: state === 'on', language: language ?? current.language };
    await setWeeklyEmail(database.db, user.id, setting);
    const words = setting.language === 'es' ? 'Spanish' : 'English';
    io.out(
      setting.on
        ? `The weekly e-mail is on for ${address}, in ${words}: Mondays from 8 AM, business time.\n`
        : `The weekly e-mail is off for ${address}.\n`,
    );
    return 0;
  } catch (error) {
    io.err(`${(error as Error).message}\n`);
    return error instanceof AccountError ? 1 : 3;
  } finally {
    await database.close();
  }
}

export async function runAdminCli(argv: readonly string[], io: AdminCliIo): Promise<number> {
  if (argv[0] === 'weekly-email') return runWeeklyEmail(argv.slice(1), io);
  if (argv[0] === 'check-mail') return runCheckMailCli(argv.slice(1), io);
  if (argv[0] === 'dkim-key') return runDkimKeyCli(argv.slice(1), io);
  // `two-step on|off EMAIL` is one command of two words.
  const [command, email, ...extra] =
    argv[0] === 'two-step' && argv[1] !== undefined
      ? [`${argv[0]} ${argv[1]}`, ...argv.slice(2)]
      : argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    io.out(`${usage}\n`);
    return command === undefined ? 2 : 0;
  }
  if (isPersonCommand(command)) {
    return runPersonCli(argv, io).catch((error: unknown) => {
      io.err(`${(error as Error).message}\n`);
      return 3;
    });
  }
  const needsEmail = !withoutEmail.some((name) => name === command);
  if (!isCommand(command) || extra.length > 0 || (!needsEmail && email !== undefined)) {
    io.err(`Unknown command: ${argv.join(' ')}\n\n${usage}\n`);
    return 2;
  }
  try {
    await run(command, email, io);
    return 0;
  } catch (error) {
    io.err(`${(error as Error).message}\n`);
    return error instanceof AccountError ? 1 : 3;
  }
}

/** Asks twice on a terminal without echo; the two must match. */
async function askTwice(): Promise<string> {
  const ask = async (prompt: string) => {
    const answer = await read({ prompt, silent: true, replace: '', output: process.stderr });
    process.stderr.write('\n');
    return String(answer);
  };
  const password = await ask(`Password (at least ${PASSWORD_MIN_LENGTH} characters): `);
  checkPassword(password);
  if ((await ask('Repeat the password: ')) !== password) {
    throw new AccountError('The two passwords differ; nothing was changed');
  }
  return password;
}

/** The first line of standard input (a script's way to give the password). */
async function firstLine(): Promise<string> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  try {
    for await (const line of lines) return line;
  } finally {
    lines.close();
  }
  throw new AccountError('No password on standard input');
}

export function readPasswordFromProcess(): Promise<string> {
  return process.stdin.isTTY ? askTwice() : firstLine();
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(path.resolve(entry)).href) {
  process.exitCode = await runAdminCli(process.argv.slice(2), {
    env: process.env,
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    readPassword: readPasswordFromProcess,
  });
}
