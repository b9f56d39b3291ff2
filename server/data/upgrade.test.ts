import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { databaseConfig, type DatabaseConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { currentVersion, LATEST_VERSION, UpgradeError } from '../db/upgrade.ts';
import { openStore } from '../store/store.ts';
import { engines } from '../testing/engines.ts';
import { quoteBody, runCaught, tempDataDir } from '../testing/fixtures.ts';
import { runDataCli } from './database-cli.ts';
import { restoreDatabase } from './restore.ts';

const NEXT = LATEST_VERSION + 1;
/** A migration after the released ones whose second step is not SQL: the upgrade must fail. */
const failing = [
  { version: NEXT, statements: ['CREATE TABLE upgrade_probe (id INTEGER)', 'THIS IS NOT SQL'] },
];

/** A database at the latest version with one submission; its id. */
async function withOneSubmission(database: DatabaseConfig): Promise<string> {
  const store = await openStore(database);
  const saved = await store.save({ form: 'quote', fields: { ...quoteBody(1) }, notify: false });
  await store.close();
  if (saved.status !== 'created') throw new Error('not saved');
  return saved.id;
}

describe.each(engines)('an upgrade on $name', (engine) => {
  let created: Awaited<ReturnType<typeof engine.create>>;
  beforeEach(async () => {
    created = await engine.create();
  });
  afterEach(() => created.remove());

  it('that fails leaves the data and the schema version as they were', async () => {
    const id = await withOneSubmission(created.database);
    await expect(openDatabase(created.database, undefined, failing)).rejects.toThrow(
      /THIS IS NOT SQL|syntax error/,
    );
    const store = await openStore(created.database);
    try {
      expect((await store.get(id))?.fields.clientName).toBe('Jordan Rivera 1');
      expect(await currentVersion(store.database.engine)).toBe(LATEST_VERSION);
      const probe = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM schema_migrations
        WHERE version = ${NEXT}`.execute(store.database.db);
      expect(Number(probe.rows[0]?.n)).toBe(0);
    } finally {
      await store.close();
    }
  });

  it('is listed by `npm run db -- migrate --dry-run`, which changes nothing', async () => {
    const env =
      engine.name === 'sqlite'
        ? { DATA_DIR: path.dirname(created.database.url.slice('file:'.length)) }
        : { DATABASE_URL: created.database.url, ADDRESS_HASH_SECRET: 'x'.repeat(32) };
    const dryRun = () => runCaught((io) => runDataCli(['db', 'migrate', '--dry-run'], io), env);
    const database = await openDatabase(created.database);
    expect((await dryRun()).out).toBe(
      `The database is at schema version ${LATEST_VERSION}, the latest: nothing to apply.\n`,
    );

    // As if the server were one version behind: the last migration is pending.
    await sql`DELETE FROM schema_migrations WHERE version = ${LATEST_VERSION}`.execute(database.db);
    const pending = await dryRun();
    expect(pending.code).toBe(0);
    expect(pending.out).toContain(`schema version ${LATEST_VERSION - 1}; this server knows`);
    expect(pending.out).toContain(`  version ${LATEST_VERSION}:\n`);
    // Nothing was applied: the same plan again, and the version still one behind.
    expect((await dryRun()).out).toBe(pending.out);
    expect(await currentVersion(database.engine)).toBe(LATEST_VERSION - 1);
    await database.close();
  });
});

describe('the copy before an upgrade (SQLite)', () => {
  let data: ReturnType<typeof tempDataDir>;
  beforeEach(() => {
    data = tempDataDir();
  });
  afterEach(() => data.remove());

  it('is named after the version, and the failure names it and npm run restore', async () => {
    const id = await withOneSubmission(data.database);
    const copy = path.join(data.dir, 'backups', `before-migration-${LATEST_VERSION}.db`);
    const error = await openDatabase(data.database, undefined, failing).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(UpgradeError);
    expect((error as Error).message).toContain(copy);
    expect((error as Error).message).toContain(`npm run restore -- ${copy}`);
    expect((error as Error).message).toContain(`still at schema version ${LATEST_VERSION}`);

    // The copy is the database as it was: restored elsewhere, it has the submission.
    const elsewhere = path.join(data.dir, 'restored');
    await restoreDatabase({ DATA_DIR: elsewhere }, copy);
    const restored = await openStore(databaseConfig({ DATA_DIR: elsewhere }));
    expect((await restored.get(id))?.fields.clientName).toBe('Jordan Rivera 1');
    await restored.close();
  });

  it('goes to BACKUP_DIR when set, and is not made for a new database or when nothing is pending', async () => {
    const backupDir = path.join(data.dir, 'nightly');
    const config = databaseConfig({ DATA_DIR: data.dir, BACKUP_DIR: backupDir });
    await (await openDatabase(config)).close();
    await (await openDatabase(config)).close();
    expect(existsSync(backupDir)).toBe(false);

    const passing = [{ version: NEXT, statements: ['CREATE TABLE upgrade_probe (id INTEGER)'] }];
    await (await openDatabase(config, undefined, passing)).close();
    expect(readdirSync(backupDir)).toEqual([`before-migration-${LATEST_VERSION}.db`]);
  });
});
