import { describe, expect, it, vi } from 'vitest';
import { GRACE_MS, startMediaCleanup } from './media-cleanup.ts';

describe('the daily removal of unused photos', () => {
  it('removes what was uploaded before the grace, one pass at a time, and says how many', async () => {
    const removeUnusedMedia = vi.fn(async () => ['a'.repeat(16)]);
    const info = vi.fn();
    const cleanup = startMediaCleanup({
      store: { removeUnusedMedia },
      log: { info, warn: vi.fn() },
      now: () => 10 * GRACE_MS,
      firstRunMs: 60_000,
    });
    const [first, second] = [cleanup.runNow(), cleanup.runNow()];
    expect(first).toBe(second);
    expect(await first).toEqual(['a'.repeat(16)]);
    expect(removeUnusedMedia).toHaveBeenCalledTimes(1);
    expect(removeUnusedMedia).toHaveBeenCalledWith(9 * GRACE_MS);
    expect(info).toHaveBeenCalledWith(expect.objectContaining({ removed: 1 }), expect.any(String));
    await cleanup.stop();
  });
});
