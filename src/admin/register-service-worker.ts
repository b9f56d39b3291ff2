/**
 * Registers the inbox's service worker (/admin/sw.js, src/admin/service-worker/): the shell's
 * cache and the pushes. Where the browser has none (or it is refused), the inbox works as before.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  navigator.serviceWorker.register('/admin/sw.js', { scope: '/admin/' }).catch(() => undefined);
}
