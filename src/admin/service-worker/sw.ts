/// <reference lib="webworker" />
/**
 * The inbox's service worker, served as /admin/sw.js (scope /admin/; docs/push.md): it keeps the
 * inbox's shell and shows the pushes. Never a response with personal data in its caches.
 */
import { listenForPushes } from './push-events';

declare const self: ServiceWorkerGlobalScope;

listenForPushes(self);
