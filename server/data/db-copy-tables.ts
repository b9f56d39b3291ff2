// The tables of `npm run db -- copy` (server/data/db-copy.ts): every row of each, SQLite to Postgres,
// and a checksum of both sides that the two engines compute alike.
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Row } from '../db/engine.ts';
import { TABLE_ORDER, type Tables } from '../db/tables.ts';

type CopiedTable = (typeof TABLE_ORDER)[number];

/**
 * The key each table is read in order of, a chunk at a time (keyset: never an offset, which reads
 * every row before it again): its primary key's column, or columns.
 */
const KEYS: { [T in CopiedTable]: readonly (keyof Tables[T] & string)[] } = {
  settings: ['name'],
  users: ['id'],
  sessions: ['token_hash'],
  rate_counters: ['key'],
  failed_sign_ins: ['id'],
  spent_challenges: ['signature'],
  submissions: ['id'],
  dedupe_keys: ['key'],
  attachments: ['id'],
  outbox: ['id'],
  submission_events: ['id'],
  acknowledged_addresses: ['address_hash'],
  site_versions: ['version'],
  site_draft: ['id'],
  site_media_files: ['name'],
  erasures: ['id'],
  erased_submissions: ['erasure_id', 'submission_id'],
  site_instances: ['id'],
  replies: ['id'],
  reply_templates: ['id'],
  push_devices: ['id'],
  push_queue: ['id'],
  visit_salts: ['day'],
  visitor_days: ['day', 'visitor'],
  visit_pages: ['day', 'page', 'language'],
  visit_sources: ['day', 'language', 'source_kind', 'source_name', 'campaign'],
  weekly_reports: ['week_start', 'user_id'],
};

/**
 * Rows left behind: SQLite's counter of the last `seq` given (migration 11), which Postgres keeps in
 * its sequence (set past the copied rows, see resetSequences) and nothing there reads.
 */
const LEFT_OUT: Partial<Record<CopiedTable, ReturnType<typeof sql>>> = {
  settings: sql`name <> 'submissions_last_seq'`,
};

/** Rows per chunk: attachments hold whole files. */
const chunkRows = (table: CopiedTable, rows: number) =>
  table === 'attachments' || table === 'site_media_files' ? Math.min(16, rows) : rows;

/** The rows of a table, a chunk at a time, in an order the engine keeps between chunks. */
async function* chunks(
  db: Kysely<Tables>,
  table: CopiedTable,
  columns: readonly string[],
  rowsPerChunk: number,
): AsyncGenerator<Row[]> {
  const key: readonly string[] = KEYS[table];
  const limit = chunkRows(table, rowsPerChunk);
  const keyList = sql.join(key.map((column) => sql.ref(column)));
  let after: unknown[] | undefined;
  for (;;) {
    const where = [
      ...(LEFT_OUT[table] ? [LEFT_OUT[table]] : []),
      // A row value comparison, as both engines order the key (the same order as ORDER BY's).
      ...(after ? [sql`(${keyList}) > (${sql.join(after)})`] : []),
    ];
    const { rows } = await sql<Row>`SELECT ${sql.join(columns.map((column) => sql.ref(column)))}
      FROM ${sql.table(table)} ${where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}
      ORDER BY ${keyList} LIMIT ${limit}`.execute(db);
    if (rows.length > 0) yield rows;
    if (rows.length < limit) return;
    const last = rows.at(-1);
    after = key.map((column) => last?.[column]);
  }
}

/**
 * A value as both engines give it: text and numbers as they are (Postgres's BIGINT is read as a
 * number, see db/postgres.ts), bytes (an ArrayBuffer from libSQL, a Buffer from pg) as hex.
 */
function canonical(value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof ArrayBuffer) return { bytes: Buffer.from(value).toString('hex') };
  if (ArrayBuffer.isView(value)) {
    return { bytes: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex') };
  }
  throw new Error(`Unexpected value of type ${typeof value}`);
}

const MODULUS = 1n << 256n;

/**
 * A table's row count and checksum: the sum of the rows' SHA-256 (of their values, column by
 * column), modulo 2^256. The sum does not depend on the order of the rows, which differs between
 * the engines for text keys (Postgres sorts by its collation, SQLite by bytes).
 */
export class TableDigest {
  rows = 0;
  private sum = 0n;

  add(row: Row, columns: readonly string[]): void {
    const text = JSON.stringify(columns.map((column) => canonical(row[column])));
    const hash = createHash('sha256').update(text).digest('hex');
    this.sum = (this.sum + BigInt(`0x${hash}`)) % MODULUS;
    this.rows += 1;
  }

  get checksum(): string {
    return this.sum.toString(16).padStart(64, '0');
  }
}

/** A value as pg sends it: libSQL's bytes as a Buffer (BYTEA). */
function forPostgres(value: unknown): unknown {
  return value instanceof ArrayBuffer ? Buffer.from(value) : value;
}

async function insertRows(
  db: Kysely<Tables>,
  table: CopiedTable,
  columns: readonly string[],
  rows: readonly Row[],
): Promise<void> {
  const values = rows.map(
    (row) => sql`(${sql.join(columns.map((column) => forPostgres(row[column])))})`,
  );
  await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
    VALUES ${sql.join(values)}`.execute(db);
}

/** The columns of a SQLite table, in their order. */
async function columnsOf(db: Kysely<Tables>, table: CopiedTable): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})
    ORDER BY cid`.execute(db);
  return rows.map((row) => row.name);
}

/**
 * Sets each sequence past the copied ids: the order of arrival (`submissions_seq_counter`, past
 * SQLite's counter too: an erased newest submission's `seq` is never given again), and every identity column (outbox.id…), which rows inserted with their ids did not move.
 */
async function resetSequences(db: Kysely<Tables>, lastSeq: number): Promise<void> {
  await sql`SELECT setval('submissions_seq_counter', GREATEST(COALESCE(MAX(seq), 0), ${lastSeq}) + 1,
    false) FROM submissions`.execute(db);
  const identities = await sql<{ table_name: string; column_name: string }>`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND is_identity = 'YES'`.execute(db);
  for (const { table_name: table, column_name: column } of identities.rows) {
    await sql`SELECT setval(pg_get_serial_sequence(${table}, ${column}),
      COALESCE(MAX(${sql.ref(column)}), 0) + 1, false) FROM ${sql.table(table)}`.execute(db);
  }
}

/** The last `seq` SQLite gave (migration 11's counter), which may be above the rows' highest. */
async function lastSeqOf(source: Kysely<Tables>): Promise<number> {
  const row = await source
    .selectFrom('settings')
    .select('value')
    .where('name', '=', 'submissions_last_seq')
    .executeTakeFirst();
  return Number(row?.value ?? 0);
}

export interface TableCheck {
  table: CopiedTable;
  source: TableDigest;
  target: TableDigest;
}

/**
 * Copies every table in one transaction, then reads the copy back inside it: a copy whose rows
 * differ is rolled back, and the target stays empty for another try.
 */
export async function copyTables(
  source: Kysely<Tables>,
  target: Kysely<Tables>,
  progress: (text: string) => void,
  rowsPerChunk = 500,
): Promise<TableCheck[]> {
  return target.transaction().execute(async (transaction) => {
    const checks: TableCheck[] = [];
    for (const table of TABLE_ORDER) {
      const columns = await columnsOf(source, table);
      const check = { table, source: new TableDigest(), target: new TableDigest() };
      for await (const rows of chunks(source, table, columns, rowsPerChunk)) {
        for (const row of rows) check.source.add(row, columns);
        await insertRows(transaction, table, columns, rows);
      }
      for await (const rows of chunks(transaction, table, columns, rowsPerChunk)) {
        for (const row of rows) check.target.add(row, columns);
      }
      const n = check.source.rows;
      progress(`${table}: ${n} row${n === 1 ? '' : 's'} copied\n`);
      checks.push(check);
    }
    await resetSequences(transaction, await lastSeqOf(source));
    if (checks.some((check) => !same(check))) throw new CopyMismatch(checks);
    return checks;
  });
}

export const same = (check: TableCheck) =>
  check.source.rows === check.target.rows && check.source.checksum === check.target.checksum;

/** Some table's copy differs: nothing was committed. */
export class CopyMismatch extends Error {
  constructor(readonly checks: TableCheck[]) {
    super('the copy differs from the source');
  }
}

/** The table of counts and checksums, both sides, one line per table. */
export function checkTable(checks: readonly TableCheck[]): string {
  const rows = [
    ['TABLE', 'SQLITE ROWS', 'POSTGRES ROWS', 'SQLITE CHECKSUM', 'POSTGRES CHECKSUM', ''],
    ...checks.map((check) => [
      check.table,
      String(check.source.rows),
      String(check.target.rows),
      check.source.checksum.slice(0, 16),
      check.target.checksum.slice(0, 16),
      same(check) ? 'same' : 'DIFFERENT',
    ]),
  ];
  const widths = rows[0]?.map((_, column) =>
    Math.max(...rows.map((row) => row[column]?.length ?? 0)),
  );
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths?.[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
