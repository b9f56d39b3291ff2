import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { databaseConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { LATEST_VERSION } from '../db/upgrade.ts';
import { openStore } from '../store/store.ts';
import { quoteBody, tempDataDir } from '../testing/fixtures.ts';
import { backupDatabase } from './backup.ts';
import { backupState, runNightlyBackup } from './nightly-backup.ts';
import { restoreDatabase, setAsideCopies } from './restore.ts';

let data: ReturnType<typeof tempDataDir>;
let nightly: string;
let databaseFile: string;
let env: Record<string, string>;

beforeEach(async () => {
  data = tempDataDir();
  nightly = path.join(data.dir, 'nightly');
  mkdirSync(nightly);
  databaseFile = path.join(data.dir, 'submissions.db');
  env = { DATA_DIR: data.dir, BACKUP_DIR: nightly };
  const store = await openStore(databaseConfig(env));
  await store.save({ form: 'quote', fields: { ...quoteBody(1) }, notify: false });
  await store.close();
});
afterEach(() => data.remove());

const failing = [{ version: LATEST_VERSION + 1, statements: ['THIS IS NOT SQL'] }];

describe('the copies beside the nightly ones', () => {
  it('are listed by kind, with their size and the oldest one, in the inbox state', async () => {
    const handMade = path.join(nightly, 'before-the-move.db');
    await backupDatabase(env, handMade);
    // The hand-made copy is the oldest.
    utimesSync(handMade, new Date(2026, 6, 1), new Date(2026, 6, 1));
    await expect(openDatabase(databaseConfig(env), undefined, failing)).rejects.toThrow();
    const night = await runNightlyBackup({ file: databaseFile, dir: nightly });
    expect(night.ok).toBe(true);
    // As a restore sets the database it replaced aside (a real restore here would find this
    // process's own connections to the file; restores are tested below, into a folder of their own).
    copyFileSync(
      path.join(nightly, night.file),
      `${databaseFile}.before-restore-2026-11-20T03-00-00-000Z`,
    );

    const state = backupState(nightly, Date.now(), {
      upgradeDir: databaseConfig(env).upgradeBackupDir,
      databaseFile,
    });
    expect(state).toMatchObject({
      configured: true,
      others: {
        beforeUpgrade: 1,
        beforeRestore: 1,
        byHand: 1,
        oldestAt: new Date(2026, 6, 1).getTime(),
      },
    });
    // Three copies of a database of the same size, give or take its free pages.
    const bytes = (state.others?.bytes ?? 0) / 3;
    expect(bytes).toBeGreaterThan((night.bytes ?? 0) * 0.5);
    expect(bytes).toBeLessThan((night.bytes ?? 0) * 2);
  });

  it('are listed without BACKUP_DIR too (copies before an upgrade in the data folder)', async () => {
    const plain = databaseConfig({ DATA_DIR: data.dir });
    await expect(openDatabase(plain, undefined, failing)).rejects.toThrow();
    expect(
      backupState(undefined, Date.now(), { upgradeDir: plain.upgradeBackupDir, databaseFile }),
    ).toMatchObject({
      configured: false,
      others: { beforeUpgrade: 1, beforeRestore: 0, byHand: 0 },
    });
  });

  it('are none: no `others` when only nightly copies exist', async () => {
    await runNightlyBackup({ file: databaseFile, dir: nightly });
    expect(
      backupState(nightly, Date.now(), { upgradeDir: nightly, databaseFile }),
    ).not.toHaveProperty('others');
  });

  it('set aside by restores: the newest 3 are kept, and the restore says which it deleted', async () => {
    // A copy made in a process of its own, restored into a folder no connection of this process
    // has opened (libSQL releases a closed connection's locks only at garbage collection).
    const night = await runNightlyBackup({ file: databaseFile, dir: nightly });
    const copy = path.join(nightly, night.file);
    const elsewhere = { DATA_DIR: path.join(data.dir, 'elsewhere') };
    const reports: string[] = [];
    for (let restore = 0; restore < 5; restore += 1) {
      reports.push(await restoreDatabase(elsewhere, copy));
      // Each restore's stamp is to the millisecond: the next one is later.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const restored = path.join(elsewhere.DATA_DIR, 'submissions.db');
    expect(setAsideCopies(restored)).toHaveLength(3);
    // The first restore had nothing to set aside; the fifth sets aside a fourth database.
    expect(reports[3]).not.toContain('deleted');
    expect(reports[4]).toMatch(
      /Only the newest 3 databases set aside by restores are kept; deleted: /,
    );
    const aside = readdirSync(elsewhere.DATA_DIR).filter((name) =>
      name.includes('.before-restore-'),
    );
    expect(aside).toHaveLength(3);
  });

  it('are rotated by the nightly pass: the newest 3 of each server-made kind; hand-made ones never', async () => {
    const upgrades = Array.from({ length: 5 }, (_, n) =>
      path.join(nightly, `before-migration-${n + 1}.db`),
    );
    upgrades.forEach((file, n) => {
      writeFileSync(file, 'x');
      const at = new Date(2026, 9, 1 + n);
      utimesSync(file, at, at);
    });
    const asides = Array.from({ length: 5 }, (_, n) =>
      path.join(data.dir, `submissions.db.before-restore-2026-10-0${n + 1}T03-00-00-000Z`),
    );
    for (const file of asides) writeFileSync(file, 'x');
    writeFileSync(`${asides[0]}-wal`, 'x');
    const keyAside = path.join(
      data.dir,
      'address-hash.key.before-restore-2026-10-01T03-00-00-000Z',
    );
    writeFileSync(keyAside, 'x');
    const handMade = path.join(nightly, 'by-hand.db');
    await backupDatabase(env, handMade);
    utimesSync(handMade, new Date(2026, 0, 1), new Date(2026, 0, 1));

    const night = await runNightlyBackup({
      file: databaseFile,
      dir: nightly,
      keyFile: path.join(data.dir, 'address-hash.key'),
    });
    expect(night.ok).toBe(true);
    expect(upgrades.map(existsSync)).toEqual([false, false, true, true, true]);
    expect(asides.map(existsSync)).toEqual([false, false, true, true, true]);
    expect(existsSync(`${asides[0]}-wal`)).toBe(false);
    expect(existsSync(keyAside)).toBe(false);
    expect(existsSync(handMade)).toBe(true);
  });
});
