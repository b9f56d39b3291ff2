import { randomUUID } from 'node:crypto';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PostedForm } from '../../src/forms/posted.ts';
import { acknowledgementGuard } from '../guard/acknowledgements.ts';
import { clientAddress, clientKey } from '../guard/client-key.ts';
import { clientCount } from '../guard/request-limit.ts';
import type { ProofOfWorkGuard } from '../guard/proof-of-work.ts';
import {
  SPAM_THRESHOLD,
  spamScore,
  type ProofOfWork,
  type SpamScore,
} from '../guard/spam-score.ts';
import { refuse } from '../guard/refusal.ts';
import type { FormAnswers } from '../site/form-answers.ts';
import { messagesIn, type PageLanguage } from './form-messages.ts';
import {
  isSpam,
  proofOfWorkAnswer,
  validate,
  type FieldError,
  type FormDefinition,
} from './forms.ts';
import { sendAnswerPage } from './html-answer.ts';
import {
  browserChecked,
  fieldMessages,
  isHtmlPost,
  postedAgain,
  readHtmlPost,
} from './html-post.ts';
import { checkedAttachment, ClientError, readMultipart, type UploadedFile } from './multipart.ts';
import type { NewSubmission, SaveResult, Store } from '../store/store.ts';
import type { PublishedVersion } from '../../src/content/published.ts';
import { submissionVisit } from '../visits/submission-source.ts';
import type { VisitCounter } from '../visits/visit-types.ts';

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
  /** Acknowledgements per recipient domain per hour (server/guard/acknowledgements.ts). */
  acknowledgeDomainMaxPerHour?: number | undefined;
  /** Called after a new submission is committed (wakes the outbox). */
  onStored?: (() => void) | undefined;
  /** The pages that answer a form sent without JavaScript (a plain page without). */
  formAnswers?: FormAnswers | undefined;
  /** The live version of the site: the answer pages' words and messages. */
  published: () => PublishedVersion;
  /** The forms' proof of work: its challenges, and the check of a post's answer. */
  proofOfWork: ProofOfWorkGuard;
  /** Score each post for spam (server/guard/spam-score.ts); off only to measure what it costs. */
  spamScoring: boolean;
  /** The site's own hosts (from CORS_ORIGINS): a client's links to them are not counted. */
  ownHosts?: readonly string[] | undefined;
  /**
   * The visit counter (server/visits/): a post without script takes its visitor's day as its
   * source; `ownHosts`, more of the site's own hosts (SITE_URL's). Without it, a submission's
   * source comes from the page's `Visit` header or its own address only.
   */
  visits?: { counter: VisitCounter; ownHosts?: string[] } | undefined;
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
    await refuse(reply, 503, 'The form could not be saved just now; please try again');
    return undefined;
  }
}

/**
 * The normalised address to acknowledge a stored post at, or undefined when none may go: the
 * sender over a limit, the domain over its cap (server/guard/acknowledgements.ts).
 */
async function acknowledgeTo(
  request: FormRequest,
  address: string | undefined,
  options: FormRouteOptions,
): Promise<string | undefined> {
  if (!options.acknowledge) return undefined;
  const guard = acknowledgementGuard(options.store.database, {
    domainMaxPerHour: options.acknowledgeDomainMaxPerHour,
  });
  const answer = await guard.check(address, clientCount(request), clientKey(request.ip));
  if ('to' in answer) return answer.to;
  if (answer.withheld !== 'no-address') {
    request.log.info({ reason: answer.withheld }, 'acknowledgement withheld');
  }
  return undefined;
}

/** A post as the common path takes it: the script's body, or what a page's form made of its post. */
interface Received {
  body: unknown;
  file: UploadedFile | undefined;
  siteLanguage: string | undefined;
  /** The Idempotency-Key header as it came (checked here), or the key of a page's post. */
  idempotencyKey: string | string[] | undefined;
  /** The proof of work's answer as posted (the `altcha` field), if any. */
  proofOfWork: unknown;
}

/** A filled spam trap's score when scoring is off: Spam all the same. */
const TRAPPED: SpamScore = { score: SPAM_THRESHOLD, reasons: ['honeypot'], spam: true };

/** The post's spam score: the trap, its proof of work (spent here) and what it says. */
async function scored(
  request: FormRequest,
  form: FormDefinition,
  fields: Record<string, unknown>,
  received: Received,
  options: FormRouteOptions,
): Promise<SpamScore | undefined> {
  const honeypot = isSpam(received.body);
  if (honeypot) request.log.info({ form: form.name }, 'spam trap filled; kept in Spam');
  if (!options.spamScoring) return honeypot ? TRAPPED : undefined;
  let proofOfWork: ProofOfWork;
  try {
    proofOfWork = await options.proofOfWork.check(received.proofOfWork);
  } catch (error) {
    // The database could not say whether the answer was spent: judged as if none came.
    request.log.warn({ code: (error as { code?: string }).code }, 'proof of work not checked');
    proofOfWork = { kind: 'missing' };
  }
  const score = spamScore({
    proofOfWork,
    at: Date.now(),
    fields,
    name: form.contact(fields).name,
    honeypot,
    ownHosts: options.ownHosts,
  });
  if (score.spam) request.log.info({ form: form.name, reasons: score.reasons }, 'judged spam');
  return score;
}

/**
 * What became of a post; `spam`: a filled trap on a body no form could send (answered as stored);
 * `answered`: a refusal already sent (503, a bad key).
 */
type Outcome =
  | { kind: 'spam' }
  | { kind: 'invalid'; errors: FieldError[] }
  | { kind: 'stored'; id: string }
  | { kind: 'answered' };

/**
 * Every post's way, the script's and a page's alike: the shared schema, the file's content, the
 * idempotency key, the spam score (the trap among its signs), then the store (answered only once
 * the row is committed). Spam is stored too, in Spam, and answered as any post.
 */
async function accept(
  request: FormRequest,
  reply: FastifyReply,
  form: FormDefinition,
  received: Received,
  options: FormRouteOptions,
): Promise<Outcome> {
  const result = validate(form, received.body);
  if (!result.ok) {
    // A robot's post that no form could have sent: answered as a stored one, with nothing to keep.
    if (isSpam(received.body)) return { kind: 'spam' };
    return { kind: 'invalid', errors: result.errors };
  }
  const attachment = received.file && (await checkedAttachment(received.file));
  const key = received.idempotencyKey;
  if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))) {
    await refuse(reply, 400, 'Idempotency-Key must be 1 to 200 visible ASCII characters');
    return { kind: 'answered' };
  }
  const spam = await scored(request, form, result.fields, received, options);
  const visit = await submissionVisit(request, {
    counter: options.visits?.counter,
    ownHosts: [...(options.ownHosts ?? []), ...(options.visits?.ownHosts ?? [])],
  });

  const saved = await save(request, reply, options.store, {
    form: form.name,
    fields: result.fields,
    clientAddress: clientAddress(request.ip),
    userAgent: request.headers['user-agent'],
    language: browserLanguage(request.headers['accept-language']),
    siteLanguage: received.siteLanguage,
    idempotencyKey: key,
    // A filled trap keeps its row, not its file: robots must not fill the disk with résumés.
    attachment: spam?.reasons.includes('honeypot') ? undefined : attachment,
    notify: options.notify,
    // Spam gets none, and spends nothing of its domain's hourly cap.
    acknowledgeTo: spam?.spam
      ? undefined
      : await acknowledgeTo(request, form.contact(result.fields).email, options),
    spam,
    // Spam keeps its source too: a campaign that brings robots is worth knowing.
    visit,
  });
  if (!saved) return { kind: 'answered' };
  if (saved.status === 'key-reused') {
    await refuse(reply, 422, 'This Idempotency-Key was already used for a different body');
    return { kind: 'answered' };
  }
  if (saved.status === 'created') {
    request.log.info({ form: form.name, id: saved.id }, 'submission stored');
    // Spam queues no e-mail: nothing for the outbox to wake up for.
    if (!spam?.spam) options.onStored?.();
  }
  return { kind: 'stored', id: saved.id };
}

/** A page's post: the browser's checks first, then the common way; answered with a page. */
async function receiveHtml(
  request: FormRequest,
  reply: FastifyReply,
  form: FormDefinition,
  options: FormRouteOptions,
) {
  const { browser } = form;
  if (!browser) return refuse(reply, 415, UNSUPPORTED_TYPE);
  const post = await readHtmlPost(request, { ...form, browser }, BODY_LIMIT);
  const answer = (status: number, posted: PostedForm) =>
    answerPage(request, reply, status, posted, post.language, options);

  const checked = await browserChecked(browser, post);
  if (!checked.ok) {
    const fields = Object.keys(checked.errors).length;
    request.log.info({ form: form.name, fields }, 'form post not valid');
    return answer(400, postedAgain(browser, post, checked.errors));
  }
  let outcome: Outcome;
  try {
    const { file, siteLanguage, idempotencyKey, proofOfWork } = post;
    outcome = await accept(
      request,
      reply,
      form,
      { body: checked.body, file, siteLanguage, idempotencyKey, proofOfWork },
      options,
    );
  } catch (error) {
    // The file passed the browser's check but not the receiver's (by its content).
    const refused = post.file && browser.files?.[post.file.field]?.refused;
    if (!(error instanceof ClientError) || !post.file || !refused) throw error;
    return answer(400, postedAgain(browser, post, { [post.file.field]: refused }));
  }
  if (outcome.kind === 'answered') return reply;
  if (outcome.kind === 'invalid') {
    return answer(400, postedAgain(browser, post, fieldMessages(outcome.errors)));
  }
  return answer(200, { form: browser.page, sent: true, values: post.values, errors: {} });
}

/** The page of `posted`, its messages in the page's language as the owner published them. */
async function answerPage(
  request: FormRequest,
  reply: FastifyReply,
  status: number,
  posted: PostedForm,
  language: PageLanguage,
  options: Pick<FormRouteOptions, 'formAnswers' | 'published'>,
) {
  const published = options.published();
  const errors = messagesIn(posted.errors, language, published);
  return sendAnswerPage(request, reply, status, {
    posted: { ...posted, errors },
    language,
    answers: options.formAnswers,
    published,
  });
}

/** POST /api/forms/:form: validate with the form's schema, store once, answer the id. */
async function receive(request: FormRequest, reply: FastifyReply, options: FormRouteOptions) {
  const form = options.forms.get(request.params.form);
  if (!form) return refuse(reply, 404, 'Unknown form');
  if (!request.headers['content-type']) return refuse(reply, 415, UNSUPPORTED_TYPE);
  if (isHtmlPost(request)) return receiveHtml(request, reply, form, options);

  const { body, file } = request.isMultipart()
    ? await readMultipart(request, form, BODY_LIMIT)
    : { body: request.body, file: undefined };
  const outcome = await accept(
    request,
    reply,
    form,
    {
      body,
      file,
      siteLanguage: siteLanguage(request.headers['content-language']),
      idempotencyKey: request.headers['idempotency-key'],
      proofOfWork: proofOfWorkAnswer(body),
    },
    options,
  );
  switch (outcome.kind) {
    case 'spam':
      return { ok: true, id: randomUUID() };
    case 'invalid':
      return refuse(reply, 400, 'Some fields are missing or invalid', { errors: outcome.errors });
    case 'stored':
      return { ok: true, id: outcome.id };
    case 'answered':
      return reply;
  }
}

/** The form endpoints: POST stores, other methods get 405 (CORS preflights: see app.ts). */
export async function formRoutes(app: FastifyInstance, options: FormRouteOptions): Promise<void> {
  // Their own scope: only the form endpoints read an HTML form's urlencoded post.
  await app.register(async (scope) => {
    await scope.register(fastifyFormbody, { bodyLimit: BODY_LIMIT });
    formEndpoints(scope, options);
  });
}

function formEndpoints(app: FastifyInstance, options: FormRouteOptions) {
  const rateLimit = { max: options.rateLimitMax, timeWindow: options.rateLimitWindowMs };
  // A form page asks for a challenge on its first use (src/forms/proof-of-work.ts); limited as
  // the posts are, in its own count, so that fetching one never uses up a visitor's posts.
  app.get('/api/challenge', { config: { rateLimit } }, () => options.proofOfWork.challenge());

  app.route({
    method: ['GET', 'PUT', 'PATCH', 'DELETE'],
    url: '/api/forms/:form',
    handler: async (_request, reply) =>
      refuse(reply.header('allow', 'POST, OPTIONS'), 405, 'Forms are sent with POST'),
  });

  app.post<{ Params: { form: string } }>(
    '/api/forms/:form',
    { config: { rateLimit } },
    (request, reply) => receive(request, reply, options),
  );
}
