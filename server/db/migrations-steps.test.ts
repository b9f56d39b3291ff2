// A database that grew with the releases, one migration at a time, must be the database a new
// install gets: the same tables, columns, indexes and triggers, and for the same submissions the
// same roster text (the roster filters) and search text. The grown one's rows got theirs from the
// frozen SQL of migrations 2, 5 and 6; the new one's from the store and the search index of today.
// When they differ, today's text changed without a migration that rewrites the old rows'
// (docs/migrations.md).
import { sql, type Kysely } from 'kysely';
import { createStore } from '../store/store.ts';
import { engines } from '../testing/engines.ts';
import { applicationBody, quoteBody } from '../testing/fixtures.ts';
import type { DatabaseConfig } from '../config.ts';
import { isPostgresUrl, migrate, openDatabase } from './database.ts';
import type { Engine } from './engine.ts';
import { migrations } from './migrations.ts';
import { postgresEngine } from './postgres.ts';
import { sqliteEngine } from './sqlite.ts';
import type { Tables } from './tables.ts';

const T0 = Date.parse('2030-05-01T12:00:00Z');
const LATEST = migrations.at(-1)?.version ?? 0;

/**
 * The version each engine's first databases held rows at: SQLite's since the first release;
 * Postgres arrived with migration 6, so every Postgres database went from 0 to 6 at once, empty.
 */
const FIRST_ROWS_AT = { sqlite: 1, postgres: 6 } as const;

/** Submissions of both forms: accents, a phone number's punctuation, lists and single values. */
const rows: { form: 'quote' | 'application'; fields: Record<string, unknown> }[] = [
  { form: 'quote', fields: { ...quoteBody(1, { clientName: 'Jordan Álvarez' }) } },
  { form: 'application', fields: { ...applicationBody(2) } },
  {
    form: 'application',
    fields: {
      ...applicationBody(3, { languages: ['Español'], shiftPreference: 'mañana', skills: [] }),
      positionInterest: 'Server',
    },
  },
  { form: 'quote', fields: { ...quoteBody(4, { phone: '+1 (571) 555.0100' }) } },
];

/**
 * The roster's filters (name, field) when Postgres arrived at version 6, kept as they were: the
 * rows of then hold their roster text, whatever filters the app has since.
 */
const ROSTER_FILTERS_OF_VERSION_6 = [
  ['position', 'positionInterest'],
  ['language', 'languages'],
  ['day', 'availability'],
  ['shift', 'shiftPreference'],
  ['experience', 'hasExperience'],
] as const;

function rosterOfVersion6(fields: Record<string, unknown>): string {
  const tags = ROSTER_FILTERS_OF_VERSION_6.flatMap(([name, field]) => {
    const value = fields[field];
    if (value === undefined || value === null) return [];
    return (Array.isArray(value) ? value : [value]).map((item) => `${name}:${String(item)}`);
  });
  return `|${tags.join('|')}|`;
}

async function engineFor({ url }: DatabaseConfig): Promise<Engine> {
  return isPostgresUrl(url) ? postgresEngine(url, () => {}) : sqliteEngine(url);
}

/**
 * The rows as the app of `version` wrote them: at version 1 (SQLite) the columns of the first
 * release; at version 6 (Postgres) the store's columns then, numbered by the sequence.
 */
async function insertAsOf(engine: Engine, version: number, ids: readonly string[]) {
  for (const [index, row] of rows.entries()) {
    const values = {
      id: ids[index] ?? '',
      form: row.form,
      received_at: T0 + index * 60_000,
      fields: JSON.stringify(row.fields),
      client_hash: null,
      user_agent: 'an older browser',
    };
    if (version === 1) {
      await engine.db.insertInto('submissions').values(values).execute();
      continue;
    }
    await engine.db
      .insertInto('submissions')
      .values({
        ...values,
        status: 'new',
        note: '',
        roster: row.form === 'application' ? rosterOfVersion6(row.fields) : null,
        seq: sql<number>`${sql.raw(engine.nextSeq)}`,
      })
      .execute();
  }
}

/** Tables, columns, indexes and triggers, as the engine's catalogue states them. */
async function schemaOf(engine: Engine): Promise<unknown[]> {
  if (engine.kind === 'sqlite') {
    const { rows: objects } = await sql`SELECT type, name, tbl_name, sql FROM sqlite_master
      WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name`.execute(engine.db);
    return objects;
  }
  const catalogue = [
    sql`SELECT table_name, column_name, data_type, is_nullable, column_default, is_identity
      FROM information_schema.columns WHERE table_schema = current_schema()
      ORDER BY table_name, column_name`,
    sql`SELECT tablename, indexname, indexdef FROM pg_indexes
      WHERE schemaname = current_schema() ORDER BY tablename, indexname`,
    sql`SELECT trigger_name, event_manipulation, action_timing, action_statement
      FROM information_schema.triggers WHERE trigger_schema = current_schema()
      ORDER BY trigger_name, event_manipulation`,
    sql`SELECT sequence_name, data_type FROM information_schema.sequences
      WHERE sequence_schema = current_schema() ORDER BY sequence_name`,
  ];
  const results = [];
  for (const query of catalogue) results.push((await query.execute(engine.db)).rows);
  return results;
}

/** Each submission's roster text and searchable words (in order), by id. */
async function textsOf(engine: Engine): Promise<Record<string, unknown>> {
  const roster = await engine.db
    .selectFrom('submissions')
    .select(['id', 'roster'])
    .orderBy('id')
    .execute();
  return { roster, search: await searchWords(engine) };
}

/** The search index's words of each submission: FTS5's own list on SQLite, the tsvector on Postgres. */
async function searchWords(engine: Engine): Promise<unknown[]> {
  if (engine.kind === 'postgres') {
    const { rows: words } = await sql`SELECT id, search::text AS words FROM submissions
      ORDER BY id`.execute(engine.db);
    return words;
  }
  await engine.search.catchUp();
  // The index keeps no copy of its text (contentless): fts5vocab lists its words, row by row.
  return engine.db.transaction().execute(async (transaction: Kysely<Tables>) => {
    await sql`CREATE VIRTUAL TABLE temp.search_words
      USING fts5vocab(main, submissions_search, instance)`.execute(transaction);
    const { rows: words } = await sql`SELECT submissions.id, group_concat(term, ' ') AS words
      FROM (SELECT doc, term FROM temp.search_words ORDER BY doc, "offset") AS word
      JOIN submissions ON submissions.seq = word.doc
      GROUP BY submissions.id ORDER BY submissions.id`.execute(transaction);
    await sql`DROP TABLE temp.search_words`.execute(transaction);
    return words;
  });
}

/** The version that made the replies table (a database may hold replies from it on). */
const REPLIES_SINCE = 13;

/**
 * Replies and answers of two submissions (migration 13's table), as the app writes them: the
 * search takes their subject and body (migration 14), never an answer's quoted text.
 */
async function addReplies(engine: Engine, ids: readonly string[]) {
  const reply = (n: number, submission: string, direction: 'out' | 'in') => ({
    submission_id: submission,
    direction,
    at: T0 + n * 60_000,
    user_email: direction === 'out' ? 'owner@example.com' : null,
    template_id: null,
    language: 'es',
    from_address: direction === 'out' ? 'hello@example.com' : 'visitor@example.com',
    to_address: direction === 'out' ? 'visitor@example.com' : 'hello@example.com',
    subject: `Re: Cotización ${n}`,
    body: direction === 'out' ? `Presupuesto listo ${n}` : `Gracias, cumpleaños del ${n}`,
    quoted: direction === 'in' ? '> Presupuesto citado' : null,
    message_id: `<reply.${n}@example.com>`,
    in_reply_to: null,
    ref_ids: null,
  });
  await engine.db
    .insertInto('replies')
    .values([
      reply(1, ids[0] ?? '', 'out'),
      reply(2, ids[0] ?? '', 'in'),
      reply(3, ids[2] ?? '', 'out'),
    ])
    .execute();
}

/** A note written after the migrations: the search index takes it in by each one's trigger. */
async function addNote(engine: Engine, id: string) {
  await engine.db
    .updateTable('submissions')
    .set({ note: 'Returning client, ask for Renée' })
    .where('id', '=', id)
    .execute();
}

describe.each(engines)('migrations on $name', (testEngine) => {
  it('one at a time from version 1 give the database a new install gets', async () => {
    const [grownData, freshData] = await Promise.all([testEngine.create(), testEngine.create()]);
    const fresh = await openDatabase(freshData.database);
    const grown = await engineFor(grownData.database);
    try {
      // A new install: the latest schema, the rows saved by today's store.
      let clock = T0;
      const store = createStore(fresh, { now: () => (clock += 60_000) });
      const ids: string[] = [];
      for (const row of rows) {
        const saved = await store.save({ ...row, notify: false });
        if (saved.status !== 'created') throw new Error(`not stored: ${saved.status}`);
        ids.push(saved.id);
      }
      await addReplies(fresh.engine, ids);

      // The same rows in a database that ran each release's migration in turn.
      const firstRows = FIRST_ROWS_AT[grown.kind];
      for (let version = 1; version <= LATEST; version += 1) {
        await migrate(grown, 60_000, { toVersion: version });
        if (version === firstRows) await insertAsOf(grown, version, ids);
        if (version === REPLIES_SINCE) await addReplies(grown, ids);
      }
      const applied = await grown.db.selectFrom('schema_migrations').select('version').execute();
      expect(applied.map((row) => Number(row.version)).sort((a, b) => a - b)).toEqual(
        migrations.map((migration) => migration.version),
      );

      expect(await schemaOf(grown)).toEqual(await schemaOf(fresh.engine));
      const texts = await textsOf(fresh.engine);
      expect(
        await textsOf(grown),
        'The roster or search text of rows made before differs from what is made today: a ' +
          'change of either needs a migration that writes it again for every row (docs/migrations.md)',
      ).toEqual(texts);
      // The texts are those of the rows: an application's roster, a quote's phone digits.
      expect(JSON.stringify(texts)).toContain('|position:Server|language:Español|');
      expect(JSON.stringify(texts)).toContain('15715550100');
      // And the replies' words, accents folded; an answer's quoted text is not searched.
      expect(JSON.stringify(texts)).toContain('cumpleanos');
      expect(JSON.stringify(texts)).not.toContain('citado');

      await addNote(grown, ids[0] ?? '');
      await addNote(fresh.engine, ids[0] ?? '');
      expect(await textsOf(grown)).toEqual(await textsOf(fresh.engine));

      // A reply deleted (an erasure's first step) takes its words out on both.
      for (const engine of [grown, fresh.engine]) {
        await engine.db
          .deleteFrom('replies')
          .where('message_id', '=', '<reply.2@example.com>')
          .execute();
      }
      const after = await textsOf(fresh.engine);
      expect(await textsOf(grown)).toEqual(after);
      expect(JSON.stringify(after)).not.toContain('cumpleanos');
    } finally {
      await grown.close();
      await fresh.close();
      grownData.remove();
      freshData.remove();
    }
  });
});
