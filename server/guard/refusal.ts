/**
 * How the receiver refuses a request, from every route: `{ ok: false, error }`, with what else the
 * route's contract adds (a form's field errors, the inbox's `setupNeeded`…).
 */
import type { FastifyReply } from 'fastify';

export function refuse(reply: FastifyReply, status: number, error: string, extra: object = {}) {
  return reply.code(status).send({ ok: false, error, ...extra });
}
