/**
 * The signed-in account's weekly e-mail (docs/visits.md#the-weekly-e-mail): `GET` answers its
 * setting, `PUT` replaces it (same origin only: routes.ts's hook refuses the rest with 403).
 */
import type { FastifyInstance } from 'fastify';
import { safeParse } from 'zod/mini';
import { weeklyEmailSettingSchema, type WeeklyEmailSetting } from '../../src/admin/contract.ts';
import { adminText } from '../../src/content/admin.ts';
import { refuse } from '../guard/refusal.ts';
import type { AdminContext } from './admin-context.ts';
import { setWeeklyEmail, weeklyEmailOf } from './weekly-email-setting.ts';

export function weeklyEmailRoutes(app: FastifyInstance, context: AdminContext) {
  const { signedIn, options } = context;
  const { db } = options.database;

  app.get('/api/weekly-email', signedIn, async (request, reply) => {
    const setting = await weeklyEmailOf(db, context.userOf(request).id);
    if (!setting) return context.signedOut(request, reply);
    return setting satisfies WeeklyEmailSetting;
  });

  app.put('/api/weekly-email', signedIn, async (request, reply) => {
    const body = safeParse(weeklyEmailSettingSchema, request.body);
    if (!body.success) return refuse(reply, 400, adminText.weeklyEmail.unreadable);
    const user = context.userOf(request);
    if (!(await setWeeklyEmail(db, user.id, body.data))) return context.signedOut(request, reply);
    request.log.info({ on: body.data.on, language: body.data.language }, 'weekly e-mail set');
    return body.data satisfies WeeklyEmailSetting;
  });
}
