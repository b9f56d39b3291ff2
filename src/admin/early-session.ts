import { adminApi } from './api';
import type { SessionInfo } from './contract';

/**
 * The session's call made as the script starts, on a painted document (first-paint.ts), not once
 * React has hydrated it: on a slow phone the hydration takes most of a second, and the list's own
 * request (inbox/early-list.ts) has its answer by then. `AdminApp` takes it for its first ask, once.
 */
let early: Promise<SessionInfo> | undefined;

export function startSessionEarly() {
  early = adminApi.session();
  // Its failure is the one AdminApp sees when it takes it.
  early.catch(() => undefined);
}

/** The early call, once (undefined: ask the API). */
export function takeEarlySession(): Promise<SessionInfo> | undefined {
  const taken = early;
  early = undefined;
  return taken;
}
