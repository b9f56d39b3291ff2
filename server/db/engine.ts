import {
  sql,
  type AliasedRawBuilder,
  type CompiledQuery,
  type Compilable,
  type Expression,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { Tables } from './tables.ts';

/** What a query's rows look like before they are read field by field. */
export type Row = Record<string, unknown>;

/** The column that orders a search's matches by arrival. */
export type SearchOrder = 'submissions.seq' | 'submissions_search.rowid';

/** A query of a batch: Kysely's builder, or the `sql` template tag. */
export type Query = Compilable | RawBuilder<unknown>;

/** A batch's query as SQL and parameters for `db`'s dialect. */
export function compileQuery(db: Kysely<Tables>, query: Query): CompiledQuery {
  return 'isRawBuilder' in query ? query.compile(db) : query.compile();
}

export type EngineKind = 'sqlite' | 'postgres';

/**
 * Codes and messages of errors that say the database is busy or briefly out of reach, not that
 * the request was wrong: a lock not granted in time (Postgres's lock_timeout, SQLite's busy
 * wait), a statement over its limit, a conflict left after its retries, a connection the server
 * ended, or none to be had in time.
 */
const BUSY_CODES = new Set([
  '55P03',
  '57014',
  '40001',
  '40P01',
  '53300',
  '57P01',
  '57P02',
  '57P03',
  '25P03',
  'ECONNREFUSED',
  'ECONNRESET',
  'SQLITE_BUSY',
]);
const BUSY_MESSAGES = [
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
];

/** Whether `error` says the database is busy or out of reach: the same request may succeed later. */
export function databaseBusy(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && BUSY_CODES.has(code)) return true;
  return typeof message === 'string' && BUSY_MESSAGES.includes(message);
}

/** The indexes a query of `submissions` may be read through (`Engine.submissionsThrough`). */
export type SubmissionsIndex = 'submissions_roster' | 'submissions_weekly';

/** `submissions` for a query's FROM, with what the engine writes after its name (a hint). */
export function submissionsFrom(
  hint: RawBuilder<unknown>,
): AliasedRawBuilder<Selectable<Tables['submissions']>, 'submissions'> {
  return sql<Selectable<Tables['submissions']>>`submissions`.as<'submissions'>(
    sql`submissions${hint}`,
  );
}

/**
 * The inbox's full-text search, which each engine does its own way (FTS5 on SQLite, a tsvector
 * column on Postgres).
 */
export interface SearchIndex {
  /** Catches up with what arrived since the last search (SQLite indexes lazily; Postgres on write). */
  catchUp(): Promise<void>;
  /**
   * The statement that takes the rows of these `seq`s out of the index, for the transaction that
   * erases them; none where the index lives in the row itself (Postgres's column).
   */
  forget(seqs: Expression<unknown>): Query | undefined;
  /**
   * When set, a page of matches is read first among the `window` newest (from the cursor), then,
   * if that did not fill it, among the rest: an index that cannot give its matches in order would
   * otherwise fetch and sort every match of a common word.
   */
  window?: number;
  /**
   * Narrows a query of `submissions` to the rows matching `words` (letters and digits only, each a
   * prefix that must occur), and gives the column to order it by, newest first or oldest first.
   */
  match<O>(
    query: SelectQueryBuilder<Tables, 'submissions', O>,
    words: readonly string[],
  ): { query: SelectQueryBuilder<Tables, 'submissions', O>; orderBy: SearchOrder };
}

/**
 * One database engine behind the one interface the store, the outbox and the inbox use. Queries
 * are written once with Kysely (`db`); what really differs between the engines lives in the
 * engine's own module: how a group of writes is committed, the search index, the order of arrival.
 */
export interface Engine {
  kind: EngineKind;
  db: Kysely<Tables>;
  /**
   * Runs the queries in one transaction, in order, and answers each one's rows. On SQLite the
   * writes that arrive together share one commit (group commit); on Postgres each group is a
   * transaction of its own on the pool.
   */
  batch(queries: readonly Query[]): Promise<Row[][]>;
  /** The next `seq` (order of arrival) as an SQL expression for an insert. */
  nextSeq: string;
  /**
   * The database server's clock, in ms since the epoch, as an SQL expression: times that several
   * instances compare (the outbox's leases) are all read from this one clock, not each machine's.
   */
  nowMs: string;
  search: SearchIndex;
  /**
   * A parameter with its type, for the select list of an `INSERT … SELECT`: Postgres cannot infer
   * a type there and would take it for text; SQLite needs no cast.
   */
  typed(value: unknown, kind: 'integer' | 'text' | 'bytes'): RawBuilder<unknown>;
  /** Whether `text` holds `part` exactly: no LIKE, whose `%` and `_` are wildcards. */
  contains(text: Expression<string | null>, part: string): Expression<SqlBool>;
  /**
   * `query` locking the rows it reads until its transaction ends: on Postgres FOR UPDATE (with
   * `skipLocked`, rows another transaction holds are passed over, not waited for; with `share`,
   * FOR SHARE: readers share it, an UPDATE of the rows waits for it and it for the UPDATE, then
   * the rows are read again as committed). SQLite writes one transaction at a time: the query as it is.
   */
  locking<DB, TB extends keyof DB, O>(
    query: SelectQueryBuilder<DB, TB, O>,
    options?: { skipLocked?: boolean; share?: boolean },
  ): SelectQueryBuilder<DB, TB, O>;
  /**
   * `submissions` for a query's FROM, read through `index`: SQLite's planner would pick an index
   * with more equalities and then read every row it names, where this one covers the query (the
   * hint goes after the alias). Postgres plans on its statistics and needs none.
   */
  submissionsThrough(
    index: SubmissionsIndex,
  ): AliasedRawBuilder<Selectable<Tables['submissions']>, 'submissions'>;
  /**
   * After many rows were inserted at once with `seq` numbers of their own (a benchmark's data): the
   * order of arrival goes on after them, and the planner knows the table as it would after months
   * of use (on Postgres: the sequence set, and VACUUM ANALYZE).
   */
  afterBulkLoad(): Promise<void>;
  close(): Promise<void>;
}
