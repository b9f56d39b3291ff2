/**
 * Signing in (with two-step sign-in's code), the first account made with the setup code, the
 * session and signing out: `/admin/api/sign-in`, `setup`, `session`, `sign-out`,
 * `sign-out-everywhere`.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { safeParse } from 'zod/mini';
import {
  PASSWORD_MIN_LENGTH,
  setupSchema,
  signInSchema,
  type AdminError,
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
  type LaneHolder,
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
 * counted under the address's and the account's keys. In the owner's lane the place is the
 * account's, held by that browser. A stranger without a session cookie costs no database work here.
 */
async function attemptOf(
  context: AdminContext,
  request: FastifyRequest,
  email: string,
  accountHash: string,
): Promise<{ lane: CheckLane; keys: string[]; holder?: LaneHolder }> {
  const { devices } = context;
  const device = devices.read(request.cookies[DEVICE_COOKIE]);
  if (device && !devices.knows(device.accountHash))
    await rememberEpochs(context, device.accountHash);
  if (device?.accountHash === accountHash) {
    const user = await context.accounts.find(email);
    devices.remember(accountHash, user?.deviceEpoch ?? null);
    if (user?.deviceEpoch === device.epoch) {
      const holder = { account: accountHash, browser: device.limitKey };
      return { lane: 'owner', keys: [device.limitKey], holder };
    }
  }
  const { clientHash } = context.options.database;
  const keys = [`address:${clientHash(clientKey(request.ip))}`, `account:${accountHash}`];
  const token = request.cookies[SESSION_COOKIE];
  const session = token === undefined ? undefined : await context.sessionStore.resolve(token);
  if (token === undefined || session === undefined) return { lane: 'stranger', keys };
  if (clientHash(normaliseEmail(session.email)) !== accountHash) return { lane: 'stranger', keys };
  return { lane: 'owner', keys, holder: { account: accountHash, browser: sessionBrowser(token) } };
}

/**
 * Notes every account's device epoch, and that `accountHash` has none when no account has it (a
 * removed account): read once for an account a signed cookie names, so that the early refusal
 * knows an old cookie whatever address is typed with it.
 */
async function rememberEpochs(context: AdminContext, accountHash: string) {
  const { clientHash } = context.options.database;
  context.devices.remember(accountHash, null);
  for (const user of await context.accounts.list()) {
    context.devices.remember(clientHash(normaliseEmail(user.email)), user.deviceEpoch);
  }
}

/** The name a session holds a place in the owner's lane under (never the token itself). */
function sessionBrowser(token: string): string {
  return `session:${createHash('sha256').update(token).digest('hex')}`;
}

/**
 * Before any other hook (the request limit's count is a database write): a sign-in whose lane is
 * full is refused at once, with no database work. Its lane is the owner's when it carries a device
 * cookie signed by this server that names the account's current epoch as last read (an old
 * cookie is a stranger's here too; the account and the epoch are checked again in `attemptOf`),
 * else the strangers'; so a crowd of strangers costs no database write while their lane is full,
 * and the owner's own work does not wait behind theirs. A request with a session cookie, refused
 * only when the strangers' lane is full, costs a session lookup first (it may be the owner's).
 * Answers the full lane, or undefined when the sign-in may go on.
 */
export async function fullLane(
  context: AdminContext,
  request: FastifyRequest,
): Promise<CheckLane | undefined> {
  const device = context.devices.read(request.cookies[DEVICE_COOKIE]);
  if (device && context.devices.current(device)) {
    const holder = { account: device.accountHash, browser: device.limitKey };
    return passwordChecks.full('owner', holder) ? 'owner' : undefined;
  }
  if (!passwordChecks.full('stranger')) return undefined;
  const token = request.cookies[SESSION_COOKIE];
  if (token !== undefined && (await context.sessionStore.resolve(token))) return undefined;
  return 'stranger';
}

/** The JSON sign-in's early refusal (`fullLane`): 429 with Retry-After. */
function refuseWhenFull(context: AdminContext, prefix: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'POST' || request.routeOptions.url !== `${prefix}/api/sign-in`) return;
    const lane = await fullLane(context, request);
    if (lane !== undefined) return refuseWith(reply, busy(lane));
  };
}

/**
 * Why a sign-in was refused: the JSON route sends it as `{ ok: false, error, ...extra }`, the
 * document's own form (document-route.ts) says it in the words the React page would.
 */
export interface SignInRefusal {
  status: number;
  error: string;
  extra?: Partial<AdminError>;
  /** Seconds, for Retry-After (a 429). */
  retryAfter?: number;
}

/** A sign-in's outcome: the account is in, it was refused, or there is no account yet. */
export type SignInOutcome = { user: User } | { refused: SignInRefusal } | { noAccount: true };

const busy = (lane: CheckLane): SignInRefusal => ({
  status: 429,
  error: adminText.signIn.busy,
  extra: { busy: true },
  retryAfter: passwordChecks.retryAfterSeconds(lane),
});

/** Sends a refusal as the JSON API does. */
function refuseWith(reply: FastifyReply, { status, error, extra, retryAfter }: SignInRefusal) {
  if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
  return refuse(reply, status, error, extra);
}

/**
 * Signing in, for the JSON route and the document's form alike: a place in the check lane first
 * (a full lane refuses at once, 429 with Retry-After), then the checks under that place.
 */
export async function trySignIn(
  context: AdminContext,
  request: FastifyRequest,
  posted: unknown,
): Promise<SignInOutcome> {
  const body = safeParse(signInSchema, posted);
  if (!body.success)
    return { refused: { status: 400, error: 'Send an e-mail address and a password' } };
  const accountHash = context.options.database.clientHash(normaliseEmail(body.data.email));
  const { lane, keys, holder } = await attemptOf(context, request, body.data.email, accountHash);
  const place = passwordChecks.admit(lane, holder);
  if (!place) return { refused: busy(lane) };
  try {
    return await checkSignIn(context, request, { ...body.data, accountHash, keys, place });
  } finally {
    place.release();
  }
}

async function signIn(context: AdminContext, request: FastifyRequest, reply: FastifyReply) {
  const outcome = await trySignIn(context, request, request.body);
  if ('noAccount' in outcome) return context.signedOut(request, reply);
  if ('refused' in outcome) return refuseWith(reply, outcome.refused);
  return startSession(context, request, reply, outcome.user);
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
 * (each attempt counted before it is checked). Each failure is recorded for the owner to see.
 */
async function checkSignIn(
  context: AdminContext,
  request: FastifyRequest,
  { email, password, code, accountHash, keys, place }: SignInAttempt,
): Promise<SignInOutcome> {
  const { accounts, limit, options } = context;
  const { database } = options;
  if ((await accounts.count()) === 0) return { noAccount: true };
  const wait = await limit.attempt(keys);
  if (wait > 0) {
    const retryAfter = Math.ceil(wait / 1000);
    return {
      refused: { status: 429, error: 'Too many failed sign-ins; try again later', retryAfter },
    };
  }
  const failed = async (error: string, extra: Partial<AdminError> = {}) => {
    await context.failures.record(accountHash, database.clientHash(clientKey(request.ip)));
    request.log.info('sign-in failed');
    return { refused: { status: 401, error, extra } };
  };
  const user = await accounts.find(email);
  const valid = user
    ? await verifyPassword(password, user.passwordHash, place)
    : await verifyNobody(password, options.cost, place);
  if (!user || !valid) return failed('Email or password is incorrect.');
  if (await context.secondStep.enabled(user.id)) {
    // The password is right; the attempt stays counted until the code is too.
    if (code === undefined) {
      const extra = { codeNeeded: true };
      return {
        refused: { status: 401, error: 'Enter the code from your authenticator app', extra },
      };
    }
    const check = await context.secondStep.check(user.id, code, place);
    if (check === 'refused') return failed('The code is not correct.', { codeNeeded: true });
    if (check === 'recovery-code-used') request.log.info({ userId: user.id }, 'recovery code used');
  }
  // The owner is in: the attempts counted for this sign-in are forgiven.
  await Promise.all(keys.map((key) => limit.clear(key)));
  request.log.info({ userId: user.id }, 'signed in');
  return { user };
}

/** The session's and the device cookie's attributes. */
function cookieOptions(context: AdminContext, request: FastifyRequest) {
  return {
    httpOnly: true,
    sameSite: 'strict',
    secure: context.options.cookieSecure === true || request.protocol === 'https',
  } as const;
}

/** A new device cookie for this browser, naming `user`'s account at `epoch`. */
function setDeviceCookie(
  context: AdminContext,
  request: FastifyRequest,
  reply: FastifyReply,
  { email, epoch }: { email: string; epoch: number },
) {
  const accountHash = context.options.database.clientHash(normaliseEmail(email));
  context.devices.remember(accountHash, epoch);
  reply.setCookie(DEVICE_COOKIE, context.devices.issue(accountHash, epoch), {
    ...cookieOptions(context, request),
    path: '/admin',
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}

/**
 * A new session for `user` in the cookie, and a new device cookie for this browser. No session
 * starts when the account was signed out everywhere (or its password reset) since `user` was read:
 * the session's token is undefined, sign in again (`signedOutMeanwhile`).
 */
export async function openSession(
  context: AdminContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
): Promise<string | undefined> {
  const token = await context.sessionStore.startIfCurrent(user);
  if (token === undefined) {
    request.log.info({ userId: user.id }, 'sign-in ended by a sign-out everywhere meanwhile');
    return undefined;
  }
  reply.setCookie(SESSION_COOKIE, token, {
    ...cookieOptions(context, request),
    path: '/',
    maxAge: SESSION_MAX_MS / 1000,
  });
  setDeviceCookie(context, request, reply, { email: user.email, epoch: user.deviceEpoch });
  return token;
}

/** The refusal when a sign-out everywhere came between the checks and the session. */
export const signedOutMeanwhile: SignInRefusal = {
  status: 401,
  error: adminText.signIn.signedOutMeanwhile,
  extra: { signedOutMeanwhile: true },
};

/** A session started (openSession), answering what `/api/session` would; or 401, sign in again. */
async function startSession(
  context: AdminContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
) {
  const token = await openSession(context, request, reply, user);
  if (token === undefined) return refuseWith(reply, signedOutMeanwhile);
  const signedInUser = await context.sessionStore.resolve(token);
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

/** A setup's outcome: the first account, made, or why not. */
export type SetUpOutcome = { user: User } | { refused: SignInRefusal };

/**
 * The first account, made with the one-time setup code (docs/inbox.md, "The first account"), for
 * the JSON route and the document's form alike. A wrong code counts as a failed sign-in of the
 * client's address, under the same limit.
 */
export async function trySetUp(
  context: AdminContext,
  request: FastifyRequest,
  posted: unknown,
): Promise<SetUpOutcome> {
  const { limit, setup, options } = context;
  const body = safeParse(setupSchema, posted);
  if (!body.success)
    return { refused: { status: 400, error: 'Send the setup code, an e-mail and a password' } };
  const { code, email, password } = body.data;
  const field = invalidSetupField(email, password);
  if (field === 'email')
    return { refused: { status: 400, error: 'Enter a valid e-mail address', extra: { field } } };
  if (field === 'password') {
    const error = `The password must have at least ${PASSWORD_MIN_LENGTH} characters`;
    return { refused: { status: 400, error, extra: { field } } };
  }
  const keys = [`address:${options.database.clientHash(clientKey(request.ip))}`];
  const wait = await limit.attempt(keys);
  if (wait > 0) {
    const retryAfter = Math.ceil(wait / 1000);
    return {
      refused: { status: 429, error: 'Too many wrong setup codes; try again later', retryAfter },
    };
  }
  const result = await setup.claim(code, email, password);
  if (!result.claimed && result.reason === 'account-exists') {
    const error = 'The inbox already has an account: sign in';
    return { refused: { status: 409, error, extra: { setupNeeded: false } } };
  }
  if (!result.claimed) {
    request.log.info('setup code refused');
    const error = 'The setup code is not correct';
    return { refused: { status: 403, error, extra: { field: 'code' } } };
  }
  request.log.info({ userId: result.user.id }, 'first account made with the setup code');
  return { user: result.user };
}

async function setUp(context: AdminContext, request: FastifyRequest, reply: FastifyReply) {
  const outcome = await trySetUp(context, request, request.body);
  if ('refused' in outcome) return refuseWith(reply, outcome.refused);
  return startSession(context, request, reply, outcome.user);
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
  // Every session of the account ends, this browser's too, and every device cookie issued so far
  // stops counting as a known browser (its epoch is behind the account's): after a lost phone or a
  // shared computer. This browser, which has just proved a live session, gets a cookie at the new
  // epoch: it stays known (the owner's lane and own allowance), so the owner signs in again here
  // ahead of any crowd. A thief pressing it with a stolen session gets the same, but no session.
  app.post('/api/sign-out-everywhere', context.signedIn, async (request, reply) => {
    const user = context.userOf(request);
    const epoch = await signOutEverywhere(context.options.database, user.id);
    request.log.info({ userId: user.id }, 'signed out everywhere');
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    if (epoch === undefined) reply.clearCookie(DEVICE_COOKIE, { path: '/admin' });
    else setDeviceCookie(context, request, reply, { email: user.email, epoch });
    return { ok: true };
  });
}
