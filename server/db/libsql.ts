import type { Client, InStatement, InValue, ResultSet, Transaction } from '@libsql/client';
import {
  CompiledQuery,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { Row } from './engine.ts';
import type { Tables } from './tables.ts';

/** A libSQL result as plain objects, one per row, keyed by column name. */
export function plainRows(result: ResultSet): Row[] {
  const { columns } = result;
  // A plain loop: Object.fromEntries costs four times as much on a few thousand rows.
  return result.rows.map((values) => {
    const row: Row = {};
    for (let index = 0; index < columns.length; index += 1) {
      row[columns[index] ?? ''] = values[index];
    }
    return row;
  });
}

export function toStatement(query: CompiledQuery): InStatement {
  return { sql: query.sql, args: query.parameters as InValue[] };
}

/**
 * One connection as Kysely sees it: the shared client, or, inside a transaction, the libSQL
 * transaction (which takes a connection of its own: reads go on beside it).
 */
class LibsqlConnection implements DatabaseConnection {
  transaction: Transaction | undefined;

  constructor(readonly client: Client) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await (this.transaction ?? this.client).execute(toStatement(query));
    return {
      rows: plainRows(result) as R[],
      numAffectedRows: BigInt(result.rowsAffected),
      insertId: result.lastInsertRowid,
    };
  }

  // eslint-disable-next-line require-yield -- the interface asks for a generator; nothing streams
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('libSQL results are not streamed');
  }
}

/** Kysely's driver for a @libsql/client Client: a local file or a remote libSQL server. */
class LibsqlDriver implements Driver {
  constructor(private readonly client: Client) {}

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new LibsqlConnection(this.client);
  }

  async beginTransaction(connection: DatabaseConnection) {
    (connection as LibsqlConnection).transaction = await this.client.transaction('write');
  }

  async commitTransaction(connection: DatabaseConnection) {
    const libsql = connection as LibsqlConnection;
    await libsql.transaction?.commit();
    libsql.transaction?.close();
    libsql.transaction = undefined;
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    const libsql = connection as LibsqlConnection;
    await libsql.transaction?.rollback();
    libsql.transaction?.close();
    libsql.transaction = undefined;
  }

  async releaseConnection() {}

  async destroy() {
    this.client.close();
  }
}

export function libsqlKysely(client: Client): Kysely<Tables> {
  const dialect: Dialect = {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new LibsqlDriver(client),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
  return new Kysely<Tables>({ dialect });
}
