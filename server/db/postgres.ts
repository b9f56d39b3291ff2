import {
  Kysely,
  PostgresDialect,
  sql,
  type CompiledQuery,
  type SqlBool,
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
} from 'kysely';
import pg from 'pg';
import { POSTGRES_LIMITS, type PostgresLimits } from '../config.ts';
import {
  compileQuery,
  submissionsFrom,
  type Engine,
  type Row,
  type SearchIndex,
} from './engine.ts';
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

/** How much longer than the server's statement limit the client waits for an answer (at most). */
const CLIENT_GRACE_MS = 5000;

/** Errors that say the connection itself is gone (the server ended it, or the socket closed). */
const CONNECTION_ENDED = new Set(['57P01', '57P02', '25P03']);
const CONNECTION_GONE = [
  'Connection terminated unexpectedly',
  'Client has encountered a connection error and is not queryable',
];

function connectionGone(error: unknown): boolean {
  if (CONNECTION_ENDED.has(errorCode(error) ?? '')) return true;
  return error instanceof Error && CONNECTION_GONE.includes(error.message);
}

/**
 * A statement that may simply run again on another connection when it was the first of a
 * checkout and its connection turned out dead: it started no work that could have been kept (a
 * transaction's `begin`, a read). Anything else fails as it is: it may have been committed.
 */
const REPEATABLE = /^\s*(begin|start transaction|select)\b/i;

/**
 * The pool as Kysely takes it, with what pg's pool leaves to its user:
 * - a connection whose query the client gave up on (no answer within `query_timeout`: a paused
 *   server, a half-open connection) is closed instead of reused: its socket may never answer
 *   again, and the next query would wait behind the lost one;
 * - a connection the server ends while it is checked out (`idle_in_transaction_session_timeout`,
 *   an operator's `pg_terminate_backend`) is reported to `onError` and closed, instead of its
 *   `error` event ending the process;
 * - a connection that died while idle in the pool, found by the first statement of a checkout,
 *   is replaced and that statement run again when it is `REPEATABLE`.
 */
function discardingPool(pool: pg.Pool, onError: (error: Error) => void): PostgresPool {
  return {
    options: pool.options,
    end: () => pool.end(),
    connect: () => checkedOut(pool, onError),
  };
}

/** One checkout of `discardingPool`: a connection of `pool`, replaced when found dead at once. */
async function checkedOut(
  pool: pg.Pool,
  onError: (error: Error) => void,
): Promise<PostgresPoolClient> {
  let client: pg.PoolClient | undefined;
  let lost = false;
  let used = false;
  const ended = (error: Error) => {
    lost = true;
    onError(error);
  };
  const take = async () => {
    client = await pool.connect();
    lost = false;
    client.on('error', ended);
    return client;
  };
  const giveBack = (destroy: boolean) => {
    client?.removeListener('error', ended);
    client?.release(destroy || lost);
    client = undefined;
  };

  async function run(text: string, parameters: unknown[]): Promise<pg.QueryResult> {
    const first = !used;
    used = true;
    if (!client) throw new Error('the connection was given back');
    // A server that ended every connection (a restart, an operator) leaves the pool's idle ones
    // dead together: the next one taken may be dead too, so each is replaced in turn, up to as
    // many as the pool holds, and a new one opened after them.
    for (let tries = (pool.options.max ?? 10) + 1; ; tries -= 1) {
      try {
        return await client.query(text, parameters);
      } catch (error: unknown) {
        if (error instanceof Error && error.message === 'Query read timeout') lost = true;
        if (!connectionGone(error)) throw error;
        lost = true;
        if (!first || !REPEATABLE.test(text) || tries <= 1) throw error;
        giveBack(true);
        await take();
      }
    }
  }

  function query<R>(text: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query<R>(
    text: string | PostgresCursor<R>,
    parameters: readonly unknown[] = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Kysely streams through a cursor only when given one (the dialect here has none).
    if (typeof text !== 'string') throw new Error('query streams are not used');
    return run(text, [...parameters]).then((result) => result as PostgresQueryResult<R>);
  }
  await take();
  return { query, release: (destroy?: boolean) => giveBack(destroy === true) };
}

/** The pool's settings: its size, type parsers, and every time limit (PostgresLimits). */
function poolConfig(url: string, limits: PostgresLimits): pg.PoolConfig {
  const off = (ms: number) => (ms > 0 ? ms : undefined);
  return {
    connectionString: url,
    max: 10,
    // A database that does not answer fails the request (and /healthz) instead of hanging it.
    connectionTimeoutMillis: limits.connectTimeoutMs,
    // Set on each session at its start: the server ends what runs or waits too long.
    statement_timeout: off(limits.statementTimeoutMs),
    lock_timeout: off(limits.lockTimeoutMs),
    idle_in_transaction_session_timeout: off(limits.idleInTransactionTimeoutMs),
    // A server that cannot even say so (paused, unreachable): the client stops waiting.
    query_timeout: off(
      limits.statementTimeoutMs &&
        limits.statementTimeoutMs + Math.min(CLIENT_GRACE_MS, limits.statementTimeoutMs),
    ),
    // A connection whose other end vanished (a failover, a dropped NAT entry) is found and closed.
    keepAlive: true,
    keepAliveInitialDelayMillis: limits.keepAliveDelayMs,
    types: {
      getTypeParser: (id, format) =>
        id === INT8 || id === NUMERIC
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(id, format),
    },
  };
}

/**
 * The Postgres engine: a connection pool shared by every query of this instance. Several
 * instances may share the database: what must happen once (migrations, the outbox's claims) is
 * locked in the database itself.
 */
export function postgresEngine(
  url: string,
  onError: (error: Error) => void,
  limits: Partial<PostgresLimits> = {},
): Engine {
  const pool = new pg.Pool(poolConfig(url, { ...POSTGRES_LIMITS, ...limits }));
  // An idle connection the server dropped (a restart, a failover) must not end the process.
  pool.on('error', onError);
  const db = new Kysely<Tables>({
    dialect: new PostgresDialect({ pool: discardingPool(pool, onError) }),
  });

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
    // clock_timestamp(), not now(): the time of the statement, not of its transaction's start.
    nowMs: 'CAST(FLOOR(EXTRACT(EPOCH FROM clock_timestamp()) * 1000) AS BIGINT)',
    search: tsvectorSearch(),
    typed: (value, kind) =>
      sql`CAST(${value} AS ${sql.raw({ integer: 'BIGINT', text: 'TEXT', bytes: 'BYTEA' }[kind])})`,
    contains: (text, part) => sql<SqlBool>`strpos(${text}, ${part}) > 0`,
    locking: (query, options) => {
      const locked = options?.share ? query.forShare() : query.forUpdate();
      return options?.skipLocked ? locked.skipLocked() : locked;
    },
    submissionsThrough: () => submissionsFrom(sql``),
    async afterBulkLoad() {
      await sql`SELECT setval('submissions_seq_counter', COALESCE(MAX(seq), 0) + 1, false)
        FROM submissions`.execute(db);
      // What autovacuum does while rows arrive over months: the statistics, and the visibility map
      // that lets the counts read their indexes alone (a fresh bulk load would scan the table).
      await sql`VACUUM ANALYZE submissions`.execute(db);
    },
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
    forget: () => undefined,
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
