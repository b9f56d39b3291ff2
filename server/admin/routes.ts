import path from 'node:path';
import { existsSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { safeParse } from 'zod/mini';
import {
  inboxQuerySchema,
  PASSWORD_MIN_LENGTH,
  sendAgainSchema,
  setupSchema,
  signInSchema,
  updateSubmissionSchema,
  type AdminError,
  type BackupState,
  type SessionInfo,
} from '../../src/admin/contract.ts';
import {
  attachmentDisposition,
  downloadName,
  extensionOf,
  readAttachmentFiles,
} from '../store/attachments.ts';
import type { Database } from '../db/database.ts';
import { toCsv } from '../data/export.ts';
import type { FormDefinition } from '../intake/forms.ts';
import { inbox } from './inbox.ts';
import { dummyHash, verifyNobody, verifyPassword, type ScryptCost } from './passwords.ts';
import { SESSION_MAX_MS, sessions } from './sessions.ts';
import { setupCodes } from './setup-code.ts';
import { clientKey } from '../guard/client-key.ts';
import { signInLimit } from './sign-in-limit.ts';
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_S,
  deviceCookies,
  type DeviceCookies,
} from './device-cookie.ts';
import { failedSignIns, type FailedSignInLog } from './failed-sign-ins.ts';
import { twoStep, type TwoStep } from './two-step.ts';
import { siteRoutes } from './site-routes.ts';
import { personRoutes } from './person-routes.ts';
import type { RetentionDays } from '../data/erasure.ts';
import { refuse } from '../http/replies.ts';
import type { LiveSite } from '../site/live-site.ts';
import type { SiteStore } from '../site/site-store.ts';
import {
  AccountError,
  checkEmail,
  checkPassword,
  normaliseEmail,
  users,
  type User,
} from './users.ts';

export interface AdminOptions {
  database: Database;
  forms: readonly FormDefinition[];
  /** The built inbox app (`vite.admin.config.ts`); only the API is served when it is missing. */
  appDir?: string | undefined;
  /** Mark the cookie Secure even when the request did not come over HTTPS. */
  cookieSecure?: boolean;
  now?: () => number;
  cost?: ScryptCost;
  /** The owner's site editor (server/site/): its API and previews. */
  site?: { live: LiveSite; store: SiteStore };
  /** Wakes the outbox up after 'Send again' queued an e-mail (main.ts's outbox). */
  onMailQueued?: (() => void) | undefined;
  /** The nightly backups' state for the inbox (server/data/nightly-backup.ts); none on Postgres. */
  backups?: (() => BackupState) | undefined;
  /** Each form's retention in days (config.retainDays), shown in the inbox. */
  retainDays?: RetentionDays | undefined;
}

export const SESSION_COOKIE = 'admin_session';
const HASHED_ASSET = /\/assets\/.+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A state change must come from a page of this site: the browser's Sec-Fetch-Site says so, or
 * (older browsers) the Origin names this host. Neither header: refused (fail closed).
 */
export function isSameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

interface AdminContext {
  options: AdminOptions;
  now: () => number;
  accounts: ReturnType<typeof users>;
  sessionStore: ReturnType<typeof sessions>;
  limit: ReturnType<typeof signInLimit>;
  devices: DeviceCookies;
  failures: FailedSignInLog;
  secondStep: TwoStep;
  /** What `/api/session` answers: the user, and the failed sign-ins to the account since the last visit. */
  sessionInfo(user: User): Promise<SessionInfo>;
  setup: ReturnType<typeof setupCodes>;
  box: ReturnType<typeof inbox>;
  /** Route options that let only a signed-in owner through. */
  signedIn: { onRequest: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> };
  /** The owner a `signedIn` route's request belongs to. */
  userOf(request: FastifyRequest): User;
  /** 401; says whether no account exists yet, or whether the cookie's session has ended. */
  signedOut(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

function adminContext(options: AdminOptions): AdminContext {
  const { database, now = Date.now } = options;
  const accounts = users(database, { now, cost: options.cost });
  const sessionStore = sessions(database, { now });
  const failures = failedSignIns(database, { now });

  async function signedOut(request: FastifyRequest, reply: FastifyReply) {
    const setupNeeded = (await accounts.count()) === 0;
    const sessionEnded = request.cookies[SESSION_COOKIE] !== undefined;
    if (sessionEnded) reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return refuse(reply, 401, 'Sign in to continue', {
      setupNeeded,
      sessionEnded,
    } satisfies Partial<AdminError>);
  }

  const currentUser = new WeakMap<FastifyRequest, User>();
  async function requireUser(request: FastifyRequest, reply: FastifyReply) {
    const user = await sessionStore.resolve(request.cookies[SESSION_COOKIE]);
    if (!user) return signedOut(request, reply);
    currentUser.set(request, user);
  }

  return {
    options,
    now,
    accounts,
    sessionStore,
    limit: signInLimit(database, { now }),
    devices: deviceCookies(database),
    failures,
    secondStep: twoStep(database, { now }),
    async sessionInfo(user) {
      const accountHash = database.clientHash(normaliseEmail(user.email));
      const failed = await failures.since(accountHash, user.seenBefore);
      return {
        email: user.email,
        seenBefore: user.seenBefore,
        ...(failed ? { failedSignIns: failed } : {}),
        ...(options.backups ? { backups: options.backups() } : {}),
      };
    },
    setup: setupCodes(database, { now, cost: options.cost }),
    box: inbox(database, { forms: options.forms, now }),
    signedIn: { onRequest: requireUser },
    userOf(request) {
      const user = currentUser.get(request);
      if (!user) throw new Error('route registered without the sign-in check');
      return user;
    },
    signedOut,
  };
}

/**
 * The keys a sign-in attempt is counted under: a browser's own when it carries a device cookie of
 * the account asked for (server/admin/device-cookie.ts); else the address's and the account's.
 */
function attemptKeys(context: AdminContext, request: FastifyRequest, accountHash: string) {
  const device = context.devices.read(request.cookies[DEVICE_COOKIE]);
  if (device?.accountHash === accountHash) return [device.limitKey];
  const { clientHash } = context.options.database;
  return [`address:${clientHash(clientKey(request.ip))}`, `account:${accountHash}`];
}

/**
 * Checks a password, and the code of an account with two-step sign-in, under the sign-in limit
 * (each attempt counted before it is checked); starts a session. Each failure is recorded for the
 * owner to see.
 */
async function signIn(context: AdminContext, request: FastifyRequest, reply: FastifyReply) {
  const { accounts, limit, options } = context;
  const { database } = options;
  const body = safeParse(signInSchema, request.body);
  if (!body.success) return refuse(reply, 400, 'Send an e-mail address and a password');
  if ((await accounts.count()) === 0) return context.signedOut(request, reply);
  const { email, password, code } = body.data;
  const accountHash = database.clientHash(normaliseEmail(email));
  const keys = attemptKeys(context, request, accountHash);
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
    ? await verifyPassword(password, user.passwordHash)
    : await verifyNobody(password, options.cost);
  if (!user || !valid) return failed('Email or password is incorrect.');
  if (await context.secondStep.enabled(user.id)) {
    // The password is right; the attempt stays counted until the code is too.
    if (code === undefined) {
      return refuse(reply, 401, 'Enter the code from your authenticator app', {
        codeNeeded: true,
      } satisfies Partial<AdminError>);
    }
    const check = await context.secondStep.check(user.id, code);
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
  reply.setCookie(DEVICE_COOKIE, devices.issue(accountHash), {
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

function sessionRoutes(app: FastifyInstance, context: AdminContext) {
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
}

function submissionRoutes(app: FastifyInstance, context: AdminContext) {
  const { box, signedIn, options } = context;
  app.get('/api/submissions', signedIn, async (request, reply) => {
    const query = safeParse(inboxQuerySchema, request.query);
    if (!query.success) return refuse(reply, 400, 'The filters are not valid');
    return box.page(query.data);
  });

  app.get('/api/export.csv', signedIn, async (request, reply) => {
    const query = safeParse(inboxQuerySchema, request.query);
    if (!query.success) return refuse(reply, 400, 'The filters are not valid');
    const day = new Date(context.now()).toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="submissions-${day}.csv"`)
      .send(toCsv(await box.all(query.data)));
  });

  app.get('/api/weekly', signedIn, async () => box.weekly());

  app.get<{ Params: { id: string } }>('/api/submissions/:id', signedIn, async (request, reply) => {
    const detail = await box.detail(request.params.id);
    return detail ?? refuse(reply, 404, 'No such submission');
  });

  app.get<{ Params: { id: string; fileId: string } }>(
    '/api/submissions/:id/attachments/:fileId',
    signedIn,
    async (request, reply) => {
      const { id, fileId } = request.params;
      const [file] = /^\d{1,15}$/.test(fileId)
        ? await readAttachmentFiles(options.database.db, id, Number(fileId))
        : [];
      if (!file) return refuse(reply, 404, 'No such file');
      request.log.info({ id, fileId: file.id }, 'attachment downloaded');
      return reply
        .header('content-type', file.type)
        .header(
          'content-disposition',
          attachmentDisposition(downloadName(file.name, extensionOf(file.type))),
        )
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(file.content));
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/api/submissions/:id',
    signedIn,
    async (request, reply) => {
      const change = safeParse(updateSubmissionSchema, request.body);
      if (!change.success) return refuse(reply, 400, 'Send a status or a note');
      const email = context.userOf(request).email;
      const detail = await box.update(request.params.id, change.data, email);
      if (!detail) return refuse(reply, 404, 'No such submission');
      request.log.info({ id: detail.id, status: change.data.status }, 'submission updated');
      return detail;
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/submissions/:id/send-again',
    signedIn,
    async (request, reply) => {
      const body = safeParse(sendAgainSchema, request.body);
      if (!body.success) return refuse(reply, 400, 'Say which e-mail to send again');
      const result = await box.sendAgain(request.params.id, body.data.kind);
      if (!result) return refuse(reply, 404, 'No such submission');
      if (!result.requeued) return refuse(reply, 409, 'This e-mail was not given up');
      request.log.info({ id: request.params.id, kind: body.data.kind }, 'e-mail queued again');
      options.onMailQueued?.();
      return result.detail;
    },
  );
}

/** `/admin/` and its API (docs/inbox.md); registered with the prefix `/admin`. */
export async function adminRoutes(app: FastifyInstance, options: AdminOptions) {
  const context = adminContext(options);
  await app.register(fastifyCookie);
  // Made now, so that the first sign-in with an unknown address costs no more than any other.
  await dummyHash(options.cost);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-robots-tag', 'noindex, nofollow');
    // Hashed assets hold no personal data and never change; everything else is never cached.
    if (!HASHED_ASSET.test(request.url.split('?')[0] ?? '')) {
      reply.header('cache-control', 'no-store');
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || isSameOrigin(request)) return;
    request.log.info('cross-site admin request refused');
    return refuse(reply, 403, 'This request must come from the inbox itself');
  });

  sessionRoutes(app, context);
  submissionRoutes(app, context);
  personRoutes(app, {
    database: options.database,
    forms: options.forms,
    retainDays: options.retainDays ?? {},
    now: context.now,
    signedIn: context.signedIn,
    userOf: context.userOf,
    isSameOrigin,
  });
  if (options.site) {
    siteRoutes(app, { ...options.site, signedIn: context.signedIn, userOf: context.userOf });
  }
  app.all('/api/*', async (_request, reply) => refuse(reply, 404, 'Not found'));

  if (options.appDir && existsSync(options.appDir)) {
    await app.register(fastifyStatic, {
      root: path.resolve(options.appDir),
      decorateReply: false,
      wildcard: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        if (HASHED_ASSET.test(filePath.replaceAll('\\', '/'))) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
}
