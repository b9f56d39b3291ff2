import { copyFileSync, existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
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

  it('set aside by restores: none younger than 30 days is deleted, however many restores', async () => {
    // A copy made in a process of its own, restored into a folder no connection of this process
    // has opened (libSQL releases a closed connection's locks only at garbage collection).
    const night = await runNightlyBackup({ file: databaseFile, dir: nightly });
    const copy = path.join(nightly, night.file);
    const elsewhere = { DATA_DIR: path.join(data.dir, 'elsewhere') };
    const restored = path.join(elsewhere.DATA_DIR, 'submissions.db');
    const reports: string[] = [];
    for (let restore = 0; restore < 5; restore += 1) {
      reports.push(await restoreDatabase(elsewhere, copy));
      // Each restore's stamp is to the millisecond: the next one is later.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // The first restore had nothing to set aside; the second set aside the first restored
    // database (here, as in production, possibly the only copy of what came after the backup).
    expect(reports[1]).toMatch(/The database it replaced is kept as .* \(at least 30 days\)/);
    const first = setAsideCopies(restored).at(-1);
    expect(setAsideCopies(restored)).toHaveLength(4);
    expect(reports.join('')).not.toContain('deleted');
    // The nightly pass on that folder deletes none of them either.
    const later = await runNightlyBackup({ file: restored, dir: path.join(data.dir, 'n2') });
    expect(later.ok).toBe(true);
    expect(setAsideCopies(restored)).toHaveLength(4);
    expect(first && existsSync(first.file)).toBe(true);
  });

  it('set aside by restores: beyond the newest 3, those older than 30 days are deleted', async () => {
    const night = await runNightlyBackup({ file: databaseFile, dir: nightly });
    const copy = path.join(nightly, night.file);
    const elsewhere = { DATA_DIR: path.join(data.dir, 'elsewhere') };
    mkdirSync(elsewhere.DATA_DIR);
    const restored = path.join(elsewhere.DATA_DIR, 'submissions.db');
    const stamp = (daysAgo: number) =>
      new Date(Date.now() - daysAgo * 86_400_000).toISOString().replace(/[:.]/g, '-');
    // Two older than 30 days, two younger: with the restore's own, 5 set aside.
    const old = [40, 31, 29, 2].map((days) => `${restored}.before-restore-${stamp(days)}`);
    for (const file of old) writeFileSync(file, 'x');
    writeFileSync(restored, 'x');
    const report = await restoreDatabase(elsewhere, copy);
    expect(report).toMatch(/kept 30 days, and the newest 3 longer; deleted: /);
    // The 40- and 31-day-old ones go; the 29-day-old one (4th newest) stays.
    expect(old.map(existsSync)).toEqual([false, false, true, true]);
    expect(setAsideCopies(restored)).toHaveLength(3);
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
      // Set aside 8 weeks before: all older than 30 days, so the newest 3 stay.
      now: () => Date.UTC(2026, 10, 30),
    });
    expect(night.ok).toBe(true);
    expect(upgrades.map(existsSync)).toEqual([false, false, true, true, true]);
    expect(asides.map(existsSync)).toEqual([false, false, true, true, true]);
    expect(existsSync(`${asides[0]}-wal`)).toBe(false);
    expect(existsSync(keyAside)).toBe(false);
    expect(existsSync(handMade)).toBe(true);
  });
});
