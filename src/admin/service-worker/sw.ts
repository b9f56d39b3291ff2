/// <reference lib="webworker" />
/**
 * The inbox's service worker, served as /admin/sw.js (scope /admin/; docs/push.md): it keeps the
 * inbox's shell and shows the pushes. Never a response with personal data in its caches.
 */
import { listenForPushes } from './push-events';

declare const self: ServiceWorkerGlobalScope;

/** The shell this build keeps (the caching is to come: the shell's cache, offline, updates). */
export const SHELL = { files: __SHELL_FILES__, version: __SHELL_VERSION__ };

listenForPushes(self);
