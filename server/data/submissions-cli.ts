// `npm run submissions -- list|export|attachment`: the owner's view of the stored submissions in a
// terminal. Run from the CLI's bundle (server/cli.ts).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { databaseConfig, type DatabaseConfig } from '../config.ts';
import { toCsv, toJson } from './export.ts';
import { fileOfUrl } from './sqlite-file.ts';
import { forms } from '../intake/forms.ts';
import { fieldText, oneLine } from '../mail/mail-text.ts';
import { openStore, type ListFilter, type Store, type StoredSubmission } from '../store/store.ts';

export const usage = `The owner's view of the form submissions.

  npm run submissions -- list [--form quote|application] [--since DATE]
  npm run submissions -- export --format csv|json [--out FILE] [--form NAME] [--since DATE]
  npm run submissions -- attachment ID --out FILE

ID is a submission's id (from list); attachment writes the file sent with it (a résumé).

DATE is YYYY-MM-DD (local midnight) or an ISO date and time. The database is the server's:
DATA_DIR/submissions.db (default data/), or DATABASE_URL (+ DATABASE_AUTH_TOKEN).`;

export interface CliIo {
  env: Record<string, string | undefined>;
  out(text: string): void;
  err(text: string): void;
}

class UsageError extends Error {}

function parseSince(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00`) : new Date(value);
  if (Number.isNaN(date.getTime())) {
    throw new UsageError(`--since: "${value}" is not a date (YYYY-MM-DD)`);
  }
  return date.getTime();
}

function count(n: number): string {
  return `${n} submission${n === 1 ? '' : 's'}`;
}

function localTime(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** A table for the terminal; every cell is stripped of control characters (no escape sequences). */
function table(rows: string[][]): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, column) => (widths[column] = Math.max(widths[column] ?? 0, cell.length)));
  }
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function listRows(submissions: readonly StoredSubmission[]): string[][] {
  const header = ['RECEIVED', 'FORM', 'ID', 'NAME', 'E-MAIL', 'PHONE'];
  return [
    header,
    ...submissions.map((submission) => {
      const contact = forms
        .find((form) => form.name === submission.form)
        ?.contact(submission.fields);
      return [
        localTime(submission.receivedAt),
        submission.form,
        submission.id,
        oneLine(contact?.name ?? '', 40),
        oneLine(contact?.email ?? '', 60),
        oneLine(fieldText(submission.fields.phone), 30),
      ];
    }),
  ];
}

type Options = {
  form?: string | undefined;
  since?: string | undefined;
  format?: string | undefined;
  out?: string | undefined;
};

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      form: { type: 'string' },
      since: { type: 'string' },
      format: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

function checkArguments(command: string, extra: readonly string[], values: Options): void {
  const known = ['list', 'export', 'attachment'];
  if (!known.includes(command) || extra.length !== (command === 'attachment' ? 1 : 0)) {
    throw new UsageError(`Unknown command: ${[command, ...extra].join(' ')}`);
  }
  if (values.form !== undefined && !forms.some((form) => form.name === values.form)) {
    throw new UsageError(`--form must be one of: ${forms.map((form) => form.name).join(', ')}`);
  }
  if (command === 'export' && values.format !== 'csv' && values.format !== 'json') {
    throw new UsageError('export needs --format csv or --format json');
  }
  if (command === 'list' && (values.format !== undefined || values.out !== undefined)) {
    throw new UsageError('--format and --out belong to export');
  }
  if (command === 'attachment' && !values.out) throw new UsageError('attachment needs --out FILE');
}

function databaseWhere(config: DatabaseConfig): string {
  const file = config.dir ? fileOfUrl(config.url) : undefined;
  const relative = file && path.relative('.', file);
  return file ? ` in ${relative && !relative.startsWith('..') ? relative : file}` : '';
}

async function list(store: Store, filter: ListFilter, config: DatabaseConfig, io: CliIo) {
  const submissions = await store.list(filter);
  const summary = await store.outboxSummary();
  const pause = await store.relayPause();
  if (submissions.length > 0) io.out(`${table(listRows(submissions))}\n\n`);
  const mails =
    summary.pending + summary.sent + summary.failed > 0
      ? // Every e-mail of the outbox: notifications, acknowledgements, replies, answers' notices.
        `; e-mails: ${summary.sent} sent, ${summary.pending} pending, ${summary.failed} given up`
      : '';
  // Why the pending ones wait: the relay refuses our sign-in or TLS (server/mail/outbox.ts).
  const paused = pause
    ? `; the outbox is paused since ${new Date(pause.since).toISOString()} (${pause.code}): the mail relay refuses our sign-in or TLS, check SMTP_URL`
    : '';
  io.out(`${count(submissions.length)}${databaseWhere(config)}${mails}${paused}\n`);
}

async function exportTo(store: Store, filter: ListFilter, values: Options, io: CliIo) {
  const submissions = await store.list(filter);
  const text = values.format === 'csv' ? toCsv(submissions) : toJson(submissions);
  if (values.out) {
    // Personal data: readable by the owner only.
    writeFileSync(values.out, text, { mode: 0o600 });
    io.err(`${count(submissions.length)} written to ${values.out}\n`);
  } else {
    io.out(text);
  }
}

/** Writes the file sent with a submission; never over an existing file. */
async function saveAttachment(store: Store, id: string, out: string, io: CliIo) {
  const [file] = await store.attachmentFiles(id);
  if (!file) {
    const exists = await store.get(id);
    throw new Error(exists ? `Submission ${id} has no attachment` : `No submission ${id}`);
  }
  try {
    writeFileSync(out, file.content, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as { code?: string }).code === 'EEXIST') {
      throw new Error(`${out} already exists; choose another --out`);
    }
    throw error;
  }
  io.err(
    `${oneLine(file.name, 100)} (${file.type}, ${file.size} bytes, sha256 ${file.sha256}) written to ${out}\n`,
  );
}

async function run(command: string, extra: readonly string[], values: Options, io: CliIo) {
  const filter = { form: values.form, since: parseSince(values.since) };
  const config = databaseConfig(io.env);
  const store = await openStore(config);
  try {
    if (command === 'list') await list(store, filter, config, io);
    else if (command === 'export') await exportTo(store, filter, values, io);
    else await saveAttachment(store, extra[0] ?? '', values.out ?? '', io);
  } finally {
    await store.close();
  }
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parse(argv);
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${usage}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...extra] = positionals;
  if (values.help || command === undefined || command === 'help') {
    io.out(`${usage}\n`);
    return command === undefined && !values.help ? 2 : 0;
  }
  try {
    checkArguments(command, extra, values);
    await run(command, extra, values, io);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${usage}\n`);
      return 2;
    }
    io.err(`${(error as Error).message}\n`);
    return 1;
  }
}
