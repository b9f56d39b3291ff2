/**
 * The submissions API of the inbox: the list and its CSV, one submission and its files, a change
 * of status or note, 'Send again', and the weekly picture.
 */
import type { FastifyInstance } from 'fastify';
import { safeParse } from 'zod/mini';
import {
  inboxQuerySchema,
  sendAgainSchema,
  updateSubmissionSchema,
} from '../../src/admin/contract.ts';
import { toCsv } from '../data/export.ts';
import { refuse } from '../guard/refusal.ts';
import {
  attachmentDisposition,
  downloadName,
  extensionOf,
  readAttachmentFiles,
} from '../store/attachments.ts';
import type { AdminContext } from './admin-context.ts';

export function submissionRoutes(app: FastifyInstance, context: AdminContext) {
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
      if (detail.missedAcknowledgement?.sent) {
        request.log.info({ id: detail.id }, 'missed acknowledgement queued');
        options.onMailQueued?.();
      }
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
