/**
 * A job that runs once shortly after the server starts, then once a day: the retention pass
 * (server/data/erasure.ts) and the removal of unused site photos (server/site/media-cleanup.ts).
 * One pass at a time in this instance: the day's, the tests' `runNow` and any other (`runAfter`,
 * the retention pass the owner lets go on) wait for the one running; `stop` waits for it too. A
 * pass that fails is logged (its error's code only, never data) and tried again the next day. Its
 * timer never keeps the process alive.
 */

const DAY_MS = 24 * 3_600_000;

export interface DailyPassOptions {
  /** The first pass, this long after start; null: none scheduled, only those asked for. */
  firstRunMs: number | null;
  /** Then one every this long (a day by default). */
  everyMs?: number | undefined;
  log: { warn(fields: object, message: string): void };
  /** What the log says when a pass fails. */
  failed: string;
}

export interface DailyPass<T> {
  /** One pass now (the tests' hook), or the one already running. */
  runNow(): Promise<T>;
  /**
   * `task` as this job's pass, once the one running (if any) has ended. Refused once stopped; one
   * asked for before runs, and `stop` waits for it.
   */
  runAfter(task: () => Promise<T>): Promise<T>;
  /** No more passes scheduled; resolves once the one running and those asked for have ended. */
  stop(): Promise<void>;
}

const settled = (pass: Promise<unknown>) =>
  pass.then(
    () => undefined,
    () => undefined,
  );

export function startDailyPass<T>(pass: () => Promise<T>, options: DailyPassOptions): DailyPass<T> {
  let running: Promise<T> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  /** Passes asked for (`runAfter`) and waiting for the one running. */
  let waiting = 0;
  function start(task: () => Promise<T>): Promise<T> {
    const run: Promise<T> = task().finally(() => {
      if (running === run) running = undefined;
    });
    running = run;
    return run;
  }
  function runNow(): Promise<T> {
    return running ?? start(pass);
  }
  async function runAfter(task: () => Promise<T>): Promise<T> {
    if (stopped) throw new Error('the job has stopped');
    waiting += 1;
    try {
      while (running) await settled(running);
    } finally {
      waiting -= 1;
    }
    return start(task);
  }
  function schedule(ms: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      runNow()
        .catch((error: unknown) =>
          options.log.warn({ code: (error as { code?: string }).code }, options.failed),
        )
        .finally(() => schedule(options.everyMs ?? DAY_MS));
    }, ms);
    timer.unref();
  }
  if (options.firstRunMs !== null) schedule(options.firstRunMs);
  async function stop(): Promise<void> {
    stopped = true;
    clearTimeout(timer);
    // The passes asked for before the stop run; then none is running.
    while (running || waiting > 0) await settled(running ?? Promise.resolve());
  }
  return { runNow, runAfter, stop };
}
