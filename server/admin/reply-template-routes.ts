/**
 * The reply templates' API (docs/replies.md): the list, a new one, a change, a deletion; the name
 * the user's replies are signed with; and what the composer of a reply to one submission starts
 * from, its templates filled in on the server.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { safeParse } from 'zod/mini';
import {
  displayNameSchema,
  replyForms,
  replyTemplateSchema,
  type ReplyTemplates,
} from '../../src/admin/contract.ts';
import { NOTHING_PUBLISHED } from '../../src/content/published.ts';
import { refuse } from '../guard/refusal.ts';
import { replyComposer } from '../replies/composer.ts';
import { replyTemplates } from '../replies/templates.ts';
import { readSubmissions, SUBMISSION_COLUMNS } from '../store/store.ts';
import type { AdminContext } from './admin-context.ts';
import { displayNameOf, setDisplayName } from './users.ts';

type WithId = { Params: { id: string } };

/** A row id from the path, or undefined when it cannot be one. */
const idOf = (text: string): number | undefined =>
  /^\d{1,15}$/.test(text) ? Number(text) : undefined;

export function replyTemplateRoutes(app: FastifyInstance, context: AdminContext) {
  const { signedIn, options } = context;
  const { database, forms } = options;
  const templates = replyTemplates(database, { now: context.now });
  const published = options.published ?? (() => NOTHING_PUBLISHED);

  async function answer(request: FastifyRequest): Promise<ReplyTemplates> {
    const user = context.userOf(request);
    const [list, displayName] = await Promise.all([
      templates.list(),
      displayNameOf(database.db, user.id),
    ]);
    return { templates: list, displayName };
  }

  app.get('/api/reply-templates', signedIn, async (request) => answer(request));

  app.post('/api/reply-templates', signedIn, async (request, reply) => {
    const body = safeParse(replyTemplateSchema, request.body);
    if (!body.success) return refuse(reply, 400, 'Give the template a name and its English text');
    const made = await templates.create(body.data, context.userOf(request).email);
    request.log.info({ templateId: made.id }, 'reply template added');
    return answer(request);
  });

  app.put<WithId>('/api/reply-templates/:id', signedIn, async (request, reply) => {
    const body = safeParse(replyTemplateSchema, request.body);
    if (!body.success) return refuse(reply, 400, 'Give the template a name and its English text');
    const id = idOf(request.params.id);
    const changed =
      id === undefined
        ? undefined
        : await templates.update(id, body.data, context.userOf(request).email);
    if (!changed) return refuse(reply, 404, 'No such template');
    request.log.info({ templateId: changed.id }, 'reply template changed');
    return answer(request);
  });

  app.delete<WithId>('/api/reply-templates/:id', signedIn, async (request, reply) => {
    const id = idOf(request.params.id);
    if (id === undefined || !(await templates.remove(id))) {
      return refuse(reply, 404, 'No such template');
    }
    request.log.info({ templateId: id }, 'reply template deleted');
    return answer(request);
  });

  app.put('/api/account/display-name', signedIn, async (request, reply) => {
    const body = safeParse(displayNameSchema, request.body);
    if (!body.success) return refuse(reply, 400, 'A name on one line, please');
    await setDisplayName(database.db, context.userOf(request).id, body.data.displayName);
    return answer(request);
  });

  app.get<WithId>('/api/submissions/:id/reply', signedIn, async (request, reply) => {
    const rows = await database.db
      .selectFrom('submissions')
      .select(SUBMISSION_COLUMNS)
      .where('id', '=', request.params.id)
      .execute();
    const [submission] = await readSubmissions(database.db, rows);
    if (!submission) return refuse(reply, 404, 'No such submission');
    const form = forms.find((candidate) => candidate.name === submission.form);
    const replyForm = replyForms.find((name) => name === submission.form);
    const [list, displayName] = await Promise.all([
      replyForm ? templates.list(replyForm) : [],
      displayNameOf(database.db, context.userOf(request).id),
    ]);
    return replyComposer({
      submission,
      form,
      templates: list,
      published: published(),
      displayName,
    });
  });
}
