// Types of tap-latency.mjs, for the browser tests.
import type { Browser, Page } from '@playwright/test';

export declare function throttleLikeAPhone(page: Page): Promise<void>;
export declare function menuTapLatencies(
  browser: Browser,
  url: string,
  moments?: number[],
): Promise<{ delayMs: number; latencyMs: number }[]>;
