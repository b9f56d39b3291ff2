/**
 * A Send tapped before the app runs the form. The forms are in the HTML and post without
 * JavaScript; with it, a post that leaves before React has the form would skip what the
 * specification asks of a Send (no post for an invalid form, the messages under the fields,
 * 'Submitting...' and the confirmation in place). So from the first paint (the script in <head>,
 * src/route-marker.ts, installs this) a submit of a form the app has not taken over is held: the
 * button shows that it is working, the page's first script (src/enhance.ts) starts the app, and
 * once React runs the form (it marks it, components/form/form-shell.tsx) that same submit goes to
 * it. If the app cannot start (a script file failed, or it is not there in time) the held submit
 * goes as the plain post it would have been, so nothing is lost.
 */

/** On a form once React runs it: `data-app="ready"`. */
export const FORM_READY_ATTRIBUTE = 'data-app';
export const FORM_READY_VALUE = 'ready';
/** On a form whose submit is held (index.css shows its button working). */
export const SUBMIT_HELD_ATTRIBUTE = 'data-submit-held';

/** The app's forms: those that keep a draft (components/form/form-shell.tsx). */
const APP_FORM = 'form[data-draft-key]';
/** The page's first script's element, which carries the app's entry (scripts/build/documents.ts). */
const FIRST_SCRIPT = 'script[data-app-entry]';

/**
 * How long a held submit waits for the app before it goes as the plain post. A Send tapped as soon
 * as the form showed waited 1.4-1.6 s on a phone as Lighthouse has it (slow 4G, a CPU 4× slower)
 * and 2.9-3.2 s on a 3G one (CPU 6×) (`npm run bench`, docs/figures.md). Three times the slower:
 * past that the network is failing the app's files, and the post should go.
 */
export const GIVE_UP_AFTER_MS = 10_000;

export interface SubmitHold {
  /** `start` starts the app; called at once if a submit is held already, else on the first one. */
  whenHeld: (start: () => void) => void;
  /** The app cannot start: a held submit goes as the plain post. */
  appFailed: () => void;
  /** Holds nothing more, and forgets a submit it holds. */
  stop: () => void;
}

declare global {
  interface Window {
    /** The hold the script in <head> installed (src/route-marker.ts), for src/enhance.ts. */
    potomacSubmitHold?: SubmitHold;
  }
}

interface Held {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
  stopWaiting: () => void;
}

function runByApp(form: Element): boolean {
  return form.getAttribute(FORM_READY_ATTRIBUTE) === FORM_READY_VALUE;
}

/** Sends `form` again, by the button that sent it if that still belongs to it. */
function submitAgain(form: HTMLFormElement, submitter: HTMLElement | null) {
  if (submitter instanceof HTMLButtonElement && submitter.form === form) {
    form.requestSubmit(submitter);
  } else {
    form.requestSubmit();
  }
}

/** The app's form with `held`'s id now: React keeps the element it hydrates, or draws a new one. */
function currentForm(held: HTMLFormElement): HTMLFormElement | null {
  const form = held.id ? document.getElementById(held.id) : held;
  return form instanceof HTMLFormElement ? form : null;
}

/** Installs the hold on this document (once); `giveUpAfterMs` is for tests. */
export function holdEarlySubmits(giveUpAfterMs = GIVE_UP_AFTER_MS): SubmitHold {
  let held: Held | undefined;
  let startApp: (() => void) | undefined;
  /** A held submit going on as a plain post: let it through. */
  let posting = false;

  function release(): Held | undefined {
    const taken = held;
    held = undefined;
    taken?.stopWaiting();
    taken?.form.removeAttribute(SUBMIT_HELD_ATTRIBUTE);
    return taken;
  }

  function postAsItIs() {
    const taken = release();
    if (!taken?.form.isConnected) return;
    posting = true;
    try {
      submitAgain(taken.form, taken.submitter);
    } finally {
      posting = false;
    }
  }

  function handToApp() {
    const form = held && currentForm(held.form);
    if (!form || !runByApp(form)) return;
    const taken = release();
    submitAgain(form, taken?.submitter ?? null);
  }

  function waitForApp(): () => void {
    const observer = new MutationObserver(handToApp);
    observer.observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributeFilter: [FORM_READY_ATTRIBUTE],
    });
    const timer = window.setTimeout(postAsItIs, giveUpAfterMs);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }

  function onSubmit(event: SubmitEvent) {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.matches(APP_FORM)) return;
    // No first script (the receiver's answer to a post without JavaScript): nothing will come.
    if (posting || runByApp(form) || !document.querySelector(FIRST_SCRIPT)) return;
    event.preventDefault();
    // Not to React either, should it be halfway through taking the page over.
    event.stopPropagation();
    if (held) return;
    form.setAttribute(SUBMIT_HELD_ATTRIBUTE, '');
    held = { form, submitter: event.submitter, stopWaiting: waitForApp() };
    startApp?.();
  }

  /** The page's first script did not load: the app never will. */
  function onError(event: Event) {
    if (event.target instanceof Element && event.target.matches(FIRST_SCRIPT)) postAsItIs();
  }

  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('error', onError, true);
  return {
    whenHeld(start) {
      startApp = start;
      if (held) start();
    },
    appFailed: postAsItIs,
    stop() {
      document.removeEventListener('submit', onSubmit, true);
      document.removeEventListener('error', onError, true);
      release();
    },
  };
}
