/**
 * The devices that receive the signed-in user's pushes (docs/push.md): the key to subscribe with
 * and the user's devices, a device turned on (its endpoint checked against the push services before
 * anything is sent to it), and one turned off with its queued pushes.
 */
import type { FastifyInstance } from 'fastify';
import { safeParse } from 'zod/mini';
import { pushDeviceSchema, type PushState } from '../../src/admin/contract.ts';
import { adminText } from '../../src/content/admin.ts';
import { businessContent } from '../../src/content/business.ts';
import { NOTHING_PUBLISHED } from '../../src/content/published.ts';
import { refuse } from '../guard/refusal.ts';
import { checkEndpoint } from '../push/endpoint-policy.ts';
import { DEVICES_PER_USER, devicesOf, saveDevice } from '../push/push-devices.ts';
import { removeDevice } from '../push/push-queue.ts';
import { vapidKeys, type VapidKeys } from '../push/vapid-keys.ts';
import type { AdminContext } from './admin-context.ts';

/** What the push routes are given (main.ts's; the tests' own). */
export interface AdminPush {
  keys: { load(): Promise<VapidKeys> };
  /** PUSH_ENDPOINT_ORIGINS: origins an endpoint may name besides the push services (tests). */
  extraEndpointOrigins: readonly string[];
}

type WithId = { Params: { id: string } };

export function pushRoutes(app: FastifyInstance, context: AdminContext) {
  const { signedIn, options } = context;
  const { engine } = options.database;
  const published = options.published ?? (() => NOTHING_PUBLISHED);
  const push: AdminPush = options.push ?? {
    keys: vapidKeys(engine, { businessEmail: () => businessContent(published()).business.email }),
    extraEndpointOrigins: [],
  };

  app.get('/api/push', signedIn, async (request): Promise<PushState> => {
    const [keys, devices] = await Promise.all([
      push.keys.load(),
      devicesOf(engine, context.userOf(request).id),
    ]);
    return { publicKey: keys.publicKey, devices };
  });

  app.post('/api/push/devices', signedIn, async (request, reply) => {
    const body = safeParse(pushDeviceSchema, request.body);
    if (!body.success) {
      return refuse(reply, 400, adminText.pushRefusals.unreadable);
    }
    const verdict = checkEndpoint(body.data.endpoint, push.extraEndpointOrigins);
    if (!verdict.ok) {
      request.log.info({ host: hostOf(body.data.endpoint) }, 'push endpoint refused');
      return refuse(reply, 422, verdict.reason);
    }
    const saved = await saveDevice(engine, context.userOf(request).id, body.data);
    if (saved.status === 'full') {
      return refuse(reply, 409, adminText.pushRefusals.tooMany(DEVICES_PER_USER));
    }
    request.log.info({ deviceId: saved.device.id }, 'push device saved');
    return reply.code(201).send(saved.device);
  });

  app.delete<WithId>('/api/push/devices/:id', signedIn, async (request, reply) => {
    const id = /^\d{1,15}$/.test(request.params.id) ? Number(request.params.id) : undefined;
    const removed =
      id !== undefined && (await removeDevice(engine, id, context.userOf(request).id));
    if (!removed) return refuse(reply, 404, adminText.pushRefusals.noSuchDevice);
    request.log.info({ deviceId: id }, 'push device removed');
    return reply.code(204).send();
  });
}

/** An endpoint's host for the log (no path: it holds the device's token), if it has one. */
function hostOf(endpoint: string): string | undefined {
  return URL.canParse(endpoint) ? new URL(endpoint).hostname.slice(0, 100) : undefined;
}
