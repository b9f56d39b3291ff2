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
import { NOTHING_PUBLISHED } from '../content/published.ts';
import { PASSWORD_MIN_LENGTH } from './contract-values.ts';

/** The screens the document can open on. */
export type FirstPaintState = 'sign-in' | 'setup' | 'loading';
const STATES: readonly FirstPaintState[] = ['sign-in', 'setup', 'loading'];

/** In src/admin/index.html's #root: the server replaces what lies between the two. */
export const FIRST_PAINT_START = '<!--first-paint-->';
export const FIRST_PAINT_END = '<!--/first-paint-->';
/** The attribute of the painted frame that names its state (main.tsx reads it). */
const STATE_ATTRIBUTE = 'data-first-paint';
/** On the frame of a sign-in whose session had ended (the form says so). */
const EXPIRED_ATTRIBUTE = 'data-session-ended';

export interface FirstPaintOptions {
  /** Sign-in: the browser's session has ended (it sent a cookie no session answers to). */
  expired?: boolean;
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
  'block w-full rounded-md border bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs border-slate-500';
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
}

function field({ id, name, label, hint, attributes }: FieldSpec): string {
  const hintHtml = hint
    ? `<p id="${id}-hint" class="text-sm text-slate-600">${escape(hint)}</p>`
    : '';
  const describedBy = hint ? ` aria-describedby="${id}-hint"` : '';
  return (
    `<div class="space-y-2 "><label for="${id}" class="block font-semibold text-navy-950">${escape(label)}</label>` +
    `${hintHtml}<input class="${CONTROL}" id="${id}" required=""${describedBy} name="${name}" ${attributes}></div>`
  );
}

/** Said in the form when the script never runs: signing in needs it (account/needs-script.tsx). */
const noScript = `<noscript><p class="${NEEDS_SCRIPT}">${escape(adminText.firstPaint.needsScript)}</p></noscript>`;

function panel(id: string, title: string, body: string): string {
  return (
    `<section aria-labelledby="${id}" class="mx-auto max-w-xl rounded-xl bg-white p-6 shadow-sm sm:p-8">` +
    `<h1 id="${id}" tabindex="-1" class="font-display text-3xl font-bold">${escape(title)}</h1>${body}</section>`
  );
}

/** The form's own tag: a post (never a URL holding the password) that the script takes over. */
const formTag = '<form novalidate="" method="post" class="mt-6 space-y-5">';
const submit = (label: string) =>
  `<button type="submit" class="${BUTTON}">${escape(label)}</button>`;

function signInScreen({ expired = false }: FirstPaintOptions): string {
  const text = adminText.signIn;
  const failure = expired
    ? `<p class="rounded-md border-l-4 border-red-700 bg-red-50 p-3 font-semibold text-red-800">${escape(text.expired)}</p>`
    : '';
  return panel(
    'sign-in-heading',
    text.heading,
    `<p class="mt-2 text-slate-700">${escape(text.intro)}</p>${noScript}` +
      `<div role="alert" class="mt-4 empty:hidden">${failure}</div>${formTag}` +
      field({
        id: 'sign-in-email',
        name: 'email',
        label: text.email,
        attributes: 'type="email" autocomplete="username"',
      }) +
      field({
        id: 'sign-in-password',
        name: 'password',
        label: text.password,
        attributes: 'type="password" autocomplete="current-password"',
      }) +
      `${submit(text.submit)}</form>`,
  );
}

function setupScreen(): string {
  const text = adminText.setup;
  return panel(
    'setup-heading',
    text.heading,
    `<p class="mt-2 text-slate-700">${escape(text.intro)}</p>` +
      `<p class="mt-3 text-slate-700">${escape(text.whereCode)}</p>` +
      `<p class="mt-2 text-slate-700">${escape(text.again)}${TEXT_BREAK} <code class="rounded bg-slate-100 px-1.5 py-0.5">${escape(text.command)}</code></p>` +
      `${noScript}<div role="alert" class="mt-4 empty:hidden"></div>${formTag}` +
      field({
        id: 'setup-code',
        name: 'code',
        label: text.code,
        hint: text.codeHint,
        attributes:
          'type="text" autocomplete="one-time-code" autocapitalize="characters" spellcheck="false"',
      }) +
      field({
        id: 'setup-email',
        name: 'email',
        label: text.email,
        hint: text.emailHint,
        attributes: 'type="email" autocomplete="username"',
      }) +
      field({
        id: 'setup-password',
        name: 'password',
        label: text.password,
        hint: text.passwordHint(PASSWORD_MIN_LENGTH),
        attributes: 'type="password" autocomplete="new-password"',
      }) +
      field({
        id: 'setup-repeat',
        name: 'repeat',
        label: text.repeat,
        attributes: 'type="password" autocomplete="new-password"',
      }) +
      `${submit(text.submit)}</form>`,
  );
}

/** The quiet frame while a signed-in owner's inbox loads: no name, no address, no count. */
const loadingScreen = () =>
  `<p class="py-10 text-center text-slate-600">${escape(adminText.firstPaint.loading)}</p>`;

/** The frame (AdminLayout, signed out: no links, no user) around the state's screen. */
export function firstPaintHtml(state: FirstPaintState, options: FirstPaintOptions = {}): string {
  const { company } = companyContent(NOTHING_PUBLISHED);
  const screen =
    state === 'sign-in'
      ? signInScreen(options)
      : state === 'setup'
        ? setupScreen()
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
  };
}
