/**
 * Signing in (with two-step sign-in's code), the first account made with the setup code, the
 * session and signing out: `/admin/api/sign-in`, `setup`, `session`, `sign-out`,
 * `sign-out-everywhere`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { safeParse } from 'zod/mini';
import {
  PASSWORD_MIN_LENGTH,
  setupSchema,
  signInSchema,
  type AdminError,
  type SessionInfo,
} from '../../src/admin/contract.ts';
import { adminText } from '../../src/content/admin.ts';
import { clientKey } from '../guard/client-key.ts';
import { refuse } from '../guard/refusal.ts';
import { SESSION_COOKIE, type AdminContext } from './admin-context.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S } from './device-cookie.ts';
import {
  passwordChecks,
  verifyNobody,
  verifyPassword,
  type CheckLane,
  type CheckPlace,
} from './passwords.ts';
import { SESSION_MAX_MS } from './sessions.ts';
import {
  AccountError,
  checkEmail,
  checkPassword,
  normaliseEmail,
  signOutEverywhere,
  type User,
} from './users.ts';

/**
 * The lane of a sign-in's password check (passwords.ts) and the keys its attempt is counted under:
 * a browser with a device cookie of the account asked for, issued since its last 'Sign out
 * everywhere' (server/admin/device-cookie.ts), takes the owner's lane and is counted under its own
 * key; a browser signed in to the account takes the owner's lane too; anyone else the strangers',
 * counted under the address's and the account's keys. A stranger without a session cookie costs no
 * database work here.
 */
async function attemptOf(
  context: AdminContext,
  request: FastifyRequest,
  email: string,
  accountHash: string,
): Promise<{ lane: CheckLane; keys: string[] }> {
  const device = context.devices.read(request.cookies[DEVICE_COOKIE]);
  if (device?.accountHash === accountHash) {
    const user = await context.accounts.find(email);
    if (user?.deviceEpoch === device.epoch) return { lane: 'owner', keys: [device.limitKey] };
  }
  const { clientHash } = context.options.database;
  const keys = [`address:${clientHash(clientKey(request.ip))}`, `account:${accountHash}`];
  const token = request.cookies[SESSION_COOKIE];
  const session = token === undefined ? undefined : await context.sessionStore.resolve(token);
  const own = session !== undefined && clientHash(normaliseEmail(session.email)) === accountHash;
  return { lane: own ? 'owner' : 'stranger', keys };
}

/** 429: the lane of password checks is full; try again in the seconds the checks ahead take. */
function refuseBusy(reply: FastifyReply) {
  reply.header('retry-after', String(passwordChecks.retryAfterSeconds()));
  return refuse(reply, 429, adminText.signIn.busy, { busy: true } satisfies Partial<AdminError>);
}

/**
 * Before any other hook (the request limit's count is a database write): a sign-in whose lane is
 * full is refused at once. Its lane is the owner's when it carries a device cookie signed by this
 * server or a session (checked for the account, and the cookie's epoch, later in `attemptOf`),
 * else the strangers'; so a crowd of strangers costs no database write while the lane is full, and
 * the owner's own work does not wait behind theirs.
 */
function refuseWhenFull(context: AdminContext, prefix: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'POST' || request.routeOptions.url !== `${prefix}/api/sign-in`) return;
    const known = context.devices.read(request.cookies[DEVICE_COOKIE]) !== undefined;
    if (!passwordChecks.full(known ? 'owner' : 'stranger')) return;
    // A browser signed in (its session is looked up only now, when the strangers' lane is full)
    // may be the account's own: `attemptOf` decides with the account.
    const token = request.cookies[SESSION_COOKIE];
    if (!known && token !== undefined && (await context.sessionStore.resolve(token))) return;
    return refuseBusy(reply);
  };
}

/**
 * Signing in: a place in the check lane first (a full lane refuses at once, 429 with Retry-After,
 * before any database write), then the checks under that place.
 */
async function signIn(context: AdminContext, request: FastifyRequest, reply: FastifyReply) {
  const body = safeParse(signInSchema, request.body);
  if (!body.success) return refuse(reply, 400, 'Send an e-mail address and a password');
  const accountHash = context.options.database.clientHash(normaliseEmail(body.data.email));
  const { lane, keys } = await attemptOf(context, request, body.data.email, accountHash);
  const place = passwordChecks.admit(lane);
  if (!place) return refuseBusy(reply);
  try {
    return await checkSignIn(context, request, reply, { ...body.data, accountHash, keys, place });
  } finally {
    place.release();
  }
}

interface SignInAttempt {
  email: string;
  password: string;
  code?: string | undefined;
  accountHash: string;
  keys: string[];
  place: CheckPlace;
}

/**
 * Checks a password, and the code of an account with two-step sign-in, under the sign-in limit
 * (each attempt counted before it is checked); starts a session. Each failure is recorded for the
 * owner to see.
 */
async function checkSignIn(
  context: AdminContext,
  request: FastifyRequest,
  reply: FastifyReply,
  { email, password, code, accountHash, keys, place }: SignInAttempt,
) {
  const { accounts, limit, options } = context;
  const { database } = options;
  if ((await accounts.count()) === 0) return context.signedOut(request, reply);
  const wait = await limit.attempt(keys);
  if (wait > 0) {
    reply.header('retry-after', String(Math.ceil(wait / 1000)));
    return refuse(reply, 429, 'Too many failed sign-ins; try again later');
  }
  const failed = async (error: string, extra: Partial<AdminError> = {}) => {
    await context.failures.record(accountHash, database.clientHash(clientKey(request.ip)));
    request.log.info('sign-in failed');
    return refuse(reply, 401, error, extra);
  };
  const user = await accounts.find(email);
  const valid = user
    ? await verifyPassword(password, user.passwordHash, place)
    : await verifyNobody(password, options.cost, place);
  if (!user || !valid) return failed('Email or password is incorrect.');
  if (await context.secondStep.enabled(user.id)) {
    // The password is right; the attempt stays counted until the code is too.
    if (code === undefined) {
      return refuse(reply, 401, 'Enter the code from your authenticator app', {
        codeNeeded: true,
      } satisfies Partial<AdminError>);
    }
    const check = await context.secondStep.check(user.id, code, place);
    if (check === 'refused')
      return failed('The code is not correct.', { codeNeeded: true } satisfies Partial<AdminError>);
    if (check === 'recovery-code-used') request.log.info({ userId: user.id }, 'recovery code used');
  }
  // The owner is in: the attempts counted for this sign-in are forgiven.
  await Promise.all(keys.map((key) => limit.clear(key)));
  request.log.info({ userId: user.id }, 'signed in');
  return startSession(context, request, reply, user);
}

/**
 * A new session for `user` in the cookie, and a new device cookie for this browser; answers what
 * `/api/session` would.
 */
async function startSession(
  context: AdminContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
): Promise<SessionInfo> {
  const { sessionStore, options, devices } = context;
  const token = await sessionStore.start(user);
  const cookie = {
    httpOnly: true,
    sameSite: 'strict',
    secure: options.cookieSecure === true || request.protocol === 'https',
  } as const;
  reply.setCookie(SESSION_COOKIE, token, { ...cookie, path: '/', maxAge: SESSION_MAX_MS / 1000 });
  const accountHash = options.database.clientHash(normaliseEmail(user.email));
  reply.setCookie(DEVICE_COOKIE, devices.issue(accountHash, user.deviceEpoch), {
    ...cookie,
    path: '/admin',
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
  const signedInUser = await sessionStore.resolve(token);
  return context.sessionInfo(signedInUser ?? user);
}

/** The field of a setup that add-user's rules refuse (server/admin/users.ts), if any. */
function invalidSetupField(email: string, password: string): 'email' | 'password' | undefined {
  try {
    checkEmail(email);
  } catch (error) {
    if (error instanceof AccountError) return 'email';
    throw error;
  }
  try {
    checkPassword(password);
  } catch (error) {
    if (error instanceof AccountError) return 'password';
    throw error;
  }
  return undefined;
}

/**
 * The first account, made with the one-time setup code (docs/inbox.md, "The first account"), then signed
 * in. A wrong code counts as a failed sign-in of the client's address, under the same limit.
 */
async function setUp(context: AdminContext, request: FastifyRequest, reply: FastifyReply) {
  const { limit, setup, options } = context;
  const body = safeParse(setupSchema, request.body);
  if (!body.success) return refuse(reply, 400, 'Send the setup code, an e-mail and a password');
  const { code, email, password } = body.data;
  const field = invalidSetupField(email, password);
  if (field === 'email')
    return refuse(reply, 400, 'Enter a valid e-mail address', {
      field,
    } satisfies Partial<AdminError>);
  if (field === 'password') {
    const error = `The password must have at least ${PASSWORD_MIN_LENGTH} characters`;
    return refuse(reply, 400, error, { field } satisfies Partial<AdminError>);
  }
  const keys = [`address:${options.database.clientHash(clientKey(request.ip))}`];
  const wait = await limit.attempt(keys);
  if (wait > 0) {
    reply.header('retry-after', String(Math.ceil(wait / 1000)));
    return refuse(reply, 429, 'Too many wrong setup codes; try again later');
  }
  const result = await setup.claim(code, email, password);
  if (!result.claimed && result.reason === 'account-exists') {
    return refuse(reply, 409, 'The inbox already has an account: sign in', {
      setupNeeded: false,
    } satisfies Partial<AdminError>);
  }
  if (!result.claimed) {
    request.log.info('setup code refused');
    return refuse(reply, 403, 'The setup code is not correct', {
      field: 'code',
    } satisfies Partial<AdminError>);
  }
  request.log.info({ userId: result.user.id }, 'first account made with the setup code');
  return startSession(context, request, reply, result.user);
}

export function sessionRoutes(app: FastifyInstance, context: AdminContext) {
  app.addHook('onRequest', refuseWhenFull(context, app.prefix));
  app.get('/api/session', context.signedIn, async (request) =>
    context.sessionInfo(context.userOf(request)),
  );
  app.post(
    '/api/sign-in',
    { config: { rateLimit: { max: 30, timeWindow: 60_000 } } },
    (request, reply) => signIn(context, request, reply),
  );
  app.post(
    '/api/setup',
    { config: { rateLimit: { max: 30, timeWindow: 60_000 } } },
    (request, reply) => setUp(context, request, reply),
  );
  app.post('/api/sign-out', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await context.sessionStore.end(token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true };
  });
  // Every session of the account ends, and every device cookie issued so far stops counting as a
  // known browser (its epoch is behind the account's): after a lost phone or a shared computer.
  app.post('/api/sign-out-everywhere', context.signedIn, async (request, reply) => {
    const user = context.userOf(request);
    await signOutEverywhere(context.options.database, user.id);
    request.log.info({ userId: user.id }, 'signed out everywhere');
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    reply.clearCookie(DEVICE_COOKIE, { path: '/admin' });
    return { ok: true };
  });
}
