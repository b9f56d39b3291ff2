import type { CompiledQuery, Compilable, Kysely, RawBuilder, SelectQueryBuilder } from 'kysely';
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
 * The inbox's full-text search, which each engine does its own way (FTS5 on SQLite, a tsvector
 * column on Postgres).
 */
export interface SearchIndex {
  /** Catches up with what arrived since the last search (SQLite indexes lazily; Postgres on write). */
  catchUp(): Promise<void>;
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
  close(): Promise<void>;
}
