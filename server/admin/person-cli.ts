import { databaseConfig } from '../config.ts';
import type { CliIo } from '../data/submissions-cli.ts';
import {
  erasePerson,
  normalisePhone,
  personData,
  personSubmissions,
  type Contact,
} from '../data/erasure.ts';
import { openDatabase } from '../db/database.ts';
import { forms } from '../intake/forms.ts';

export const personUsage = `  npm run admin -- export-person EMAIL-OR-PHONE > person.json
                                          every submission with that e-mail or phone, with its
                                          notes, history, files (base64), replies and
                                          answers, as JSON
  npm run admin -- erase-person EMAIL-OR-PHONE [--yes]
                                          lists them; with --yes erases them all, with their
                                          files, notes, history, e-mails, replies and
                                          answers (recorded: when and how many, never whose)`;

export const personCommands = ['export-person', 'erase-person'] as const;
type PersonCommand = (typeof personCommands)[number];

export function isPersonCommand(value: string | undefined): value is PersonCommand {
  return personCommands.some((command) => command === value);
}

/** An e-mail (it has an @) or a phone number (7 digits or more); else undefined. */
function contactOf(text: string): Contact | undefined {
  if (text.includes('@')) return { email: text };
  return normalisePhone(text).length >= 7 ? { phone: text } : undefined;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/**
 * `export-person` and `erase-person` (docs/retention.md): 0 done, 1 nothing to do or not confirmed,
 * 2 a wrong command line.
 */
export async function runPersonCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, who, ...flags] = argv;
  const yes = flags.length === 1 && flags[0] === '--yes';
  const contact = who === undefined ? undefined : contactOf(who);
  if (
    !isPersonCommand(command) ||
    !contact ||
    (flags.length > 0 && !(yes && command === 'erase-person'))
  ) {
    io.err(`Give one e-mail address or phone number:\n${personUsage}\n`);
    return 2;
  }
  const database = await openDatabase(databaseConfig(io.env));
  try {
    if (command === 'export-person') {
      const data = await personData(database, contact);
      io.out(`${JSON.stringify(data, null, 2)}\n`);
      io.err(`${data.submissions.length} submission(s)\n`);
      return 0;
    }
    const found = await personSubmissions(database, forms, contact);
    if (found.length === 0) {
      io.err('No submission has this e-mail address or phone number; nothing was erased.\n');
      return 1;
    }
    for (const item of found) {
      io.out(
        `${item.id}  ${item.form}  ${day(item.receivedAt)} UTC  ${item.status}  ${item.name}  ${item.files} file(s)\n`,
      );
    }
    if (!yes) {
      io.err(`Nothing erased: add --yes to erase these ${found.length} submission(s).\n`);
      return 1;
    }
    const erased = await erasePerson(database, contact, { userId: null, label: 'npm run admin' });
    io.out(
      `Erased ${erased.submissions} submission(s) and ${erased.files} file(s) (${erased.rows} rows in all).\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}
