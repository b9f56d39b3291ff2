/**
 * The launch checklist's mail section (docs/mail-delivery.md, "The check"): `GET
 * /admin/api/mail-check` runs the mail check on the server's settings, `POST
 * /admin/api/mail-check/test-email` sends the signed-in account a test e-mail (same origin only:
 * routes.ts's hook refuses the rest with 403).
 */
import type { FastifyInstance } from 'fastify';
import {
  TEST_EMAIL_EVERY_MS,
  type MailCheck,
  type TestEmailResult,
} from '../../src/admin/mail-check/contract.ts';
import { mailChecklistText } from '../../src/content/admin-mail-check.ts';
import { refuse } from '../guard/refusal.ts';
import { runMailCheck } from '../mail/check/mail-check.ts';
import { sendTestEmail } from '../mail/check/test-email.ts';
import type { AdminContext } from './admin-context.ts';

const text = mailChecklistText;

/**
 * When each account last asked for a test e-mail, on this instance: counted from the ask, sent or
 * not, so that two asks at once send one.
 */
function testEmailTurns(now: () => number) {
  const lastAsked = new Map<number, number>();
  return {
    /** Takes the account's turn; the milliseconds until its next one when it is not its turn yet. */
    take(accountId: number): number {
      const at = now();
      const last = lastAsked.get(accountId);
      // A clock put back refuses too (fail closed), for at most the usual wait as said.
      if (last !== undefined && at - last < TEST_EMAIL_EVERY_MS) {
        return Math.min(TEST_EMAIL_EVERY_MS, TEST_EMAIL_EVERY_MS - (at - last));
      }
      lastAsked.set(accountId, at);
      return 0;
    },
  };
}

export function mailCheckRoutes(app: FastifyInstance, context: AdminContext) {
  const { signedIn, options } = context;
  const turns = testEmailTurns(context.now);

  app.get('/api/mail-check', signedIn, async (request, reply) => {
    const notify = options.mailCheck?.notify;
    if (!notify) return { configured: false } satisfies MailCheck;
    try {
      const check = await runMailCheck(notify, { now: context.now });
      if (check.configured) options.mailCheck?.recordsChecked?.(check);
      return check satisfies MailCheck;
    } catch (error) {
      // The code alone: a message may name the relay or an address.
      const { code } = (error ?? {}) as { code?: unknown };
      request.log.error({ code: typeof code === 'string' ? code : 'unknown' }, 'mail check failed');
      return refuse(reply, 503, text.checkFailed);
    }
  });

  app.post('/api/mail-check/test-email', signedIn, async (request, reply) => {
    const notify = options.mailCheck?.notify;
    if (!notify) return refuse(reply, 409, text.testEmail.notConfigured);
    const user = context.userOf(request);
    const wait = turns.take(user.id);
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      reply.header('retry-after', String(seconds));
      return refuse(reply, 429, text.testEmail.tooSoon(seconds));
    }
    const result = await sendTestEmail(notify, user.email, { now: context.now });
    if (result.sent) request.log.info({ sent: true }, 'test e-mail accepted by the relay');
    else request.log.warn({ sent: false, code: result.code }, 'test e-mail refused by the relay');
    return result satisfies TestEmailResult;
  });
}
