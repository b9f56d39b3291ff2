/**
 * A Send tapped before the app runs the form. The forms are in the HTML and post without
 * JavaScript; with it, a post that leaves before React has the form would skip what the
 * specification asks of a Send (no post for an invalid form, the messages under the fields,
 * 'Submitting...' and the confirmation in place). So from the first paint (the script in <head>,
 * src/route-marker.ts, installs this) a submit of a form the app has not taken over is held: the
 * button shows and says that it is working, the page's first script (src/enhance.ts) starts the
 * app, and once React runs the form (it marks it, components/form/form-shell.tsx) that same submit
 * goes to it. If the app cannot run it (its files fail, it is not there in time, or it shows its
 * error page instead) the held submit goes as the plain post it would have been: nothing is lost.
 * A move to another page forgets it.
 */
import { hashRoute } from '../content/routes';

/** On a form once React runs it: `data-app="ready"`. */
export const FORM_READY_ATTRIBUTE = 'data-app';
export const FORM_READY_VALUE = 'ready';
/** On a form whose submit is held (index.css shows its button working). */
export const SUBMIT_HELD_ATTRIBUTE = 'data-submit-held';
/** On a form's submit button: what a screen reader hears while a submit is held. */
export const BUSY_LABEL_ATTRIBUTE = 'data-busy-label';
/** On the app's error page (app/error-page.tsx): it will not run the form. */
export const APP_ERROR_ATTRIBUTE = 'data-app-error';

/** The app's forms: those that keep a draft (components/form/form-shell.tsx). */
const APP_FORM = 'form[data-draft-key]';
/** The page's first script's element, which carries the app's entry (scripts/build/documents.ts). */
const FIRST_SCRIPT = 'script[data-app-entry]';

/**
 * How long a held submit waits for the app before it goes as the plain post. A Send tapped as soon
 * as the form showed waited 1.3-1.6 s on a phone as Lighthouse has it (slow 4G, a CPU 4× slower)
 * and 2.7-3.5 s on a 3G one (CPU 6×) (`npm run bench`, docs/figures.md). About three times the
 * slower: past that the network is failing the app's files, and the post should go.
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
  /** The page it was tapped on (`/request-service`). */
  path: string;
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

/** The button working, for the eye (index.css) and for a screen reader; `undo` ends it. */
function showWorking(form: HTMLFormElement, submitter: HTMLElement | null): () => void {
  const button = submitter ?? form.querySelector('button[type="submit"]');
  form.setAttribute(SUBMIT_HELD_ATTRIBUTE, '');
  button?.setAttribute('aria-disabled', 'true');
  // Outside the app's root, whose HTML React takes over as it is: a status of this script's own.
  const status = document.createElement('p');
  status.setAttribute('role', 'status');
  status.className = 'sr-only';
  document.body.append(status);
  const say = window.setTimeout(() => {
    status.textContent = button?.getAttribute(BUSY_LABEL_ATTRIBUTE) ?? '';
  }, 100);
  return () => {
    window.clearTimeout(say);
    status.remove();
    form.removeAttribute(SUBMIT_HELD_ATTRIBUTE);
    button?.removeAttribute('aria-disabled');
  };
}

class EarlySubmits implements SubmitHold {
  private held: (Held & { stopShowing: () => void }) | undefined;
  private startApp: (() => void) | undefined;
  /** A held submit on its way as a plain post: let it through. */
  private posting = false;
  /** A plain post has left: the page is going; nothing more is sent from it. */
  private posted = false;
  /** The page's first script never ran: nothing will start the app. */
  private noApp = false;

  constructor(private readonly giveUpAfterMs: number) {
    document.addEventListener('submit', this.onSubmit, true);
    document.addEventListener('DOMContentLoaded', this.onParsed);
    window.addEventListener('pageshow', this.onShownAgain);
  }

  whenHeld(start: () => void) {
    this.startApp = start;
    if (this.held) start();
  }

  appFailed = () => this.postAsItIs();

  stop() {
    document.removeEventListener('submit', this.onSubmit, true);
    document.removeEventListener('DOMContentLoaded', this.onParsed);
    window.removeEventListener('pageshow', this.onShownAgain);
    this.release();
  }

  private onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.matches(APP_FORM) || this.posting) return;
    if (!this.posted && (runByApp(form) || this.noApp || !document.querySelector(FIRST_SCRIPT))) {
      return;
    }
    event.preventDefault();
    // Not to React either, should it be halfway through taking the page over.
    event.stopPropagation();
    if (this.held || this.posted) return;
    this.held = {
      form,
      submitter: event.submitter,
      path: hashRoute(window.location.hash),
      stopWaiting: this.waitForApp(),
      stopShowing: showWorking(form, event.submitter),
    };
    this.startApp?.();
  };

  /** Deferred scripts run before this: without the first script's call, it failed to load. */
  private onParsed = () => {
    if (this.startApp) return;
    this.noApp = true;
    this.postAsItIs();
  };

  /** Back to this page from the answer to its plain post (the page kept in memory): a new start. */
  private onShownAgain = (event: PageTransitionEvent) => {
    if (!event.persisted) return;
    this.posted = false;
    this.release();
  };

  private waitForApp(): () => void {
    const observer = new MutationObserver(() => this.handToApp());
    observer.observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributeFilter: [FORM_READY_ATTRIBUTE],
    });
    const timer = window.setTimeout(() => this.postAsItIs(), this.giveUpAfterMs);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }

  private release(): Held | undefined {
    const taken = this.held;
    this.held = undefined;
    taken?.stopWaiting();
    taken?.stopShowing();
    return taken;
  }

  private handToApp() {
    if (!this.held) return;
    if (hashRoute(window.location.hash) !== this.held.path) {
      this.release();
      return;
    }
    if (document.querySelector(`[${APP_ERROR_ATTRIBUTE}]`)) {
      this.postAsItIs();
      return;
    }
    const form = currentForm(this.held.form);
    if (!form || !runByApp(form)) return;
    const { submitter } = this.release() ?? { submitter: null };
    submitAgain(form, submitter);
  }

  /** The held submit as the plain post, from the form as the visitor left it, even if taken out. */
  private postAsItIs() {
    const held = this.held;
    if (!held) return;
    held.stopWaiting();
    const { form } = held;
    if (!form.isConnected) {
      form.hidden = true;
      document.body.append(form);
    }
    this.posting = true;
    try {
      submitAgain(form, held.submitter);
      this.posted = true;
    } finally {
      this.posting = false;
    }
  }
}

/** A hold that holds nothing: a browser without `requestSubmit` could not send a held submit. */
const noHold: SubmitHold = { whenHeld: () => {}, appFailed: () => {}, stop: () => {} };

/** Installs the hold on this document (once); `giveUpAfterMs` is for tests. */
export function holdEarlySubmits(giveUpAfterMs = GIVE_UP_AFTER_MS): SubmitHold {
  if (typeof HTMLFormElement.prototype.requestSubmit !== 'function') return noHold;
  return new EarlySubmits(giveUpAfterMs);
}
