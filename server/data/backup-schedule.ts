// When the nightly backup (nightly-backup.ts) runs: at BACKUP_HOUR each night, and soon after a
// start when the last good copy is older than a day (the server was down at that hour, or it is
// the first start with BACKUP_DIR). A failed try is tried again an hour later.
import {
  readStatus,
  runNightlyBackup,
  type BackupJob,
  type BackupRecord,
} from './nightly-backup.ts';

const HOUR_MS = 3_600_000;

export interface BackupScheduleOptions extends BackupJob {
  /** BACKUP_HOUR: 0-23, the server's local time. */
  hour: number;
  log: {
    info(details: object, message: string): void;
    error(details: object, message: string): void;
  };
  /** How often it looks whether a copy is due (10 minutes). */
  checkEveryMs?: number;
  /** The first look after the start (10 s: the server answers its first requests first). */
  firstCheckMs?: number;
}

export interface BackupSchedule {
  /** The job now, whatever the time (the tests' hook); one at a time. */
  runNow(): Promise<BackupRecord>;
  stop(): Promise<void>;
}

/** The start of today's backup hour, local time. */
function todaysSlot(now: number, hour: number): number {
  const slot = new Date(now);
  slot.setHours(hour, 0, 0, 0);
  return slot.getTime();
}

/**
 * Whether a copy is due at `now`: never twice within an hour of a try; at once when the last good
 * copy is older than a day, or there is none; else once the day's hour has come and today's copy
 * has not been made since.
 */
export function backupDue(
  status: { lastTryAt?: number | undefined; lastGoodAt?: number | undefined },
  hour: number,
  now: number,
): boolean {
  if (status.lastTryAt !== undefined && now - status.lastTryAt < HOUR_MS) return false;
  if (status.lastGoodAt === undefined || now - status.lastGoodAt >= 24 * HOUR_MS) return true;
  const slot = todaysSlot(now, hour);
  return now >= slot && status.lastGoodAt < slot;
}

/**
 * Starts the nightly backups. Timers do not keep the process alive; `stop` waits for a copy being
 * made. The copy runs in a process of its own, at the lowest priority (nightly-backup.ts).
 */
export function startBackupSchedule(options: BackupScheduleOptions): BackupSchedule {
  const { log, hour, checkEveryMs = 10 * 60_000, firstCheckMs = 10_000 } = options;
  const now = options.now ?? Date.now;
  let running: Promise<BackupRecord> | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  function runNow(): Promise<BackupRecord> {
    running ??= runNightlyBackup(options)
      .then((record) => {
        const { ok, file, ms, reason, bytes } = record;
        if (ok) log.info({ file, ms, bytes }, 'nightly backup made and checked');
        else log.error({ file, ms, reason }, 'nightly backup failed');
        return record;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  function look() {
    if (stopped) return;
    const status = readStatus(options.dir);
    const due = backupDue(
      { lastTryAt: status.last?.at, lastGoodAt: status.lastGood?.at },
      hour,
      now(),
    );
    const next = () => schedule(checkEveryMs);
    if (!due) return next();
    runNow().then(next, (error: unknown) => {
      log.error({ reason: (error as Error).message }, 'nightly backup failed');
      next();
    });
  }

  function schedule(delayMs: number) {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(look, delayMs);
    timer.unref();
  }

  schedule(firstCheckMs);
  return {
    runNow,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
