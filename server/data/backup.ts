// `npm run backup -- --out FILE`: a consistent copy of the SQLite database, taken while the server
// runs. docs/backups-and-upgrades.md.
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  constants,
  copyFileSync,
  existsSync,
  linkSync,
  renameSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import path from 'node:path';
import type { DatabaseConfig } from '../config.ts';
import {
  countLines,
  keyFileOf,
  localDatabase,
  openFile,
  schemaVersion,
  shown,
  size,
  syncPath,
  tableCounts,
  ToolError,
} from './sqlite-file.ts';

/** Where the copy of the address-hash key goes: beside the backup, named after it. */
export function keyCopyOf(backupFile: string): string {
  return `${backupFile}.address-hash.key`;
}

const PG_DUMP = 'back it up with pg_dump, e.g. pg_dump --format=custom --file=FILE "$DATABASE_URL"';

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

/**
 * Puts the finished `partial` file at `target`, never over an existing file: a hard link fails if
 * `target` exists, even one made a moment ago. A file system without hard links (FAT on a USB
 * stick) gets a rename after a check.
 */
function publish(partial: string, target: string): void {
  try {
    linkSync(partial, target);
    unlinkSync(partial);
  } catch (error) {
    if (errorCode(error) === 'EEXIST') throw new ToolError(`${target} already exists`);
    if (existsSync(target)) throw new ToolError(`${target} already exists`);
    renameSync(partial, target);
  }
  syncPath(path.dirname(target));
}

/**
 * A snapshot of `file` into `target` with `VACUUM INTO`, on a connection of its own: one read
 * transaction, so the server goes on writing (WAL) and the copy holds every commit made before it
 * started and none after. Readable by this user only: it holds personal data.
 */
export async function snapshot(file: string, target: string): Promise<void> {
  const partial = `${target}.partial-${randomBytes(4).toString('hex')}`;
  try {
    const client = openFile(file);
    try {
      await client.execute({ sql: 'VACUUM INTO ?', args: [partial] });
    } finally {
      client.close();
    }
    chmodSync(partial, 0o600);
    syncPath(partial);
    publish(partial, target);
  } finally {
    if (existsSync(partial)) unlinkSync(partial);
  }
}

/** Copies the address-hash key beside the backup; what the user should know about the key. */
function saveKey(config: DatabaseConfig, target: string): string {
  const keyFile = keyFileOf(config);
  if (!keyFile) {
    return (
      'The address hashes use ADDRESS_HASH_SECRET, which is not in the backup: keep the secret ' +
      'with it, or restored hashes will not match new ones.\n'
    );
  }
  if (!existsSync(keyFile)) return `No address-hash key file yet (${shown(keyFile)}).\n`;
  const copy = keyCopyOf(target);
  copyFileSync(keyFile, copy, constants.COPYFILE_EXCL);
  chmodSync(copy, 0o600);
  return (
    `The address-hash key (${shown(keyFile)}) was copied to ${shown(copy)}: keep the two ` +
    'files together; a restore without the key leaves earlier hashes unmatched.\n'
  );
}

/** Checks what can be checked before any work: a clear refusal, and nothing written. */
function checkTarget(config: DatabaseConfig, file: string, target: string): void {
  if (!existsSync(file)) {
    throw new ToolError(`No database at ${shown(file)}: nothing to back up (is DATA_DIR right?)`);
  }
  if (!existsSync(path.dirname(target))) {
    throw new ToolError(`The folder ${shown(path.dirname(target))} does not exist`);
  }
  const keyFile = keyFileOf(config);
  for (const taken of [target, ...(keyFile && existsSync(keyFile) ? [keyCopyOf(target)] : [])]) {
    if (existsSync(taken)) {
      throw new ToolError(`${shown(taken)} already exists; a backup never replaces a file`);
    }
  }
}

/** Backs up the configured SQLite database to `out`; the report to print. */
export async function backupDatabase(
  env: Record<string, string | undefined>,
  out: string,
): Promise<string> {
  const { config, file } = localDatabase(env, PG_DUMP);
  const target = path.resolve(out);
  checkTarget(config, file, target);
  await snapshot(file, target);
  const client = openFile(target);
  let version: number;
  let counts: [string, number][];
  try {
    version = await schemaVersion(client);
    counts = await tableCounts(client);
  } finally {
    client.close();
  }
  return (
    `Backed up ${shown(file)} to ${shown(target)} ` +
    `(${size(statSync(target).size)}, schema version ${version}). Rows:\n` +
    countLines(counts) +
    saveKey(config, target)
  );
}
