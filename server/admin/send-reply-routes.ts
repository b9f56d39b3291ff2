/**
 * Sending a reply from a submission's page (docs/replies.md, "Sending a reply"), and 'Send again'
 * of a reply the outbox gave up.
 */
import type { FastifyInstance } from 'fastify';
import { safeParse } from 'zod/mini';
import { sendReplySchema } from '../../src/admin/contract.ts';
import { counters } from '../guard/counters.ts';
import { refuse } from '../guard/refusal.ts';
import type { AdminContext } from './admin-context.ts';
import { REPLIES_PER_HOUR, replyTarget, sendReply } from './send-reply.ts';

const HOUR_MS = 60 * 60_000;
const REPLY_ID = /^\d{1,15}$/;

const REFUSALS = {
  spam: 'This submission is in Spam: mark it Not spam before replying',
  'no-address': 'This submission has no e-mail address to reply to',
} as const;

export function sendReplyRoutes(app: FastifyInstance, context: AdminContext) {
  const { box, signedIn, options } = context;
  const { engine } = options.database;
  const count = counters(options.database);
  const perHour = options.repliesPerHour ?? REPLIES_PER_HOUR;

  app.post<{ Params: { id: string } }>(
    '/api/submissions/:id/replies',
    signedIn,
    async (request, reply) => {
      const from = options.replyFrom;
      if (!from) {
        return refuse(reply, 503, 'E-mail is not set up (SMTP_URL): no reply can be sent');
      }
      const body = safeParse(sendReplySchema, request.body);
      if (!body.success) return refuse(reply, 400, 'Write a subject on one line and a message');
      const { id } = request.params;
      const target = await replyTarget(engine, options.forms, id);
      if (!target) return refuse(reply, 404, 'No such submission');
      if (target.refused || !target.to) {
        const refused = target.refused ?? 'no-address';
        return refuse(reply, 409, REFUSALS[refused], { refused });
      }
      const user = context.userOf(request);
      const at = context.now();
      const hit = await count.hit(`reply-sent:${user.id}`, HOUR_MS, at);
      if (hit.count > perHour) {
        reply.header('retry-after', String(Math.max(1, Math.ceil((hit.resetAt - at) / 1000))));
        return refuse(reply, 429, `At most ${perHour} replies an hour from one account`);
      }
      const written = await sendReply(engine, {
        id,
        body: body.data,
        userEmail: user.email,
        at,
        from,
        to: target.to,
        conversation: target.conversation,
      });
      if (!written) return refuse(reply, 409, REFUSALS.spam, { refused: 'spam' });
      request.log.info({ id }, 'reply queued');
      options.onMailQueued?.();
      return box.detail(id);
    },
  );

  app.post<{ Params: { id: string; replyId: string } }>(
    '/api/submissions/:id/replies/:replyId/send-again',
    signedIn,
    async (request, reply) => {
      const { id, replyId } = request.params;
      if (!REPLY_ID.test(replyId)) return refuse(reply, 404, 'No such reply');
      const result = await box.sendReplyAgain(id, Number(replyId));
      if (!result) return refuse(reply, 404, 'No such submission');
      if (!result.requeued) return refuse(reply, 409, 'This reply was not given up');
      request.log.info({ id, replyId }, 'reply queued again');
      options.onMailQueued?.();
      return result.detail;
    },
  );
}
