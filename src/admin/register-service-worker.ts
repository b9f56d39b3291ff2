/**
 * Registers the inbox's service worker (/admin/sw.js, src/admin/service-worker/): the shell's
 * cache and the pushes, and watches for a new version of it (shared/app-update.ts). Where the
 * browser has none (or it is refused), the inbox works as before.
 */
import { watchForUpdates } from './shared/app-update';

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  navigator.serviceWorker
    .register('/admin/sw.js', { scope: '/admin/' })
    .then((registration) => watchForUpdates(registration))
    .catch(() => undefined);
}
