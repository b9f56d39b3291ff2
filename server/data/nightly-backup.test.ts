import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { databaseConfig } from '../config.ts';
import { buildApp } from '../http/app.ts';
import { openStore, type Store } from '../store/store.ts';
import { quoteBody, tempDataDir } from '../testing/fixtures.ts';
import { backupDue } from './backup-schedule.ts';
import {
  backupFileName,
  backupState,
  copiesToKeep,
  readStatus,
  runNightlyBackup,
  STATUS_FILE,
} from './nightly-backup.ts';
import { restoreDatabase } from './restore.ts';

let data: ReturnType<typeof tempDataDir>;
let store: Store;
let app: FastifyInstance;
let backupDir: string;

beforeEach(async () => {
  data = tempDataDir();
  backupDir = path.join(data.dir, 'nightly');
  store = await openStore(data.database);
  app = await buildApp({ store });
});

afterEach(async () => {
  await app.close();
  await store.close();
  data.remove();
});

const DAY = 86_400_000;
/** Noon local time on 26 November 2026, a Thursday. */
const THURSDAY = new Date(2026, 10, 26, 12).getTime();

async function postQuote(n: number): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/forms/quote',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(quoteBody(n)),
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { id: string }).id;
}

function job(now = THURSDAY) {
  return {
    file: path.join(data.dir, 'submissions.db'),
    dir: backupDir,
    keyFile: path.join(data.dir, 'address-hash.key'),
    now: () => now,
  };
}

describe('the nightly backup', () => {
  it('makes a checked copy that restores into a working server with the data', async () => {
    const id = await postQuote(1);
    const record = await runNightlyBackup(job());

    expect(record).toMatchObject({ ok: true, file: 'potomac-2026-11-26.db' });
    expect(record.rows?.submissions).toBe(1);
    const copy = path.join(backupDir, 'potomac-2026-11-26.db');
    expect(existsSync(`${copy}.address-hash.key`)).toBe(true);
    expect(readStatus(backupDir).lastGood).toMatchObject({ at: THURSDAY, ok: true });

    const elsewhere = path.join(data.dir, 'restored');
    await restoreDatabase({ DATA_DIR: elsewhere }, copy);
    const restored = await openStore(databaseConfig({ DATA_DIR: elsewhere }));
    const server = await buildApp({ store: restored });
    try {
      expect((await server.inject('/readyz')).json()).toEqual({ ok: true });
      expect((await restored.get(id))?.fields.clientName).toBe('Jordan Rivera 1');
      // The restored key: the same address hash as the original's.
      expect(restored.database.clientHash('203.0.113.7')).toBe(
        store.database.clientHash('203.0.113.7'),
      );
    } finally {
      await server.close();
      await restored.close();
    }
  });

  it('keeps 7 daily and 4 weekly copies as the nights go by', async () => {
    mkdirSync(backupDir);
    // Forty earlier nights' copies (empty stand-ins: only their names count here).
    for (let night = 1; night <= 40; night += 1) {
      writeFileSync(path.join(backupDir, backupFileName(THURSDAY - night * DAY)), '');
    }
    const record = await runNightlyBackup(job());
    expect(record.ok).toBe(true);
    const left = readdirSync(backupDir)
      .filter((name) => name.endsWith('.db'))
      .sort();
    expect(left).toEqual([
      // Weekly: the newest copy of each of the four weeks (Monday to Sunday) before the dailies'.
      'potomac-2026-10-25.db',
      'potomac-2026-11-01.db',
      'potomac-2026-11-08.db',
      'potomac-2026-11-15.db',
      // Daily: the seven newest, tonight's included.
      'potomac-2026-11-20.db',
      'potomac-2026-11-21.db',
      'potomac-2026-11-22.db',
      'potomac-2026-11-23.db',
      'potomac-2026-11-24.db',
      'potomac-2026-11-25.db',
      'potomac-2026-11-26.db',
    ]);
  });

  it('counts copies, not days: nights without a copy leave as many', () => {
    const everyThirdDay = Array.from({ length: 60 }, (_, n) =>
      backupFileName(THURSDAY - n * 3 * DAY),
    );
    expect(copiesToKeep(everyThirdDay).size).toBe(11);
  });

  it('records a copy that fails its check, keeps nothing of it, and the inbox says so', async () => {
    writeFileSync(path.join(data.dir, 'not-a-database.db'), 'this is not SQLite');
    const record = await runNightlyBackup({
      ...job(),
      file: path.join(data.dir, 'not-a-database.db'),
    });
    expect(record.ok).toBe(false);
    expect(record.reason).toMatch(/the copy failed/);
    expect(readdirSync(backupDir)).toEqual([STATUS_FILE]);
    expect(backupState(backupDir, THURSDAY)).toEqual({
      configured: true,
      lastGoodAt: null,
      failedAt: THURSDAY,
      overdue: true,
    });
  });

  it('tells the inbox when the last good copy is older than two days', async () => {
    await runNightlyBackup(job());
    expect(backupState(backupDir, THURSDAY + DAY)).toMatchObject({ overdue: false });
    expect(backupState(backupDir, THURSDAY + 2 * DAY + 1)).toMatchObject({ overdue: true });
    expect(backupState(undefined)).toEqual({ configured: false });
  });
});

describe('when the nightly backup is due', () => {
  const hour = 3;
  const tonight = new Date(2026, 10, 27, 3).getTime();

  it('runs at once when there is no good copy, or the last is older than a day', () => {
    expect(backupDue({}, hour, THURSDAY)).toBe(true);
    expect(backupDue({ lastGoodAt: THURSDAY - DAY - 1 }, hour, THURSDAY)).toBe(true);
  });

  it('else at the backup hour, once', () => {
    const status = { lastGoodAt: THURSDAY, lastTryAt: THURSDAY };
    expect(backupDue(status, hour, tonight - 60_000)).toBe(false);
    expect(backupDue(status, hour, tonight)).toBe(true);
    const made = { lastGoodAt: tonight, lastTryAt: tonight };
    expect(backupDue(made, hour, tonight + 2 * 3_600_000)).toBe(false);
  });

  it('tries a failed copy again an hour later, not sooner', () => {
    const failed = { lastGoodAt: THURSDAY - 2 * DAY, lastTryAt: THURSDAY };
    expect(backupDue(failed, hour, THURSDAY + 30 * 60_000)).toBe(false);
    expect(backupDue(failed, hour, THURSDAY + 60 * 60_000)).toBe(true);
  });
});
