import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSpam, validate, type FormDefinition } from './forms.ts';
import { checkedAttachment, readMultipart } from './multipart.ts';
import type { NewSubmission, SaveResult, Store } from '../store/store.ts';

export const BODY_LIMIT = 32 * 1024;
export const UNSUPPORTED_TYPE = 'Send the form as application/json or multipart/form-data';
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

export interface FormRouteOptions {
  store: Store;
  forms: ReadonlyMap<string, FormDefinition>;
  /** Posts per address per `rateLimitWindowMs`. */
  rateLimitMax: number;
  rateLimitWindowMs: number;
  /** Queue an e-mail notification with each stored submission. */
  notify: boolean;
  /** Queue an acknowledgement to the sender's e-mail address (see NewSubmission). */
  acknowledge: boolean;
  /** Called after a new submission is committed (wakes the outbox). */
  onStored?: (() => void) | undefined;
}

/** The first language of an Accept-Language header ('es-US,es;q=0.9' → 'es-US'), if well formed. */
export function browserLanguage(header: string | undefined): string | undefined {
  const first = header?.split(',')[0]?.split(';')[0]?.trim();
  return first && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/.test(first) ? first : undefined;
}

/** The site's languages: the Content-Language a form page sends (src/forms/post-json.ts). */
const SITE_LANGUAGES = new Set(['en', 'es']);

/** The page's language from a Content-Language header, when it is one of the site's. */
export function siteLanguage(header: string | undefined): string | undefined {
  const value = header?.trim().toLowerCase();
  return value && SITE_LANGUAGES.has(value) ? value : undefined;
}

/** The receiver's answer to anything it refuses: `{ ok: false, error }`. */
export function fail(reply: FastifyReply, status: number, error: string, extra: object = {}) {
  return reply.code(status).send({ ok: false, error, ...extra });
}

type FormRequest = FastifyRequest<{ Params: { form: string } }>;

/** Saves, or answers 503 and gives `undefined` when the database cannot take it just now. */
async function save(
  request: FormRequest,
  reply: FastifyReply,
  store: Store,
  submission: NewSubmission,
): Promise<SaveResult | undefined> {
  try {
    return await store.save(submission);
  } catch (error) {
    request.log.error({ code: (error as { code?: string }).code }, 'could not store');
    reply.header('retry-after', '30');
    await fail(reply, 503, 'The form could not be saved just now; please try again');
    return undefined;
  }
}

/** POST /api/forms/:form: validate with the form's schema, store once, answer the id. */
async function receive(request: FormRequest, reply: FastifyReply, options: FormRouteOptions) {
  const form = options.forms.get(request.params.form);
  if (!form) return fail(reply, 404, 'Unknown form');
  if (!request.headers['content-type']) return fail(reply, 415, UNSUPPORTED_TYPE);

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

  const saved = await save(request, reply, options.store, {
    form: form.name,
    fields: result.fields,
    clientAddress: request.ip,
    userAgent: request.headers['user-agent'],
    language: browserLanguage(request.headers['accept-language']),
    siteLanguage: siteLanguage(request.headers['content-language']),
    idempotencyKey: key,
    attachment,
    notify: options.notify,
    acknowledgeTo: options.acknowledge ? form.contact(result.fields).email : undefined,
  });
  if (!saved) return reply;
  if (saved.status === 'key-reused') {
    return fail(reply, 422, 'This Idempotency-Key was already used for a different body');
  }
  if (saved.status === 'created') {
    request.log.info({ form: form.name, id: saved.id }, 'submission stored');
    options.onStored?.();
  }
  return { ok: true, id: saved.id };
}

/** The form endpoints: POST stores, other methods get 405 (CORS preflights: see app.ts). */
export async function formRoutes(app: FastifyInstance, options: FormRouteOptions): Promise<void> {
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
        rateLimit: { max: options.rateLimitMax, timeWindow: options.rateLimitWindowMs },
      },
    },
    (request, reply) => receive(request, reply, options),
  );
}
