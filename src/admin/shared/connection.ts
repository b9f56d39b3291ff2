/**
 * Whether the inbox can reach its server (docs/push.md, "The installable inbox"): offline when the
 * browser says so, or when a call to the API failed for the network (not for an answer), until the
 * browser says it is online again or a call gets an answer. The frame's notice reads it.
 */
type Listener = () => void;

const listeners = new Set<Listener>();
let unreachable = false;

function notify() {
  for (const listener of listeners) listener();
}

/** A call to the server got an answer (true) or failed for the network (false). */
export function reportReached(reached: boolean): void {
  if (unreachable !== reached) return;
  unreachable = !reached;
  notify();
}

/** Whether fetch's failure was the network's (a TypeError), not an abort or an answer. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

export function isOffline(): boolean {
  return unreachable || !navigator.onLine;
}

function onOnline() {
  unreachable = false;
  notify();
}

/** For useSyncExternalStore: told when isOffline() may have changed. */
export function subscribeToConnection(listener: Listener): () => void {
  if (listeners.size === 0) {
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', notify);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', notify);
    }
  };
}
