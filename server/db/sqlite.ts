import { createClient } from '@libsql/client';
import { sql, type SqlBool } from 'kysely';
import { groupCommitter } from './group-commit.ts';
import { searchText } from './search-text.ts';
import { compileQuery, submissionsFrom, type Engine, type SearchIndex } from './engine.ts';
import { databaseAt } from '../config.ts';
import { libsqlKysely, plainRows, toStatement } from './libsql.ts';

/**
 * The SQLite engine: a local file (the default) or a remote libSQL server, through @libsql/client.
 */
export async function sqliteEngine(
  url: string,
  authToken?: string,
  options: { wal?: boolean } = {},
): Promise<Engine> {
  const local = databaseAt(url) === 'file';
  const client = createClient({
    url,
    authToken,
    // Every local call is synchronous underneath: one connection serialises writes in this process;
    // the busy timeout covers another process (the CLI) holding the file for a moment.
    ...(local ? { concurrency: 1, timeout: 5000 } : {}),
  });
  try {
    if (local) {
      // Not for a file a tool prepares and hands on whole (a restore's staged copy): a file in WAL
      // mode stays locked by this process after its close, as far as another process can tell.
      if (options.wal !== false) await client.execute('PRAGMA journal_mode = WAL');
      // FULL: a commit is on disk before the visitor is told it was received.
      await client.execute('PRAGMA synchronous = FULL');
    }
  } catch (error) {
    client.close();
    throw error;
  }
  const db = libsqlKysely(client);
  const write = groupCommitter(client);
  return {
    kind: 'sqlite',
    db,
    async batch(queries) {
      const results = await write(queries.map((query) => toStatement(compileQuery(db, query))));
      return results.map(plainRows);
    },
    // The counter of migration 11, not MAX(seq) + 1: an erased newest row's seq is never given
    // again. (MAX(seq) only for a database not yet at migration 11: the migrations' own tests.)
    nextSeq: `(COALESCE((SELECT CAST(value AS INTEGER) FROM settings
      WHERE name = 'submissions_last_seq'), (SELECT MAX(seq) FROM submissions), 0) + 1)`,
    // julianday('now') is to the millisecond on every SQLite version (unixepoch('subsec') needs 3.42).
    nowMs: "CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)",
    search: ftsSearch(db),
    typed: (value) => sql`${value}`,
    contains: (text, part) => sql<SqlBool>`instr(${text}, ${part}) > 0`,
    locking: (query) => query,
    submissionsThrough: (index) => submissionsFrom(sql` INDEXED BY ${sql.raw(index)}`),
    afterBulkLoad: async () => {},
    close: () => db.destroy(),
  };
}

/**
 * FTS5 (see migration 2): new submissions are indexed when the inbox next searches, never while a
 * visitor waits for the answer to a post; `search_indexed_seq` says how far it got.
 */
function ftsSearch(db: Engine['db']): SearchIndex {
  let indexing: Promise<void> | undefined;
  const indexed = sql`(SELECT CAST(value AS INTEGER) FROM settings WHERE name = 'search_indexed_seq')`;
  return {
    async catchUp() {
      const behind = await sql<{ behind: number }>`
        SELECT COALESCE(MAX(seq), 0) > ${indexed} AS behind FROM submissions`.execute(db);
      if (!Number(behind.rows[0]?.behind)) return;
      indexing ??= db
        .transaction()
        .execute(async (transaction) => {
          await sql`INSERT INTO submissions_search (rowid, body)
            SELECT seq, ${sql.raw(searchText('submissions'))} FROM submissions
            WHERE seq > ${indexed}`.execute(transaction);
          await sql`UPDATE settings SET value = (SELECT COALESCE(MAX(seq), 0) FROM submissions)
            WHERE name = 'search_indexed_seq'`.execute(transaction);
        })
        .finally(() => {
          indexing = undefined;
        });
      await indexing;
    },
    forget(seqs) {
      return sql`DELETE FROM submissions_search WHERE rowid IN (${seqs})`;
    },
    match(query, words) {
      const text = words.map((word) => `"${word}"*`).join(' ');
      return {
        // FTS5 gives its matches in rowid (= seq) order: a page stops early, whatever the word.
        query: query
          .innerJoin('submissions_search', 'submissions_search.rowid', 'submissions.seq')
          .where(sql<boolean>`submissions_search MATCH ${text}`),
        orderBy: 'submissions_search.rowid',
      };
    },
  };
}
