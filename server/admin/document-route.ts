/**
 * The inbox's document, `/admin/` (and `/admin/index.html`): the built index.html with the screen
 * for the request's state painted into it (src/admin/first-paint.ts), so that the sign-in form, or
 * the first account's form, shows before any script has arrived; a signed-in owner gets a quiet
 * loading frame, nothing of theirs. Never cached (routes.ts's hook: no-store).
 *
 * The painted forms post to `/admin/` itself (before the script arrives, or without it): the
 * sign-in and the first account are the JSON routes' own (session-routes.ts's `trySignIn` and
 * `trySetUp`: the same checks, limits, lanes, records and cookies), answered 303 to `/admin/` when
 * in, else with the document again, saying why in the React page's words, the e-mail (and setup
 * code) kept, never a password. A two-step account's code needs the script: the form says so.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkSetup, setupRefusal, type SetupValues } from '../../src/admin/account/setup-words.ts';
import { signInFailureWords } from '../../src/admin/account/sign-in-words.ts';
import {
  paintDocument,
  type FirstPaintOptions,
  type FirstPaintState,
} from '../../src/admin/first-paint.ts';
import { adminText } from '../../src/content/admin.ts';
import { SESSION_COOKIE, type AdminContext } from './admin-context.ts';
import { passwordChecks } from './passwords.ts';
import {
  fullLane,
  openSession,
  signedOutMeanwhile,
  trySetUp,
  trySignIn,
  type SignInRefusal,
} from './session-routes.ts';
import { AccountError, checkEmail } from './users.ts';

/** A sign-in form's post is two short fields: far below this. */
const FORM_BODY_LIMIT = 4096;

/** The screen a request's document opens on: one session lookup, one count when signed out. */
async function stateOf(
  context: AdminContext,
  request: FastifyRequest,
): Promise<{ state: FirstPaintState; expired: boolean }> {
  const token = request.cookies[SESSION_COOKIE];
  if (token !== undefined && (await context.sessionStore.resolve(token))) {
    return { state: 'loading', expired: false };
  }
  if ((await context.accounts.count()) === 0) return { state: 'setup', expired: false };
  return { state: 'sign-in', expired: token !== undefined };
}

type Paint = (
  reply: FastifyReply,
  status: number,
  state: FirstPaintState,
  options?: FirstPaintOptions,
) => FastifyReply;

/** Serves the painted document from `appDir`'s index.html, read once, and takes its forms' posts. */
export async function documentRoute(app: FastifyInstance, context: AdminContext, appDir: string) {
  const template = readFileSync(path.join(appDir, 'index.html'), 'utf8');
  const paint: Paint = (reply, status, state, options = {}) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .send(paintDocument(template, state, options));
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { state, expired } = await stateOf(context, request);
    return paint(reply, 200, state, { expired });
  };
  // `/admin/` alone: `/admin` is the app's redirect to it.
  app.route({ method: 'GET', url: '/', prefixTrailingSlash: 'slash', handler });
  app.get('/index.html', handler);
  // Their own scope: only the document's forms read a urlencoded post.
  await app.register(async (scope) => {
    await scope.register(fastifyFormbody, { bodyLimit: FORM_BODY_LIMIT });
    documentForms(scope, context, paint);
  });
}

/** The first of the values posted under `name` ('' when none). */
function postedValue(body: unknown, name: string): string {
  if (typeof body !== 'object' || body === null) return '';
  const value: unknown = (body as Record<string, unknown>)[name];
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
}

/** The sign-in form again, saying why it was refused (the e-mail kept, the password never). */
function refusedAnswer(refusal: SignInRefusal): string {
  if (refusal.extra?.codeNeeded) return adminText.firstPaint.twoStepNeedsScript;
  return signInFailureWords({
    status: refusal.status,
    body: refusal.extra ?? {},
    retryAfter: refusal.retryAfter,
  });
}

function documentForms(app: FastifyInstance, context: AdminContext, paint: Paint) {
  // Before the request limit's count (a database write), as the JSON sign-in: a full lane answers
  // at once.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST') return;
    const lane = await fullLane(context, request);
    if (lane === undefined) return;
    const retryAfter = passwordChecks.retryAfterSeconds(lane);
    reply.header('retry-after', String(retryAfter));
    const refusal = { status: 429, body: { busy: true }, retryAfter };
    return paint(reply, 429, 'sign-in', { failure: signInFailureWords(refusal) });
  });
  // The request limit's 429 (server/guard/request-limit.ts), said in words on the form.
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.statusCode !== 429) throw error;
    const refusal = { status: 429, body: {}, retryAfter: retryAfterOf(reply) };
    return paint(reply, 429, 'sign-in', { failure: signInFailureWords(refusal) });
  });
  app.route({
    method: 'POST',
    url: '/',
    prefixTrailingSlash: 'slash',
    config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    handler: (request, reply) => signInByForm(context, request, reply, paint),
  });
}

function retryAfterOf(reply: FastifyReply): number | undefined {
  const seconds = Number(reply.getHeader('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

/**
 * The document's form, posted: the first account's while there is none, else the sign-in, each
 * checked as its JSON route checks it.
 */
async function signInByForm(
  context: AdminContext,
  request: FastifyRequest,
  reply: FastifyReply,
  paint: Paint,
) {
  if ((await context.accounts.count()) === 0) return setUpByForm(context, request, reply, paint);
  const email = postedValue(request.body, 'email').trim();
  const password = postedValue(request.body, 'password');
  const text = adminText.signIn;
  const errors = {
    ...(email ? {} : { email: text.emailMissing }),
    ...(password ? {} : { password: text.passwordMissing }),
  };
  if (!email || !password) return paint(reply, 400, 'sign-in', { values: { email }, errors });
  const outcome = await trySignIn(context, request, { email, password });
  if ('noAccount' in outcome) return reply.redirect('/admin/', 303);
  let refusal = 'refused' in outcome ? outcome.refused : undefined;
  if ('user' in outcome && !(await openSession(context, request, reply, outcome.user))) {
    refusal = signedOutMeanwhile;
  }
  if (refusal === undefined) return reply.redirect('/admin/', 303);
  if (refusal.retryAfter !== undefined) reply.header('retry-after', String(refusal.retryAfter));
  return paint(reply, refusal.status, 'sign-in', {
    values: { email },
    failure: refusedAnswer(refusal),
  });
}

/** add-user's rule for an address (users.ts), as the setup page's check asks it. */
function isEmailAddress(email: string): boolean {
  try {
    checkEmail(email);
    return true;
  } catch (error) {
    if (error instanceof AccountError) return false;
    throw error;
  }
}

/**
 * The first account's form, posted: the setup page's checks, then the JSON route's (`trySetUp`);
 * made, signed in and sent to `/admin/` (303); else the form again, the code and e-mail kept.
 */
async function setUpByForm(
  context: AdminContext,
  request: FastifyRequest,
  reply: FastifyReply,
  paint: Paint,
) {
  const field = (name: keyof SetupValues) => postedValue(request.body, name);
  const posted = {
    code: field('code'),
    email: field('email'),
    password: field('password'),
    repeat: field('repeat'),
  };
  const values = { code: posted.code, email: posted.email };
  const errors = checkSetup(posted, isEmailAddress);
  if (Object.keys(errors).length > 0) return paint(reply, 400, 'setup', { values, errors });
  const { code, email, password } = posted;
  const outcome = await trySetUp(context, request, {
    code: code.trim(),
    email: email.trim(),
    password,
  });
  const refusal =
    'refused' in outcome
      ? outcome.refused
      : (await openSession(context, request, reply, outcome.user))
        ? undefined
        : signedOutMeanwhile;
  // In, or an account made meanwhile: the next document is the frame or the sign-in.
  if (refusal === undefined || refusal.status === 409) return reply.redirect('/admin/', 303);
  if (refusal.retryAfter !== undefined) reply.header('retry-after', String(refusal.retryAfter));
  const words = setupRefusal({ ...refusal, body: refusal.extra ?? {} });
  return paint(reply, refusal.status, 'setup', {
    values,
    failure: words.failure,
    errors: words.errors ?? {},
  });
}
