// Migration 11 gave each failed e-mail the time of its failure (outbox.last_error_at). An e-mail
// that failed before it keeps its error: the migration gives it the best time there is, so the
// relay's state names the error instead of saying no try was made yet.
import { createStore } from '../store/store.ts';
import { engines } from '../testing/engines.ts';
import { quoteBody } from '../testing/fixtures.ts';
import { isPostgresUrl, migrate, openDatabase } from './database.ts';
import { postgresEngine } from './postgres.ts';
import { sqliteEngine } from './sqlite.ts';

const T0 = Date.parse('2030-05-01T12:00:00Z');

describe.each(engines)('migration 11 on $name', (testEngine) => {
  it('gives an e-mail that failed before it the time of its failure', async () => {
    const data = await testEngine.create();
    const { url } = data.database;
    const engine = isPostgresUrl(url)
      ? await postgresEngine(url, () => {})
      : await sqliteEngine(url);
    let closeDatabase = () => engine.close();
    try {
      await migrate(engine, 60_000, { toVersion: 10 });
      // Rows as the app of version 10 left them: a failure's code, no time.
      await engine.db
        .insertInto('submissions')
        .values({
          id: 'sub-1',
          form: 'quote',
          received_at: T0,
          fields: JSON.stringify(quoteBody(1)),
          client_hash: null,
          user_agent: null,
          seq: 1,
        })
        .execute();
      const row = { submission_id: 'sub-1', attempts: 3, next_attempt_at: T0 + 3_600_000 };
      await engine.db
        .insertInto('outbox')
        .values([
          { ...row, kind: 'notify', created_at: T0, last_error: 'EAUTH 535' },
          {
            ...row,
            kind: 'acknowledge',
            created_at: T0 - 60_000,
            last_error: 'EENVELOPE 550',
            gave_up_at: T0 + 5 * 60_000,
          },
        ])
        .execute();
      await engine.close();

      // The upgrade: migration 11 runs as the server opens the database.
      const database = await openDatabase(data.database);
      closeDatabase = () => database.close();
      const store = createStore(database, { now: () => T0 + 10 * 60_000 });
      expect(await store.mailState()).toEqual({
        waiting: 1,
        oldestWaitingSince: T0,
        lastError: { code: 'EAUTH 535', at: T0 },
        lastSentAt: null,
        paused: null,
        // The acknowledgement given up (its time in the database's clock's future: counted).
        gaveUp: { count: 1, lastAt: T0 + 5 * 60_000, lastCode: 'EENVELOPE 550' },
      });
      const times = await database.db
        .selectFrom('outbox')
        .select(['kind', 'last_error_at'])
        .orderBy('kind')
        .execute();
      expect(times.map((time) => [time.kind, Number(time.last_error_at)])).toEqual([
        ['acknowledge', T0 + 5 * 60_000],
        ['notify', T0],
      ]);
    } finally {
      await closeDatabase();
      data.remove();
    }
  });
});
