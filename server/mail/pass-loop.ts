/**
 * The loop the outbox and the push sender share: one pass at a time over their queue, again at
 * once when nudged during a pass, then a sleep until the next row is due (at most `pollMs`: another
 * instance may have queued meanwhile), or `retryMs` after a pass that failed.
 */
export interface PassLoopOptions {
  /** Sends what is due; `stopped()` ends it early. */
  pass(stopped: () => boolean): Promise<void>;
  /** In how long to look again after a pass (ms). */
  nextLookMs(): Promise<number>;
  /** Told a pass failed (with nothing of what the queue holds). */
  failed(error: unknown): void;
  pollMs: number;
  retryMs: number;
}

export interface PassLoop {
  /** A pass now, or again right after the one running. */
  nudge(): void;
  /** Resolves when the current pass (and any it asked for) has finished. */
  idle(): Promise<void>;
  /** No pass more; resolves when the running one has ended. */
  stop(): Promise<void>;
}

export function startPassLoop(options: PassLoopOptions): PassLoop {
  const { pollMs } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const isStopped = () => stopped;

  function schedule(delayMs: number) {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(run, Math.max(0, Math.min(pollMs, delayMs)));
    timer.unref();
  }

  function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await options.pass(isStopped);
        } while (again && !stopped);
        schedule(await options.nextLookMs());
      } catch (error) {
        options.failed(error);
        schedule(options.retryMs);
      } finally {
        running = undefined;
      }
      if (again) run();
    })();
  }

  run();

  return {
    nudge: run,
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
