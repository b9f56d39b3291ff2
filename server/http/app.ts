import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import proxyAddr from '@fastify/proxy-addr';
import fastifyStatic from '@fastify/static';
import type { AdminOptions } from '../admin/admin-context.ts';
import { adminRoutes } from '../admin/routes.ts';
import { clientAddress } from '../guard/client-key.ts';
import { databaseBusy } from '../db/engine.ts';
import { shareRequestLimits } from '../guard/request-limit.ts';
import type { TrustProxy } from '../config.ts';
import { proofOfWork } from '../guard/proof-of-work.ts';
import { BODY_LIMIT, formRoutes, UNSUPPORTED_TYPE } from '../intake/form-routes.ts';
import { forms as defaultForms, type FormDefinition } from '../intake/forms.ts';
import { documentScriptHashes } from './inline-scripts.ts';
import { ClientError, multipartErrors, multipartLimits } from '../intake/multipart.ts';
import { readinessRoute, type ReadinessOptions } from './readiness.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import type { Store } from '../store/store.ts';
import { routes } from '../../src/content/routes.ts';
import type { FormAnswers } from '../site/form-answers.ts';
import { refuse } from '../guard/refusal.ts';
import type { InstanceStore } from '../site/instances.ts';
import { sitePath, type LiveSite } from '../site/live-site.ts';
import { isSiteDocument, pinnedVersion, sendSiteFile } from './site-file.ts';
import type { SiteStore } from '../site/site-store.ts';
import { NOTHING_PUBLISHED, type PublishedVersion } from '../../src/content/published.ts';
import { beaconRoute, countDocuments, type VisitRoutesOptions } from '../visits/visit-routes.ts';
import type { VisitCounter } from '../visits/visit-types.ts';

export interface AppOptions {
  /** The owner's published site (server/site/): its documents over the build's, its photos. */
  site?: { live: LiveSite; store: SiteStore; instances?: InstanceStore | undefined } | undefined;
  /** The built site (vite's outDir); not served when missing. */
  distDir?: string | undefined;
  store: Store;
  forms?: readonly FormDefinition[];
  /** Posts per address per `rateLimitWindowMs`. */
  rateLimitMax?: number;
  rateLimitWindowMs?: number;
  /** Extra origins the forms may post to (CSP connect-src). */
  connectSources?: readonly string[];
  /** Origins of static deployments allowed to post here ('*' for any). */
  corsOrigins?: readonly string[];
  /** Who may set X-Forwarded-For (docs/deployment.md, "Behind a reverse proxy"); nobody when left out. */
  trustProxy?: TrustProxy;
  /** A pino level ('info', 'warn', 'silent'…), or false for no logger. */
  logLevel?: string | false;
  /** Where logs go (standard output by default). */
  logStream?: { write(line: string): void };
  /** Queue an e-mail notification with each stored submission. */
  notify?: boolean;
  /** Queue an acknowledgement to each sender's e-mail address (at most one per address a day). */
  acknowledge?: boolean;
  /** Acknowledgements per recipient domain per hour (ACK_DOMAIN_MAX_PER_HOUR). */
  acknowledgeDomainMaxPerHour?: number | undefined;
  /** Called after a new submission is committed, or an e-mail queued again (wakes the outbox). */
  onStored?: () => void;
  /** The owner's inbox at /admin/; left out when not given. */
  admin?: Omit<AdminOptions, 'database' | 'forms'>;
  /** The pages that answer a form sent without JavaScript (server/site/form-answers.ts). */
  formAnswers?: FormAnswers;
  /** The version the forms' answers are drawn in (default: the site's live one, else the code's). */
  published?: () => PublishedVersion;
  /** The key that signs the forms' proof-of-work challenges; derived from the address key when left out. */
  altchaHmacKey?: string | undefined;
  /** Score posts for spam (the default); off only in the benchmark that measures its cost. */
  spamScoring?: boolean;
  /**
   * What /readyz checks beyond the database (server/http/readiness.ts); the mail's state is told
   * in its body when `notify` is on.
   */
  ready?: ReadinessOptions;
  /**
   * Visits counted without cookies (server/visits/, docs/visits.md): the site's documents served
   * and `POST /api/visit`; off when left out (VISITS=off). `ownHosts`: the site's own hosts, whose
   * referrers are no source (default: those of `corsOrigins`); `now`: the views' clock (tests).
   */
  visits?: { counter: VisitCounter; ownHosts?: string[]; now?: () => number } | undefined;
}

const HASHED_ASSET =
  /\/assets\/.+-[A-Za-z0-9_-]{8}\.[a-z0-9]+(\.br|\.gz)?$|\/og-image\.[0-9a-f]{12}\.jpg$/;
/** The build's text files, which have compressed twins (scripts/build/compress.mjs). */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest)|image\/svg)/;

/** The visitor-facing text of each 4xx answer; never the parser's message, which may quote the body. */
function clientError(error: FastifyError): { status: number; message: string } {
  if (error instanceof ClientError) return { status: error.statusCode, message: error.message };
  const multipart = multipartErrors[error.code];
  if (multipart) return multipart;
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: `The body is larger than ${BODY_LIMIT / 1024} kB` };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: UNSUPPORTED_TYPE };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: 'The body is empty' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: 'The Content-Length does not match the body' };
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return { status, message: 'Too many submissions; please try again later' };
  if (status === 400) return { status, message: 'The body is not valid JSON' };
  return { status, message: status === 404 ? 'Not found' : 'The request was not accepted' };
}

/** Request logs hold the method, the path and the status: no addresses, no bodies, no queries. */
const serializers = {
  req: (request: { method: string; url: string }) => ({
    method: request.method,
    url: request.url.split('?')[0],
  }),
  res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
};

/**
 * fastify's trustProxy for a `TrustProxy` setting. The connection's own address (hop 0) must be one
 * of the proxies; then, with `hops`, that many addresses of X-Forwarded-For are believed in all,
 * counted from the right (the proxies in front of that one); without, each further address must
 * itself be a listed proxy. A client that talks to the server directly names nobody.
 */
function trustProxyFunction(setting: TrustProxy | undefined) {
  if (!setting || setting.proxies.length === 0) return false;
  const compiled = proxyAddr.compile(setting.proxies);
  // A proxy named with its port (`10.0.0.5:443`) is still that proxy.
  const listed = (address: string, hop: number) => compiled(clientAddress(address), hop);
  const { hops } = setting;
  if (hops === undefined) return listed;
  return (address: string, hop: number) => (hop === 0 ? listed(address, hop) : hop < hops);
}

/** How long a request refused for a busy database is asked to wait before it is sent again. */
const BUSY_RETRY_AFTER_S = 5;

/**
 * Every failure is a JSON `{ ok: false, error }`; a 5xx never says why (the log does, by code). A
 * database that is busy or out of reach (a lock not granted within PG_LOCK_TIMEOUT_MS, a lost
 * connection) is a 503 with Retry-After: the same request may simply be sent again.
 */
function handleErrors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, message } = clientError(error);
    if (status >= 500 && databaseBusy(error)) {
      request.log.warn({ code: error.code }, 'database busy');
      reply.header('retry-after', String(BUSY_RETRY_AFTER_S));
      return refuse(reply, 503, 'The database is busy just now; please try again in a moment');
    }
    if (status >= 500) {
      request.log.error({ code: error.code, name: error.name }, 'request failed');
      return refuse(reply, 500, 'Something went wrong on our side; please try again');
    }
    request.log.info({ code: error.code ?? status }, 'request refused');
    return refuse(reply, status, message);
  });
  app.setNotFoundHandler((_request, reply) => refuse(reply, 404, 'Not found'));

  // During a graceful stop, requests still arriving on open connections are turned away at once
  // (the ones already running finish): a client or proxy retries them on the restarted server.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close').header('retry-after', '5');
    return refuse(reply, 503, 'The server is restarting; please try again in a moment');
  });
}

/**
 * Cross-origin posts to the form endpoints from the listed origins (a static deployment of the
 * site), through @fastify/cors; every other path and origin gets no CORS headers at all.
 */
async function allowCrossOriginPosts(app: FastifyInstance, origins: readonly string[]) {
  const allowed = new Set(origins);
  const policy = (methods: string[]) => ({
    // Async: a synchronous origin function must call a callback, or the request never ends.
    origin: async (origin: string | undefined) =>
      Boolean(origin && (allowed.has(origin) || allowed.has('*'))),
    methods,
    allowedHeaders: ['Content-Type', 'Accept', 'Content-Language', 'Idempotency-Key'],
    maxAge: 600,
  });
  const formsPolicy = policy(['POST']);
  // A form's proof-of-work challenge, asked for by the same pages.
  const challengePolicy = policy(['GET']);
  await app.register(fastifyCors, {
    hideOptionsRoute: true,
    delegator: (request, callback) =>
      callback(
        null,
        request.url.startsWith('/api/forms/')
          ? formsPolicy
          : request.url.split('?')[0] === '/api/challenge'
            ? challengePolicy
            : { origin: false },
      ),
  });
}

/** The site's documents, English and Spanish: their inline scripts are allowed by hash. */
const SITE_DOCUMENTS = ['index.html', 'es/index.html'];

/** The owner's photos (server/site/photos.ts), named by their content: cached for good. */
function servePhotos(app: FastifyInstance, store: SiteStore) {
  app.get<{ Params: { name: string } }>('/media/:name', async (request, reply) => {
    const { name } = request.params;
    const file = /^[0-9a-f]{16}-\d{2,4}\.(avif|webp)$/.test(name)
      ? await store.mediaFile(name)
      : undefined;
    if (!file) return refuse(reply, 404, 'No such photo');
    return reply
      .header('content-type', file.type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(Buffer.from(file.content));
  });
}

/**
 * The owner's published documents, in place of the build's (none while nothing is published). A
 * page's piece asked for with its document's version (`?v=3`) is that version's, or a 409 once
 * this instance no longer holds it (the app then loads the page again: src/site-version.ts).
 */
function serveLiveDocuments(app: FastifyInstance, live: LiveSite) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (request.url.startsWith('/api/') || request.url.startsWith('/admin')) return;
    let file;
    try {
      file = sitePath(request.url);
    } catch {
      return; // A malformed address: the static files answer it.
    }
    const version = pinnedVersion(file, request.url);
    if (version !== undefined) {
      const pinned = live.pinnedFile(file, version);
      if ('file' in pinned) return sendSiteFile(request, reply, pinned.file);
      if ('gone' in pinned) {
        reply.header('cache-control', 'no-store');
        return refuse(reply, 409, 'That version of the site was replaced: load the page again', {
          version: live.version,
        });
      }
      return; // The build's piece, from the static files.
    }
    // The owner published, and this instance could make none of it yet: never the placeholders.
    if (live.servesPlaceholders() && isSiteDocument(file)) {
      reply.header('retry-after', '5');
      return refuse(reply, 503, 'The site is being updated; try again in a few seconds');
    }
    const found = live.file(file);
    if (found) return sendSiteFile(request, reply, found);
  });
}

async function serveSite(app: FastifyInstance, distDir: string) {
  // The Spanish document's address is its folder: /es/ (its relative links need the slash), and so
  // is each page's own document (/team/, /es/team/): one address each, the sitemap's.
  app.get('/es', (_request, reply) => reply.redirect('/es/', 301));
  for (const { path: page } of Object.values(routes).filter((route) => route.path !== '/')) {
    for (const document of ['', '/es']) {
      app.get(`${document}${page}`, (request, reply) => {
        const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
        return reply.redirect(`${document}${page}/${query}`, 301);
      });
    }
  }
  await app.register(fastifyStatic, {
    root: path.resolve(distDir),
    wildcard: true,
    // The build's brotli and gzip twins of each text file (scripts/build/compress.mjs): the bytes a
    // static host sends, at no cost per request.
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      res.setHeader(
        'cache-control',
        HASHED_ASSET.test(filePath.replaceAll('\\', '/'))
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
  // A cache in between keeps each encoding apart.
  app.addHook('onSend', async (request, reply) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (request.url.startsWith('/api/') || !COMPRESSIBLE.test(type)) return;
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/accept-encoding/i.test(vary)) {
      reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
  });
}

/**
 * How long /healthz waits for the database: a proxy's health check gives up after a few seconds,
 * and a database that does not answer (paused, a half-open connection) must read as down, not hang.
 */
const HEALTH_TIMEOUT_MS = 2000;

/** `work`, or an ETIMEDOUT error once `ms` have passed (the work goes on, unawaited). */
function answersWithin<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error('no answer in time'), { code: 'ETIMEDOUT' })),
      ms,
    );
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The site's own hosts, configured by the owner (CORS_ORIGINS), never read from a request. */
function ownHosts(origins: readonly string[] = []): string[] {
  return origins.filter((origin) => origin !== '*').map((origin) => new URL(origin).hostname);
}

/**
 * The visits' hook and beacon (server/visits/): without a counter (VISITS=off) nothing is counted,
 * and the beacon, which the site's script sends regardless, is still answered 204.
 */
function visitOptions({ visits, corsOrigins }: AppOptions): VisitRoutesOptions {
  if (!visits) return {};
  return { ...visits, ownHosts: visits.ownHosts ?? ownHosts(corsOrigins) };
}

/** /healthz: liveness, the database answering in time. */
function healthRoute(app: FastifyInstance, store: AppOptions['store']) {
  app.get('/healthz', async (request, reply) => {
    try {
      await answersWithin(store.ping(), HEALTH_TIMEOUT_MS);
      return { ok: true };
    } catch (error) {
      request.log.error({ code: (error as { code?: string }).code }, 'health check failed');
      return refuse(reply, 503, 'The database is unavailable');
    }
  });
}

/**
 * The proof of work's key, never stored: the secret setting, or a key derived from the address
 * hash's own key (and the one derived before issue 45, whose challenges count as no proof, not as
 * forged).
 */
function proofOfWorkGuard(database: AppOptions['store']['database'], altchaHmacKey?: string) {
  return proofOfWork(database, {
    hmacKey: altchaHmacKey ?? database.derivedKey('altcha').toString('hex'),
    legacyHmacKeys: altchaHmacKey ? [] : [database.clientHash('altcha-key')],
  });
}

/** The owner's inbox at /admin/, when the options give one. */
async function registerInbox(
  app: FastifyInstance,
  options: AppOptions,
  shared: {
    forms: FormDefinition[];
    mail: (() => ReturnType<Store['mailState']>) | undefined;
    published: () => PublishedVersion;
  },
) {
  if (!options.admin) return;
  await app.register(adminRoutes, {
    prefix: '/admin',
    database: options.store.database,
    forms: shared.forms,
    ...(options.site ? { site: { ...options.site, sendFile: sendSiteFile } } : {}),
    onMailQueued: options.onStored,
    acknowledge: options.acknowledge ?? false,
    mail: shared.mail,
    published: shared.published,
    ...options.admin,
  });
  app.get('/admin', (_request, reply) => reply.redirect('/admin/', 301));
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logLevel
      ? { level: options.logLevel, serializers, stream: options.logStream ?? process.stdout }
      : false,
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyFunction(options.trustProxy),
    // fastify's own closing answer is {"error": …} without "ok": the hook in handleErrors answers.
    return503OnClosing: false,
  });
  const forms = new Map((options.forms ?? defaultForms).map((form) => [form.name, form]));
  const { store } = options;
  // The forms' answers, the inbox's deadlines and names: the live version.
  const published =
    options.published ?? (() => options.site?.live.published() ?? NOTHING_PUBLISHED);

  await registerSecurityHeaders(
    app,
    options.connectSources ?? [],
    documentScriptHashes(options.distDir, SITE_DOCUMENTS),
  );
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
  // Only JSON bodies: without the text/plain parser anything else is a 415.
  app.removeContentTypeParser('text/plain');
  handleErrors(app);
  const visits = visitOptions(options);
  countDocuments(app, visits);

  await app.register(fastifyCompress, { encodings: ['br', 'gzip'] });
  // Each route's `config.rateLimit`, counted in the database: every instance shares the count.
  shareRequestLimits(app, store.database);
  await app.register(fastifyMultipart, {
    limits: multipartLimits(BODY_LIMIT),
    throwFileSizeLimit: true,
  });
  await allowCrossOriginPosts(app, options.corsOrigins ?? []);

  // With e-mail set up: the waiting e-mails and the relay's word, for /readyz and the inbox.
  const mail = options.notify ? () => store.mailState() : undefined;
  healthRoute(app, store);
  await beaconRoute(app, visits);
  readinessRoute(app, store, { mail, ...options.ready });

  await formRoutes(app, {
    store,
    forms,
    rateLimitMax: options.rateLimitMax ?? 10,
    rateLimitWindowMs: options.rateLimitWindowMs ?? 60_000,
    notify: options.notify ?? false,
    acknowledge: options.acknowledge ?? false,
    acknowledgeDomainMaxPerHour: options.acknowledgeDomainMaxPerHour,
    onStored: options.onStored,
    formAnswers: options.formAnswers,
    published,
    proofOfWork: proofOfWorkGuard(store.database, options.altchaHmacKey),
    spamScoring: options.spamScoring ?? true,
    ownHosts: ownHosts(options.corsOrigins),
    visits: options.visits,
  });

  await registerInbox(app, options, { forms: [...forms.values()], mail, published });
  if (options.site) {
    servePhotos(app, options.site.store);
    serveLiveDocuments(app, options.site.live);
  }
  if (options.distDir && existsSync(options.distDir)) await serveSite(app, options.distDir);
  return app;
}
