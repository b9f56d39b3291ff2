import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { adminRoutes, type AdminOptions } from './admin/routes.ts';
import { forms as defaultForms, isSpam, validate, type FormDefinition } from './forms.ts';
import {
  checkedAttachment,
  ClientError,
  multipartErrors,
  multipartLimits,
  readMultipart,
} from './multipart.ts';
import { documentScriptHashes } from './inline-scripts.ts';
import { securityHeaders } from './security-headers.ts';
import type { Store } from './store.ts';

export interface AppOptions {
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
  /** fastify's trustProxy: who may set X-Forwarded-For (README, "Behind a reverse proxy"). */
  trustProxy?: boolean | number | string;
  /** A pino level ('info', 'warn', 'silent'…), or false for no logger. */
  logLevel?: string | false;
  /** Where logs go (standard output by default). */
  logStream?: { write(line: string): void };
  /** Queue an e-mail notification with each stored submission. */
  notify?: boolean;
  /** Called after a new submission is committed (wakes the outbox). */
  onStored?: () => void;
  /** The owner's inbox at /admin/; left out when not given. */
  admin?: Omit<AdminOptions, 'database' | 'forms'>;
}

export const BODY_LIMIT = 32 * 1024;
const UNSUPPORTED_TYPE = 'Send the form as application/json or multipart/form-data';

const HASHED_ASSET = /\/assets\/.+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/** The first language of an Accept-Language header ('es-US,es;q=0.9' → 'es-US'), if well formed. */
export function browserLanguage(header: string | undefined): string | undefined {
  const first = header?.split(',')[0]?.split(';')[0]?.trim();
  return first && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/.test(first) ? first : undefined;
}

function fail(reply: FastifyReply, status: number, error: string, extra: object = {}) {
  return reply.code(status).send({ ok: false, error, ...extra });
}

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

/** A hop count means: trust that many proxies in front of this server. */
function trustProxy(setting: AppOptions['trustProxy']) {
  return typeof setting === 'number'
    ? (_address: string, hop: number) => hop < setting
    : (setting ?? false);
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logLevel
      ? { level: options.logLevel, serializers, stream: options.logStream ?? process.stdout }
      : false,
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxy(options.trustProxy),
    // fastify's own closing answer is {"error": …} without "ok": the hook below answers instead.
    return503OnClosing: false,
  });
  const formsByName = new Map((options.forms ?? defaultForms).map((form) => [form.name, form]));
  const { store } = options;
  const headers = securityHeaders(options.connectSources, documentScriptHashes(options.distDir));
  const corsOrigins = new Set(options.corsOrigins ?? []);

  app.addHook('onSend', async (request, reply) => {
    reply.headers(headers);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });

  // Only JSON bodies: without the text/plain parser anything else is a 415.
  app.removeContentTypeParser('text/plain');

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, message } = clientError(error);
    if (status >= 500) {
      request.log.error({ code: error.code, name: error.name }, 'request failed');
      return fail(reply, 500, 'Something went wrong on our side; please try again');
    }
    request.log.info({ code: error.code ?? status }, 'request refused');
    return fail(reply, status, message);
  });

  app.setNotFoundHandler((_request, reply) => fail(reply, 404, 'Not found'));

  // During a graceful stop, requests still arriving on open connections are turned away at once
  // (the ones already running finish): a client or proxy retries them on the restarted server.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close').header('retry-after', '5');
    return fail(reply, 503, 'The server is restarting; please try again in a moment');
  });

  await app.register(fastifyCompress, { encodings: ['br', 'gzip'] });
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyMultipart, {
    limits: multipartLimits(BODY_LIMIT),
    throwFileSizeLimit: true,
  });

  app.get('/healthz', async (request, reply) => {
    try {
      await store.ping();
      return { ok: true };
    } catch (error) {
      request.log.error({ code: (error as { code?: string }).code }, 'health check failed');
      return fail(reply, 503, 'The database is unavailable');
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin && (corsOrigins.has(origin) || corsOrigins.has('*'))) {
      reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    }
  });

  app.options('/api/forms/:form', async (_request, reply) =>
    reply
      .code(204)
      .header('access-control-allow-methods', 'POST')
      .header('access-control-allow-headers', 'Content-Type, Accept, Idempotency-Key')
      .header('access-control-max-age', '600')
      .send(),
  );

  app.route({
    method: ['GET', 'PUT', 'PATCH', 'DELETE'],
    url: '/api/forms/:form',
    handler: async (_request, reply) =>
      fail(reply.header('allow', 'POST, OPTIONS'), 405, 'Forms are sent with POST'),
  });

  app.post<{ Params: { form: string } }>(
    '/api/forms/:form',
    {
      config: {
        rateLimit: {
          max: options.rateLimitMax ?? 10,
          timeWindow: options.rateLimitWindowMs ?? 60_000,
        },
      },
    },
    async (request, reply) => {
      const form = formsByName.get(request.params.form);
      if (!form) return fail(reply, 404, 'Unknown form');
      if (!request.headers['content-type']) {
        return fail(reply, 415, UNSUPPORTED_TYPE);
      }

      const { body, file } = request.isMultipart()
        ? await readMultipart(request, form, BODY_LIMIT)
        : { body: request.body, file: undefined };

      if (isSpam(body)) {
        request.log.info({ form: form.name }, 'spam trap filled; not stored');
        return { ok: true, id: randomUUID() };
      }

      const result = validate(form, body);
      if (!result.ok) {
        return fail(reply, 400, 'Some fields are missing or invalid', { errors: result.errors });
      }
      const attachment = file && (await checkedAttachment(file));

      const key = request.headers['idempotency-key'];
      if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))) {
        return fail(reply, 400, 'Idempotency-Key must be 1 to 200 visible ASCII characters');
      }

      let saved;
      try {
        saved = await store.save({
          form: form.name,
          fields: result.fields,
          clientAddress: request.ip,
          userAgent: request.headers['user-agent'],
          language: browserLanguage(request.headers['accept-language']),
          idempotencyKey: key,
          attachment,
          notify: options.notify ?? false,
        });
      } catch (error) {
        request.log.error({ code: (error as { code?: string }).code }, 'could not store');
        reply.header('retry-after', '30');
        return fail(reply, 503, 'The form could not be saved just now; please try again');
      }

      if (saved.status === 'key-reused') {
        return fail(reply, 422, 'This Idempotency-Key was already used for a different body');
      }
      if (saved.status === 'created') {
        request.log.info({ form: form.name, id: saved.id }, 'submission stored');
        options.onStored?.();
      }
      return { ok: true, id: saved.id };
    },
  );

  if (options.admin) {
    await app.register(adminRoutes, {
      prefix: '/admin',
      database: store.database,
      forms: [...formsByName.values()],
      ...options.admin,
    });
    app.get('/admin', (_request, reply) => reply.redirect('/admin/', 301));
  }

  if (options.distDir && existsSync(options.distDir)) {
    await app.register(fastifyStatic, {
      root: path.resolve(options.distDir),
      wildcard: true,
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
  }

  return app;
}
