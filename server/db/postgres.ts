import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { compileQuery, type Engine, type Row, type SearchIndex } from './engine.ts';
import type { Tables } from './tables.ts';

/** Postgres's type ids of the values read as numbers: BIGINT (times, ids, counts) and NUMERIC. */
const INT8 = 20;
const NUMERIC = 1700;

/** Errors after which a whole transaction is simply tried again: serialization, deadlock. */
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 3;

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String(error.code)
    : undefined;
}

/**
 * The Postgres engine: a connection pool shared by every query of this instance. Several
 * instances may share the database: what must happen once (migrations, the outbox's claims) is
 * locked in the database itself.
 */
export function postgresEngine(url: string, onError: (error: Error) => void): Engine {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A database that does not answer fails the request (and /healthz) instead of hanging it.
    connectionTimeoutMillis: 5000,
    types: {
      getTypeParser: (id, format) =>
        id === INT8 || id === NUMERIC
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(id, format),
    },
  });
  // An idle connection the server dropped (a restart, a failover) must not end the process.
  pool.on('error', onError);
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });

  async function batchOnce(queries: readonly CompiledQuery[]): Promise<Row[][]> {
    return db.transaction().execute(async (transaction) => {
      const results: Row[][] = [];
      for (const query of queries) {
        results.push((await transaction.executeQuery<Row>(query)).rows);
      }
      return results;
    });
  }

  return {
    kind: 'postgres',
    db,
    async batch(queries) {
      const compiled = queries.map((query) => compileQuery(db, query));
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await batchOnce(compiled);
        } catch (error) {
          if (attempt >= ATTEMPTS || !RETRYABLE.has(errorCode(error) ?? '')) throw error;
        }
      }
    },
    nextSeq: "nextval('submissions_seq_counter')",
    search: tsvectorSearch(),
    typed: (value, kind) =>
      sql`CAST(${value} AS ${sql.raw({ integer: 'BIGINT', text: 'TEXT', bytes: 'BYTEA' }[kind])})`,
    close: () => db.destroy(),
  };
}

/**
 * A `tsvector` column kept by a trigger (migration 6): every field, the phone's digits, the note
 * and the id, accents removed (`unaccent`), split on everything but letters and digits.
 */
function tsvectorSearch(): SearchIndex {
  return {
    async catchUp() {},
    // A common prefix fills a page within the newest 2,000; a rare word's matches are few.
    window: 2000,
    match(query, words) {
      // Each word a quoted prefix: nothing typed is read as tsquery syntax.
      const terms = sql`(SELECT string_agg(quote_literal(unaccent(word)) || ':*', ' & ')
        FROM unnest(CAST(${[...words]} AS TEXT[])) AS word)`;
      return {
        query: query.where(sql<boolean>`submissions.search @@ to_tsquery('simple', ${terms})`),
        orderBy: 'submissions.seq',
      };
    },
  };
}
