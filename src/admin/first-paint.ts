/**
 * The inbox's first paint, from its HTML (docs/inbox.md, "How /admin/ is served and painted"): the
 * server puts the screen for the request's state in place of the document's marker, before any
 * script has arrived: the sign-in form, the first account's form, or a quiet loading frame. The
 * markup is the React screens' own (AdminLayout, Panel, Field, SendingButton: the same elements and
 * classes), so nothing moves when React takes over; main.tsx reads what was typed into it first
 * (`readFirstPaint`). No React here: the server imports this module. It holds no personal data: the
 * service worker may keep a copy of the document as its offline page.
 */
import { adminText } from '../content/admin.ts';
import { companyContent } from '../content/company.ts';
import { formsContent } from '../content/forms.ts';
import { NOTHING_PUBLISHED } from '../content/published.ts';
import { PASSWORD_MIN_LENGTH } from './contract-values.ts';

/** The screens the document can open on. */
export type FirstPaintState = 'sign-in' | 'setup' | 'loading';
const STATES: readonly FirstPaintState[] = ['sign-in', 'setup', 'loading'];

/** In src/admin/index.html's #root: the server replaces what lies between the two. */
const FIRST_PAINT_START = '<!--first-paint-->';
const FIRST_PAINT_END = '<!--/first-paint-->';
/** The attribute of the painted frame that names its state (main.tsx reads it). */
const STATE_ATTRIBUTE = 'data-first-paint';
/** On the frame of a sign-in whose session had ended (the form says so). */
const EXPIRED_ATTRIBUTE = 'data-session-ended';

export interface FirstPaintOptions {
  /** Sign-in: the browser's session has ended (it sent a cookie no session answers to). */
  expired?: boolean;
  /** Why the form's last post failed (document-route.ts), in the alert's words. */
  failure?: string | undefined;
  /** What to keep in the form's inputs after a post, by name (the e-mail; never a password). */
  values?: Record<string, string>;
  /** A field's error after a post, by input name (a missing e-mail or password). */
  errors?: Record<string, string>;
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c] ?? c);

// The classes of the React screens (src/components/button-link.tsx's buttonClasses('secondary',
// 'lg'), field-parts.tsx's controlClass(), account/panel.tsx, admin-layout.tsx): first-paint.test.tsx
// holds them to the React markup.
const BUTTON =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md font-semibold no-underline transition-colors disabled:cursor-not-allowed disabled:opacity-70 bg-navy-900 text-white hover:bg-navy-700 shadow-sm px-6 py-3 text-base w-full';
const CONTROL =
  'block w-full rounded-md border bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs';
const CONTROL_BORDER = 'border-slate-500';
const CONTROL_ERROR = 'border-red-700 ring-1 ring-red-700';
/** field-parts.tsx's ErrorBar and FieldError (lucide's CircleAlert, as it renders). */
const ERROR_BAR = '-ml-4 border-l-4 border-red-700 pl-3';
const ERROR_LINE = 'flex items-start gap-1.5 text-sm font-semibold text-red-700';
const ERROR_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-circle-exclamation-point lucide-alert-circle lucide-circle-alert mt-0.5 size-4 shrink-0" aria-hidden="true"><circle cx="12" cy="12" r="10"></circle><line x1="12" x2="12" y1="8" y2="12"></line><line x1="12" x2="12.01" y1="16" y2="16"></line></svg>';
const ALERT_LINE = 'rounded-md border-l-4 border-red-700 bg-red-50 p-3 font-semibold text-red-800';
/**
 * Between two text nodes React renders side by side (`{name}{' '}`): its own mark, so that
 * hydration finds the same nodes (react-dom/server puts the same comment there).
 */
const TEXT_BREAK = '<!-- -->';
const NEEDS_SCRIPT =
  'mt-4 rounded-md border-l-4 border-red-700 bg-red-50 p-3 font-semibold text-red-800';
const SKIP_LINK =
  'sr-only z-50 rounded-md bg-gold-400 px-4 py-3 font-semibold text-navy-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3';

interface FieldSpec {
  id: string;
  name: string;
  label: string;
  hint?: string;
  attributes: string;
  /** What the input holds (a post's e-mail, kept). */
  value?: string | undefined;
  error?: string | undefined;
}

/** account/field.tsx: the label, the hint, the input, and its error under it. */
function field({ id, name, label, hint, attributes, value, error }: FieldSpec): string {
  const hintHtml = hint
    ? `<p id="${id}-hint" class="text-sm text-slate-600">${escape(hint)}</p>`
    : '';
  const errorHtml = error
    ? `<p id="${id}-error" class="${ERROR_LINE}">${ERROR_ICON}<span><span class="sr-only">${escape(formsContent(NOTHING_PUBLISHED).formText.errorPrefix)}</span> ${TEXT_BREAK}${escape(error)}</span></p>`
    : '';
  const describedIds = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  const describedBy = describedIds ? ` aria-describedby="${describedIds}"` : '';
  const invalid = error ? ' aria-invalid="true"' : '';
  const valueHtml = value ? ` value="${escape(value)}"` : '';
  return (
    `<div class="space-y-2 ${error ? ERROR_BAR : ''}"><label for="${id}" class="block font-semibold text-navy-950">${escape(label)}</label>` +
    `${hintHtml}<input class="${CONTROL} ${error ? CONTROL_ERROR : CONTROL_BORDER}" id="${id}" required=""${invalid}${describedBy} name="${name}" ${attributes}${valueHtml}>${errorHtml}</div>`
  );
}

/** Said when the script never runs (account/panel.tsx's NeedsScript): what needs it. */
const noScript = (words: string) =>
  `<noscript><p class="${NEEDS_SCRIPT}">${escape(words)}</p></noscript>`;

/** The alert above a form: why its last try failed, if it did. */
const alert = (failure: string | undefined) =>
  `<div role="alert" class="mt-4 empty:hidden">${failure ? `<p class="${ALERT_LINE}">${escape(failure)}</p>` : ''}</div>`;

function panel(id: string, title: string, body: string): string {
  return (
    `<section aria-labelledby="${id}" class="mx-auto max-w-xl rounded-xl bg-white p-6 shadow-sm sm:p-8">` +
    `<h1 id="${id}" tabindex="-1" class="font-display text-3xl font-bold">${escape(title)}</h1>${body}</section>`
  );
}

/** The form's own tag: a post (never a URL holding the password) to /admin/ itself, answered without the script (document-route.ts). */
const formTag = '<form novalidate="" method="post" class="mt-6 space-y-5">';
const submit = (label: string) =>
  `<button type="submit" class="${BUTTON}">${escape(label)}</button>`;

function signInScreen({ expired = false, failure, values = {}, errors = {} }: FirstPaintOptions) {
  const text = adminText.signIn;
  return panel(
    'sign-in-heading',
    text.heading,
    `<p class="mt-2 text-slate-700">${escape(text.intro)}</p>${noScript(adminText.firstPaint.listNeedsScript)}` +
      `${alert(failure ?? (expired ? text.expired : undefined))}${formTag}` +
      field({
        id: 'sign-in-email',
        name: 'email',
        label: text.email,
        attributes: 'type="email" autocomplete="username"',
        value: values.email,
        error: errors.email,
      }) +
      field({
        id: 'sign-in-password',
        name: 'password',
        label: text.password,
        attributes: 'type="password" autocomplete="current-password"',
        error: errors.password,
      }) +
      `${submit(text.submit)}</form>`,
  );
}

function setupScreen({ failure, values = {}, errors = {} }: FirstPaintOptions): string {
  const text = adminText.setup;
  return panel(
    'setup-heading',
    text.heading,
    `<p class="mt-2 text-slate-700">${escape(text.intro)}</p>` +
      `<p class="mt-3 text-slate-700">${escape(text.whereCode)}</p>` +
      `<p class="mt-2 text-slate-700">${escape(text.again)}${TEXT_BREAK} <code class="rounded bg-slate-100 px-1.5 py-0.5">${escape(text.command)}</code></p>` +
      `${noScript(adminText.firstPaint.listNeedsScript)}${alert(failure)}${formTag}` +
      field({
        id: 'setup-code',
        name: 'code',
        label: text.code,
        hint: text.codeHint,
        attributes:
          'type="text" autocomplete="one-time-code" autocapitalize="characters" spellcheck="false"',
        value: values.code,
        error: errors.code,
      }) +
      field({
        id: 'setup-email',
        name: 'email',
        label: text.email,
        hint: text.emailHint,
        attributes: 'type="email" autocomplete="username"',
        value: values.email,
        error: errors.email,
      }) +
      field({
        id: 'setup-password',
        name: 'password',
        label: text.password,
        hint: text.passwordHint(PASSWORD_MIN_LENGTH),
        attributes: 'type="password" autocomplete="new-password"',
        error: errors.password,
      }) +
      field({
        id: 'setup-repeat',
        name: 'repeat',
        label: text.repeat,
        attributes: 'type="password" autocomplete="new-password"',
        error: errors.repeat,
      }) +
      `${submit(text.submit)}</form>`,
  );
}

/**
 * The quiet frame while a signed-in owner's inbox loads: no name, no address, no count. The list
 * comes from the API, by the script: without it, the frame says so.
 */
const loadingScreen = () =>
  `<p class="py-10 text-center text-slate-600">${escape(adminText.firstPaint.loading)}</p>` +
  noScript(adminText.firstPaint.listNeedsScript);

/** The frame (AdminLayout, signed out: no links, no user) around the state's screen. */
export function firstPaintHtml(state: FirstPaintState, options: FirstPaintOptions = {}): string {
  const { company } = companyContent(NOTHING_PUBLISHED);
  const screen =
    state === 'sign-in'
      ? signInScreen(options)
      : state === 'setup'
        ? setupScreen(options)
        : loadingScreen();
  return (
    `<div ${STATE_ATTRIBUTE}="${state}"${options.expired ? ` ${EXPIRED_ATTRIBUTE}=""` : ''} class="flex min-h-screen flex-col bg-slate-50">` +
    `<a href="#main" class="${SKIP_LINK}">${escape(adminText.skipLink)}</a>` +
    '<header class="on-dark bg-navy-950 text-white"><div class="container-page flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-3">' +
    `<p class="font-display text-xl font-bold">${escape(company.name)}${TEXT_BREAK} <span class="font-sans text-base font-normal text-gold-300">${escape(adminText.appName)}</span></p>` +
    '</div></header>' +
    // The frame's notices about the app itself (shared/shell-notices.tsx): none at first.
    '<div class="container-page empty:hidden"></div>' +
    `<main id="main" tabindex="-1" class="container-page flex-1 py-6 sm:py-8">${screen}</main></div>`
  );
}

/** The built document with the state's screen in place of its marker (unchanged without one). */
export function paintDocument(
  template: string,
  state: FirstPaintState,
  options: FirstPaintOptions = {},
): string {
  // The white space around the markers too: React hydrates #root's children, the frame alone.
  const marked = new RegExp(`\\s*${FIRST_PAINT_START}[\\s\\S]*?${FIRST_PAINT_END}\\s*`);
  return template.replace(marked, () => firstPaintHtml(state, options));
}

/** What the painted document showed when the script took over, and what was typed into it. */
export interface FirstPaint {
  state: FirstPaintState;
  /** The sign-in said that the session had ended. */
  expired: boolean;
  /** The form's values by input name (the e-mail, the password, the setup code…), read as asked. */
  values: Record<string, string>;
  /** Why the form's last post failed, as its alert says it (document-route.ts's answer). */
  failure?: string | undefined;
  /** The fields' errors the answer showed, by input name. */
  errors: Record<string, string>;
  /** The id of the input that had the focus, to give it back. */
  focused?: string | undefined;
}

/** Says that React has taken over the painted screen (hydrated it): the frame loses its marker. */
export function firstPaintTakenOver() {
  document.querySelector(`[${STATE_ATTRIBUTE}]`)?.removeAttribute(STATE_ATTRIBUTE);
}

/** Reads the painted screen under `root` (undefined when the document was not painted: dev). */
export function readFirstPaint(root: HTMLElement): FirstPaint | undefined {
  const frame = root.querySelector(`[${STATE_ATTRIBUTE}]`);
  const state = frame?.getAttribute(STATE_ATTRIBUTE);
  const known = STATES.find((name) => name === state);
  if (!frame || !known) return undefined;
  const active = document.activeElement;
  const focused =
    active instanceof HTMLInputElement && frame.contains(active) ? active.id : undefined;
  return {
    state: known,
    expired: frame.hasAttribute(EXPIRED_ATTRIBUTE),
    // Read when React's state starts (the hydrating render): a key pressed meanwhile is in it.
    get values() {
      const typed: Record<string, string> = {};
      for (const input of frame.querySelectorAll('input')) {
        if (input.value) typed[input.name] = input.value;
      }
      return typed;
    },
    focused,
    failure: frame.querySelector('[role=alert]')?.textContent || undefined,
    errors: paintedErrors(frame),
  };
}

/** Each input's painted error (field(): its words after the hidden prefix), by input name. */
function paintedErrors(frame: Element): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const input of frame.querySelectorAll('input[aria-invalid="true"]')) {
    const line = frame.querySelector(`[id="${input.id}-error"] > span`);
    const prefix = line?.querySelector('.sr-only')?.textContent ?? '';
    const words = line?.textContent?.slice(prefix.length).trim();
    if (words && input instanceof HTMLInputElement) errors[input.name] = words;
  }
  return errors;
}
