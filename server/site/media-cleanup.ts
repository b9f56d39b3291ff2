import { startDailyPass } from '../store/daily-pass.ts';
import type { SiteStore } from './site-store.ts';

/**
 * Removes the owner's uploads that nothing uses: photos that neither the draft nor any version
 * names (every published version is kept, so a version in the history never loses its photo).
 *
 * An upload is named by nothing until the editor saves the draft that holds it, so an upload is
 * kept for GRACE_MS first. Two days, not one: an owner may upload late in the day and save the
 * next (the editor keeps unsaved edits while its tab is open); the cost of waiting is only disk
 * (a hero photo's made files are 1-2 MB), while a shorter wait could take a photo from under an
 * open editor. The pass runs daily, so an unused upload goes between two and three days after it.
 */

export const GRACE_MS = 2 * 24 * 3_600_000;

export interface MediaCleanupOptions {
  store: Pick<SiteStore, 'removeUnusedMedia'>;
  log: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
  now?: () => number;
  /** The first pass after the start (2 minutes: the server answers its first requests first). */
  firstRunMs?: number;
  everyMs?: number;
}

export interface MediaCleanup {
  /** A pass now (the tests' hook); one at a time. The media ids removed. */
  runNow(): Promise<string[]>;
  /** No more passes; resolves once the one running (if any) has ended. */
  stop(): Promise<void>;
}

/** Starts the daily pass (server/store/daily-pass.ts). */
export function startMediaCleanup(options: MediaCleanupOptions): MediaCleanup {
  const { store, log, now = Date.now } = options;
  return startDailyPass(
    async () => {
      const started = now();
      const removed = await store.removeUnusedMedia(started - GRACE_MS);
      log.info({ removed: removed.length, ms: now() - started }, 'unused site photos removed');
      return removed;
    },
    {
      firstRunMs: options.firstRunMs ?? 120_000,
      everyMs: options.everyMs,
      log,
      failed: 'photo cleanup failed',
    },
  );
}
