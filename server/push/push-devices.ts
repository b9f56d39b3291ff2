/**
 * The devices that receive pushes (`push_devices`), one row per browser's endpoint: added when a
 * user turns push on there, its keys and owner updated when the same endpoint comes again.
 */
import { sql } from 'kysely';
import type { PushDevice, PushDeviceBody } from '../../src/admin/contract.ts';
import type { Engine } from '../db/engine.ts';

/** How many devices one user may have: a browser's endpoint changes now and then, not often. */
export const DEVICES_PER_USER = 20;

const COLUMNS = ['id', 'label', 'created_at', 'last_sent_at', 'endpoint'] as const;

type DeviceRow = {
  id: number;
  label: string;
  created_at: number;
  last_sent_at: number | null;
  endpoint: string;
};

function toDevice(row: DeviceRow): PushDevice {
  return {
    id: Number(row.id),
    label: row.label,
    createdAt: Number(row.created_at),
    lastSentAt: row.last_sent_at === null ? null : Number(row.last_sent_at),
    endpoint: row.endpoint,
  };
}

/** The user's devices, the latest turned on first. */
export async function devicesOf(engine: Engine, userId: number): Promise<PushDevice[]> {
  const rows = await engine.db
    .selectFrom('push_devices')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toDevice);
}

export type SaveDeviceResult = { status: 'saved'; device: PushDevice } | { status: 'full' };

/**
 * Adds the device, or (its endpoint already known) updates its keys, label and user: a browser
 * subscribes again with the same endpoint after its keys changed, or another user signs in on it.
 * Refused past `DEVICES_PER_USER` new ones.
 */
export async function saveDevice(
  engine: Engine,
  userId: number,
  body: PushDeviceBody,
): Promise<SaveDeviceResult> {
  const { db } = engine;
  const known = await db
    .selectFrom('push_devices')
    .select('id')
    .where('endpoint', '=', body.endpoint)
    .executeTakeFirst();
  if (!known) {
    const count = await db
      .selectFrom('push_devices')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(count?.count ?? 0) >= DEVICES_PER_USER) return { status: 'full' };
  }
  const values = {
    user_id: userId,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    label: body.label,
    last_error: null,
  };
  const row = await db
    .insertInto('push_devices')
    .values({
      ...values,
      endpoint: body.endpoint,
      created_at: sql<number>`${sql.raw(engine.nowMs)}`,
    })
    .onConflict((conflict) => conflict.column('endpoint').doUpdateSet(values))
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return { status: 'saved', device: toDevice(row) };
}
