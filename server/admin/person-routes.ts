import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { safeParse } from 'zod/mini';
import {
  ERASE_PERSON_BODY_LIMIT,
  erasePersonSchema,
  retentionConfirmSchema,
  type PersonErased,
  type PersonMatches,
  type RetentionConfirmed,
  type RetentionInfo,
} from '../../src/admin/contract.ts';
import type { Database } from '../db/database.ts';
import {
  contactOf,
  erasePerson,
  personData,
  personSubmissions,
  recentErasures,
  type RetentionDays,
  type RetentionJob,
} from '../data/erasure.ts';
import { refuse } from '../guard/refusal.ts';
import type { FormDefinition } from '../intake/forms.ts';
import type { User } from './users.ts';

export interface PersonRouteOptions {
  database: Database;
  forms: readonly FormDefinition[];
  retainDays: RetentionDays;
  /** The retention job (main.ts's), which runs a held pass the owner lets go on; none: no such route. */
  retention?: Pick<RetentionJob, 'confirm'> | undefined;
  now: () => number;
  signedIn: { onRequest: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> };
  userOf(request: FastifyRequest): User;
  /** Whether a request comes from a page of this site (routes.ts's check). */
  isSameOrigin(request: FastifyRequest): boolean;
}

type ById = FastifyRequest<{ Params: { id: string } }>;

/**
 * The retention policy in force with the latest erasures, and the owner's word that lets a pass the
 * guard held go on.
 */
function retentionRoutes(app: FastifyInstance, options: PersonRouteOptions): void {
  const { database, signedIn } = options;

  app.get('/api/retention', signedIn, async (): Promise<RetentionInfo> => {
    const { application, quote } = options.retainDays;
    return {
      days: { application: application ?? null, quote: quote ?? null },
      erasures: await recentErasures(database, 10),
    };
  });

  // The owner lets a held retention pass go on (docs/retention.md, "The guard"): the hold is
  // confirmed now, and the pass, which may erase thousands, runs after the answer (202), as the
  // retention job's next pass (one at a time in this instance; the shutdown waits for it).
  const { retention } = options;
  if (!retention) return;
  app.post('/api/retention/confirm', signedIn, async (request, reply) => {
    const body = safeParse(retentionConfirmSchema, request.body);
    if (!body.success) return refuse(reply, 400, 'Say which held pass to let go on');
    const user = options.userOf(request);
    const by = { userId: user.id, label: `retention job, let go on by ${user.email}` };
    const confirmed = await retention.confirm(body.data.at, by);
    if (!confirmed) return refuse(reply, 409, 'That pass is no longer waiting: reload the inbox');
    const log = request.log;
    log.info({ count: confirmed.hold.count, userId: user.id }, 'retention: held pass let go on');
    confirmed.pass.then(
      (pass) =>
        log.info(
          { submissions: pass.submissions, files: pass.files, held: pass.held?.reason },
          'retention: the pass let go on ended',
        ),
      (error: unknown) =>
        log.error(
          { code: (error as { code?: unknown } | null)?.code },
          'retention: the pass let go on failed',
        ),
    );
    return reply
      .code(202)
      .send({ ok: true, confirmed: confirmed.hold } satisfies RetentionConfirmed);
  });
}

/**
 * The retention routes (above); a submission's person (everyone with its e-mail or phone): listed, erased after the inbox's confirmation, or downloaded as JSON
 * (docs/retention.md). Logs say how many, never whose.
 */
export function personRoutes(app: FastifyInstance, options: PersonRouteOptions): void {
  const { database, forms, signedIn } = options;
  retentionRoutes(app, options);

  app.get('/api/submissions/:id/person', signedIn, async (request: ById, reply) => {
    const contact = await contactOf(database, request.params.id);
    if (!contact) return refuse(reply, 404, 'No such submission');
    return {
      submissions: await personSubmissions(database, forms, contact),
    } satisfies PersonMatches;
  });

  // Erases the submissions the owner confirmed (their ids), not a new search's.
  // Its own body limit: the most ids the schema takes, far more than the app's ordinary 32 kB.
  const eraseRoute = { ...signedIn, bodyLimit: ERASE_PERSON_BODY_LIMIT };
  app.post('/api/submissions/:id/person/erase', eraseRoute, async (request: ById, reply) => {
    const body = safeParse(erasePersonSchema, request.body);
    if (!body.success) return refuse(reply, 400, 'Send the ids of the submissions to erase');
    const contact = await contactOf(database, request.params.id);
    if (!contact) return refuse(reply, 404, 'No such submission');
    const user = options.userOf(request);
    const erased = await erasePerson(
      database,
      contact,
      { userId: user.id, label: user.email },
      options.now(),
      body.data.ids,
    );
    request.log.info({ ...erased, userId: user.id }, 'person erased');
    return { ok: true, ...erased } satisfies PersonErased;
  });

  // A GET, so that a link downloads it; still refused from another site, as changes are.
  app.get('/api/submissions/:id/person/export', signedIn, async (request: ById, reply) => {
    if (!options.isSameOrigin(request)) {
      return refuse(reply, 403, 'This request must come from the inbox itself');
    }
    const contact = await contactOf(database, request.params.id);
    if (!contact) return refuse(reply, 404, 'No such submission');
    const data = await personData(database, contact, options.now());
    request.log.info({ submissions: data.submissions.length }, 'person data downloaded');
    const day = new Date(options.now()).toISOString().slice(0, 10);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="person-data-${day}.json"`)
      .send(JSON.stringify(data, null, 2));
  });
}
