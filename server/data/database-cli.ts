// `npm run backup`, `npm run restore` and `npm run db -- copy` (scripts/run/data.mjs): the submissions
// database's backups, and its move to Postgres. Run from the CLI's bundle
// (server/cli.ts).
import { parseArgs } from 'node:util';
import { backupDatabase } from './backup.ts';
import type { CliIo } from './submissions-cli.ts';
import { ConfigError } from '../config.ts';
import { isPostgresUrl } from '../db/database.ts';
import { copyToPostgres } from './db-copy.ts';
import { eraseAgainFrom } from './erase-again.ts';
import { migrateDryRun } from './migrate-plan.ts';
import { restoreDatabase } from './restore.ts';
import { ToolError } from './sqlite-file.ts';

export const dataUsage = `Backups of the submissions database, and its move to Postgres.

  npm run backup -- --out FILE           a consistent copy, taken while the server runs
  npm run restore -- FILE                puts a backup back (stop the server first)
  npm run db -- copy --to postgres://…   copies it into a new, empty Postgres database
  npm run db -- migrate --dry-run        lists what the next start would apply (the server
                                         applies it when it starts, after a copy)
  npm run db -- erase-again --from FILE|postgres://…
                                         erases again what that database's erasures erased
                                         (after a restore; npm run restore does it itself)

The database is the server's SQLite file: DATA_DIR/submissions.db (default data/), or a file:
DATABASE_URL. A backup never replaces a file; a restore renames the database it replaces aside
(kept at least 30 days; beyond the newest 3, older ones set aside are deleted).`;

class UsageError extends Error {}

interface Options {
  out?: string | undefined;
  to?: string | undefined;
  'dry-run'?: boolean | undefined;
  from?: string | undefined;
}

/** The options each command takes; any other is refused with the usage. */
const TAKES: Record<string, readonly (keyof Options)[]> = {
  backup: ['out'],
  restore: [],
  'db migrate': ['dry-run'],
  'db erase-again': ['from'],
  'db copy': ['to'],
};

/** Every option of a command (`help` is not one). */
const TAKES_ANY: Record<keyof Options, true> = { out: true, to: true, 'dry-run': true, from: true };

/** Refuses an option `name` does not take (one given for another command, silently unused). */
function refuseOthers(name: string, values: Options): void {
  const takes = TAKES[name] ?? [];
  const other = (Object.keys(values) as (keyof Options)[]).find(
    (key) => key in TAKES_ANY && values[key] !== undefined && !takes.includes(key),
  );
  if (other) {
    const allowed = takes.map((key) => `--${key}`).join(' ') || 'no option';
    throw new UsageError(`${name} does not take --${other} (it takes ${allowed})`);
  }
}

/** The command's arguments checked, before any file or database is touched. */
function check(command: string | undefined, rest: readonly string[], values: Options): void {
  if (command === 'backup') {
    refuseOthers('backup', values);
    if (!values.out) throw new UsageError('backup needs --out FILE');
    if (rest.length > 0) throw new UsageError('backup takes only --out FILE');
  } else if (command === 'restore') {
    refuseOthers('restore', values);
    if (rest.length !== 1) throw new UsageError('restore needs the backup file: restore FILE');
  } else if (command === 'db' && rest[0] === 'migrate') {
    refuseOthers('db migrate', values);
    if (!values['dry-run'] || rest.length > 1) {
      throw new UsageError(
        'db migrate takes --dry-run only: the server applies the migrations itself when it starts',
      );
    }
  } else if (command === 'db' && rest[0] === 'erase-again') {
    refuseOthers('db erase-again', values);
    if (!values.from || rest.length > 1) {
      throw new UsageError('db erase-again takes --from FILE or --from postgres://… only');
    }
  } else if (command === 'db') {
    if (rest[0] !== 'copy' || rest.length > 1) {
      throw new UsageError('db knows three commands: copy, migrate --dry-run and erase-again');
    }
    refuseOthers('db copy', values);
    if (!values.to || !isPostgresUrl(values.to)) {
      throw new UsageError('db copy needs --to postgres://USER:PASSWORD@HOST:PORT/DATABASE');
    }
  } else {
    throw new UsageError(`Unknown command: ${command ?? '(none)'}`);
  }
}

async function run(command: string, rest: readonly string[], values: Options, io: CliIo) {
  if (command === 'backup') {
    io.out(await backupDatabase(io.env, values.out ?? ''));
    return 0;
  }
  if (command === 'restore') {
    io.out(await restoreDatabase(io.env, rest[0] ?? ''));
    return 0;
  }
  if (rest[0] === 'migrate') {
    io.out(await migrateDryRun(io.env));
    return 0;
  }
  if (rest[0] === 'erase-again') {
    io.out(await eraseAgainFrom(io.env, values.from ?? ''));
    return 0;
  }
  const result = await copyToPostgres(io.env, values.to ?? '', (text) => io.err(text));
  io.out(result.report);
  return result.ok ? 0 : 1;
}

export async function runDataCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        out: { type: 'string' },
        to: { type: 'string' },
        from: { type: 'string' },
        'dry-run': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      io.out(`${dataUsage}\n`);
      return 0;
    }
    const [command, ...rest] = positionals;
    check(command, rest, values);
    return await run(command ?? '', rest, values, io);
  } catch (error) {
    const usage =
      error instanceof UsageError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    if (usage) {
      io.err(`${(error as Error).message}\n\n${dataUsage}\n`);
      return 2;
    }
    // A user's mistake (ToolError, ConfigError) or the database's own words: a message, no stack.
    const known = error instanceof ToolError || error instanceof ConfigError;
    io.err(`${known ? '' : 'Failed: '}${(error as Error).message}\n`);
    return 1;
  }
}
