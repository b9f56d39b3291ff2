/**
 * How a new version of the inbox reaches the installed app, without a reload loop (docs/push.md,
 * "The installable inbox"). A new build is a new service worker; once installed it waits. Then:
 * - at a safe moment it takes over by itself: when the app has just opened, or is hidden (the owner
 *   switched away), nothing is being typed and no screen holds unsaved edits (`holdUpdates`: the
 *   site editor's, which a reload would lose); the page reloads once, on the new version;
 * - otherwise the frame says "A new version of the inbox is ready" with a button that does the same.
 * The page reloads only on the controller's change that it asked for itself, once per page. A
 * window whose version another window replaced is offered the reload (or reloads at a safe moment).
 */
import { SKIP_WAITING } from '../service-worker/shell-routes';

/** `ready`: a new version waits for the owner's word; `updating`: it was asked to take over. */
export type UpdateState = 'none' | 'ready' | 'updating';

export interface UpdateFacts {
  /** A new version is installed and waiting (or runs already, brought in by another window). */
  waiting: boolean;
  /** The page is run by a version already (no: this is the first install, nothing to replace). */
  controlled: boolean;
  /** The page was just opened (nothing on it is the owner's yet). */
  justOpened: boolean;
  hidden: boolean;
  /** A field of the page has the focus. */
  typing: boolean;
}

/** What to do with a waiting version: nothing, offer it, or apply it now. */
export function updateAction(facts: UpdateFacts): 'none' | 'offer' | 'apply' {
  if (!facts.waiting || !facts.controlled) return 'none';
  if (!facts.typing && (facts.justOpened || facts.hidden)) return 'apply';
  return 'offer';
}

const TEXT_INPUTS = /^(text|search|email|tel|url|password|number|date|time|datetime-local)$/;

/** Whether the focus is in a field the owner types into. */
export function isTyping(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLElement && element.isContentEditable) return true;
  if (element instanceof HTMLTextAreaElement) return true;
  return element instanceof HTMLInputElement && TEXT_INPUTS.test(element.type);
}

/** The screens holding unsaved edits now (holdUpdates). */
let holds = 0;

/**
 * Says that a screen holds edits a reload would lose (the site editor's unsaved draft): until the
 * returned release is called, a new version is only offered, never applied by itself.
 */
export function holdUpdates(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
  };
}

type Listener = () => void;
const listeners = new Set<Listener>();
let state: UpdateState = 'none';
let apply: () => void = () => undefined;

function setState(next: UpdateState) {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

export const appUpdate = {
  state: (): UpdateState => state,
  /** For useSyncExternalStore. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The owner's 'Update now'. */
  apply: () => apply(),
};

/** What the watcher needs of the browser (a test gives its own). */
export interface UpdateEnvironment {
  container: Pick<ServiceWorkerContainer, 'controller' | 'addEventListener'>;
  document: Pick<Document, 'visibilityState' | 'activeElement' | 'addEventListener'>;
  reload: () => void;
}

function browserEnvironment(): UpdateEnvironment {
  return { container: navigator.serviceWorker, document, reload: () => location.reload() };
}

/** Watches the registration for a new version and brings it in (see the top of this file). */
export function watchForUpdates(
  registration: Pick<
    ServiceWorkerRegistration,
    'waiting' | 'installing' | 'addEventListener' | 'update'
  >,
  environment: UpdateEnvironment = browserEnvironment(),
): void {
  const { container, document: page } = environment;
  let asked = false;
  let reloaded = false;
  // Another window of the app brought the new version in: this page still runs the old code.
  let replaced = false;
  let wasControlled = container.controller !== null;
  const reloadOnce = () => {
    if (reloaded) return;
    reloaded = true;
    environment.reload();
  };
  apply = () => {
    if (asked) return;
    if (replaced) {
      asked = true;
      setState('updating');
      return reloadOnce();
    }
    const waiting = registration.waiting;
    if (!waiting) return;
    asked = true;
    setState('updating');
    waiting.postMessage(SKIP_WAITING);
  };
  container.addEventListener('controllerchange', () => {
    if (asked) return reloadOnce();
    // The first install's claim changes nothing of the page; a replacement is offered.
    replaced = wasControlled;
    wasControlled = true;
    if (replaced) check(false);
  });
  function check(justOpened: boolean) {
    const action = updateAction({
      waiting: replaced || registration.waiting !== null,
      controlled: container.controller !== null,
      justOpened,
      hidden: page.visibilityState === 'hidden',
      typing: isTyping(page.activeElement) || holds > 0,
    });
    if (action === 'apply') apply();
    else if (action === 'offer' && !asked) setState('ready');
  }
  // A version installing (now, or found later) is looked at once it waits.
  const whenInstalled = (installing: ServiceWorker | null) =>
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') check(false);
    });
  whenInstalled(registration.installing);
  registration.addEventListener('updatefound', () => whenInstalled(registration.installing));
  page.addEventListener('visibilitychange', () => {
    if (page.visibilityState === 'hidden') check(false);
    // Back in the app, which may stay open for days: is there a newer version?
    else registration.update().catch(() => undefined);
  });
  check(true);
}
