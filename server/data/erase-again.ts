// Erasures survive a restore: the erasures one database recorded, with the ids they erased
// (migration 11), erased again in another (an older backup put back). docs/retention.md.
import { existsSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { databaseConfig } from '../config.ts';
import { appliedVersion, isPostgresUrl, migrate, openDatabase } from '../db/database.ts';
import { postgresEngine } from '../db/postgres.ts';
import type { Engine } from '../db/engine.ts';
import { libsqlKysely } from '../db/libsql.ts';
import { sqliteEngine } from '../db/sqlite.ts';
import type { Tables } from '../db/tables.ts';
import { eraseSubmissions, type ErasureEntry } from '../store/erase.ts';
import { openFile, openReadOnly, shown, ToolError } from './sqlite-file.ts';

/** The first schema whose erasures keep the ids they erased. */
const ERASED_IDS_SINCE = 11;

/** One recorded erasure as it is replayed: its record's token, when, why, by whom, and its ids. */
export interface PastErasure extends ErasureEntry {
  ids: string[];
}

/** What erasing again did: erasures replayed, and the submissions they found and erased. */
export interface ErasedAgain {
  erasures: number;
  submissions: number;
}

/** Every erasure `db` recorded with its ids (those before migration 11 kept none), oldest first. */
export async function pastErasures(db: Kysely<Tables>): Promise<PastErasure[]> {
  if ((await appliedVersion(db)) < ERASED_IDS_SINCE) return [];
  const rows = await db
    .selectFrom('erasures')
    .innerJoin('erased_submissions', 'erased_submissions.erasure_id', 'erasures.id')
    .select(['token', 'at', 'reason', 'user_id', 'user_email', 'submission_id'])
    .where('token', 'is not', null)
    .orderBy('erasures.id')
    .orderBy('submission_id')
    .execute();
  const byToken = new Map<string, PastErasure>();
  for (const row of rows) {
    const token = row.token ?? '';
    const erasure = byToken.get(token) ?? {
      token,
      at: Number(row.at),
      reason: row.reason === 'retention' ? ('retention' as const) : ('person' as const),
      userId: row.user_id === null ? null : Number(row.user_id),
      label: row.user_email,
      ids: [],
    };
    erasure.ids.push(row.submission_id);
    byToken.set(token, erasure);
  }
  return [...byToken.values()];
}

/**
 * Erases again in `engine`'s database the submissions of each erasure it has no record of, with
 * the record (same token, time, reason and author; counted as erased here). An erasure whose
 * submissions are not in this database (they arrived after its backup) erases nothing and leaves
 * no record. Idempotent: a second run finds every record.
 */
export async function eraseAgain(
  engine: Engine,
  erasures: readonly PastErasure[],
): Promise<ErasedAgain> {
  const known = await engine.db
    .selectFrom('erasures')
    .select('token')
    .where('token', 'is not', null)
    .execute();
  const tokens = new Set(known.map((row) => row.token));
  let done: ErasedAgain = { erasures: 0, submissions: 0 };
  for (const erasure of erasures) {
    if (tokens.has(erasure.token)) continue;
    const { ids, ...entry } = erasure;
    const erased = await eraseSubmissions(engine, ids, entry);
    if (erased.submissions > 0) {
      done = { erasures: done.erasures + 1, submissions: done.submissions + erased.submissions };
    }
  }
  return done;
}

/**
 * The restore's step: the erasures the replaced SQLite file recorded, erased again in the staged
 * backup (brought to the current schema first when there is something to erase: the server would
 * migrate it at start anyway, and the backup file itself is untouched).
 */
export async function eraseAgainInFile(
  replaced: string,
  staged: string,
): Promise<ErasedAgain | 'unreadable'> {
  if (!existsSync(replaced)) return { erasures: 0, submissions: 0 };
  let erasures: PastErasure[];
  try {
    // Read in the journal mode the lock probe left it in (not WAL): the restore probes it again.
    const source = openFile(replaced);
    try {
      erasures = await pastErasures(libsqlKysely(source));
    } finally {
      source.close();
    }
  } catch {
    // A damaged database is a reason to restore: the restore goes on, and says so.
    return 'unreadable';
  }
  if (erasures.length === 0) return { erasures: 0, submissions: 0 };
  const target = await sqliteEngine(`file:${staged}`, undefined, { wal: false });
  try {
    await migrate(target);
    return await eraseAgain(target, erasures);
  } finally {
    await target.close();
  }
}

/** The restore's and the command's line about it. */
export function erasedAgainLine(done: ErasedAgain | 'unreadable'): string {
  if (done === 'unreadable') {
    return (
      'The database it replaced could not be read, so the erasures it recorded were not made ' +
      'again: run npm run db -- erase-again --from FILE with the copy it was set aside as.\n'
    );
  }
  const { submissions } = done;
  if (submissions === 0) return 'No submission erased since this backup was made is in it.\n';
  return (
    `${submissions} ${submissions === 1 ? 'submission' : 'submissions'} erased since this backup ` +
    `was made ${submissions === 1 ? 'was' : 'were'} erased again.\n`
  );
}

async function erasuresInPostgres(url: string): Promise<PastErasure[]> {
  const source = postgresEngine(url, () => {});
  try {
    return await pastErasures(source.db);
  } finally {
    await source.close();
  }
}

/**
 * A set-aside copy or a backup, only read (`openReadOnly`; `query_only` besides), so it may be on
 * read-only media. A WAL-mode file whose -wal is there but whose -shm is not cannot be read where
 * the folder cannot be written: SQLite needs the -shm to read the WAL.
 */
async function erasuresInFile(file: string): Promise<PastErasure[]> {
  let source;
  try {
    source = openReadOnly(file);
  } catch (error) {
    if (!existsSync(`${file}-wal`)) throw error;
    throw new ToolError(
      `${shown(file)} could not be opened read-only: it has a -wal beside it and no -shm, and ` +
        'its folder cannot be written. Copy it with its -wal to a folder that can be, and give ' +
        'that copy.',
    );
  }
  try {
    await source.execute('PRAGMA query_only = ON');
    return await pastErasures(libsqlKysely(source));
  } finally {
    source.close();
  }
}

/**
 * `npm run db -- erase-again --from FILE|URL`: the erasures recorded in another database (the one a
 * restore replaced: a SQLite file set aside, or the Postgres database a dump was restored beside)
 * erased again in the server's (DATA_DIR or DATABASE_URL). The report to print.
 */
export async function eraseAgainFrom(
  env: Record<string, string | undefined>,
  from: string,
): Promise<string> {
  if (!isPostgresUrl(from) && !existsSync(from)) throw new ToolError(`No file ${shown(from)}`);
  const erasures = isPostgresUrl(from)
    ? await erasuresInPostgres(from)
    : await erasuresInFile(from);
  const database = await openDatabase(databaseConfig(env));
  try {
    return erasedAgainLine(await eraseAgain(database.engine, erasures));
  } finally {
    await database.close();
  }
}
