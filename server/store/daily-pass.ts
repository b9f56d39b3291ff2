/**
 * A job that runs once shortly after the server starts, then once a day: the retention pass
 * (server/data/erasure.ts) and the removal of unused site photos (server/site/media-cleanup.ts).
 * One pass at a time; a pass that fails is logged (its error's code only, never data) and tried
 * again the next day. Its timer never keeps the process alive.
 */

const DAY_MS = 24 * 3_600_000;

export interface DailyPassOptions {
  /** The first pass, this long after start. */
  firstRunMs: number;
  /** Then one every this long (a day by default). */
  everyMs?: number | undefined;
  log: { warn(fields: object, message: string): void };
  /** What the log says when a pass fails. */
  failed: string;
}

export interface DailyPass<T> {
  /** One pass now (the tests' hook), or the one already running. */
  runNow(): Promise<T>;
  stop(): void;
}

export function startDailyPass<T>(pass: () => Promise<T>, options: DailyPassOptions): DailyPass<T> {
  let running: Promise<T> | undefined;
  let timer: NodeJS.Timeout | undefined;
  function runNow(): Promise<T> {
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  }
  function schedule(ms: number) {
    timer = setTimeout(() => {
      runNow()
        .catch((error: unknown) =>
          options.log.warn({ code: (error as { code?: string }).code }, options.failed),
        )
        .finally(() => schedule(options.everyMs ?? DAY_MS));
    }, ms);
    timer.unref();
  }
  schedule(options.firstRunMs);
  return { runNow, stop: () => clearTimeout(timer) };
}
