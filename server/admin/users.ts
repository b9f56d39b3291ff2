import type { Selectable } from 'kysely';
import { safeParse } from 'zod/mini';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../src/admin/contract.ts';
import { emailAddress } from '../../src/forms/rules.ts';
import type { Database } from '../db/database.ts';
import type { Tables } from '../db/tables.ts';
import { firstDeviceEpoch } from './device-cookie.ts';
import { hashPassword, type ScryptCost } from './passwords.ts';

/** The owner's accounts: made on the server's machine with `npm run admin` (server/admin/cli.ts). */

export interface User {
  id: number;
  email: string;
  passwordHash: string;
  createdAt: number;
  lastActiveAt: number | null;
  /** Submissions received after this arrived since the user's last visit. */
  seenBefore: number;
  /** Device cookies name it; only those naming the current one count (device-cookie.ts). */
  deviceEpoch: number;
}

export class AccountError extends Error {}

const emailRule = emailAddress('Enter a valid e-mail address');

/** The address as stored: trimmed and lower-case, so that 'Owner@' and 'owner@' are one account. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function checkEmail(email: string): string {
  const result = safeParse(emailRule, normaliseEmail(email));
  if (!result.success) throw new AccountError(`"${email}" is not a valid e-mail address`);
  return result.data;
}

export function checkPassword(password: string): void {
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    throw new AccountError(`The password must have at least ${PASSWORD_MIN_LENGTH} characters`);
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw new AccountError(`The password must have at most ${PASSWORD_MAX_LENGTH} characters`);
  }
}

const USER_COLUMNS = [
  'users.id',
  'users.email',
  'users.password_hash',
  'users.created_at',
  'users.last_active_at',
  'users.seen_before',
  'users.device_epoch',
] as const;

type UserRow = Pick<
  Selectable<Tables['users']>,
  | 'id'
  | 'email'
  | 'password_hash'
  | 'created_at'
  | 'last_active_at'
  | 'seen_before'
  | 'device_epoch'
>;

function toUser(row: UserRow): User {
  return {
    id: Number(row.id),
    email: row.email,
    passwordHash: row.password_hash,
    createdAt: Number(row.created_at),
    lastActiveAt: row.last_active_at === null ? null : Number(row.last_active_at),
    seenBefore: Number(row.seen_before),
    deviceEpoch: Number(row.device_epoch),
  };
}

/**
 * The account's push devices and their queued pushes (server/push/): removed with the account, and
 * when it is signed out everywhere or its password reset (a lost phone stops getting client names).
 */
function forgetPushDevices(db: Database['db'], userId: number) {
  const devices = db.selectFrom('push_devices').select('id').where('user_id', '=', userId);
  return [
    db.deleteFrom('push_queue').where('device_id', 'in', devices),
    db.deleteFrom('push_devices').where('user_id', '=', userId),
  ] as const;
}

/**
 * Ends every session of the account and moves its device epoch on, in one transaction: no browser
 * stays signed in, no device cookie issued before counts as a known browser, and no device of it
 * receives pushes any more (turned on again after signing in). Answers the new epoch (undefined
 * when the account is gone).
 */
export async function signOutEverywhere(
  { db, engine }: Database,
  userId: number,
): Promise<number | undefined> {
  const [moved] = await engine.batch([
    db
      .updateTable('users')
      .set((eb) => ({ device_epoch: eb('device_epoch', '+', 1) }))
      .where('id', '=', userId)
      .returning('device_epoch'),
    db.deleteFrom('sessions').where('user_id', '=', userId),
    ...forgetPushDevices(db, userId),
  ]);
  const epoch = moved?.[0]?.device_epoch;
  return epoch === undefined ? undefined : Number(epoch);
}

async function countUsers(db: Database['db']): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Every account, by e-mail, with how many sessions it has open and whether it signs in in two steps. */
async function listUsers(
  db: Database['db'],
): Promise<(User & { sessions: number; twoStep: boolean })[]> {
  const rows = await db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .select('users.totp_secret')
    .select((eb) =>
      eb
        .selectFrom('sessions')
        .select(eb.fn.countAll().as('n'))
        .whereRef('sessions.user_id', '=', 'users.id')
        .as('sessions'),
    )
    .orderBy('users.email')
    .execute();
  return rows.map((row) => ({
    ...toUser(row),
    sessions: Number(row.sessions),
    twoStep: row.totp_secret !== null,
  }));
}

/** The name the user's replies are signed with (a template's {owner}); null: not given. */
export async function displayNameOf(db: Database['db'], userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('display_name')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.display_name || null;
}

/** Sets the user's display name ('' clears it: the business's name signs instead). */
export async function setDisplayName(
  db: Database['db'],
  userId: number,
  name: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ display_name: name === '' ? null : name })
    .where('id', '=', userId)
    .execute();
}

export interface UserOptions {
  now?: () => number;
  cost?: ScryptCost;
}

export function users({ db, engine }: Database, { now = Date.now, cost }: UserOptions = {}) {
  async function find(email: string): Promise<User | undefined> {
    const row = await db
      .selectFrom('users')
      .select(USER_COLUMNS)
      .where('email', '=', normaliseEmail(email))
      .executeTakeFirst();
    return row ? toUser(row) : undefined;
  }

  async function required(email: string): Promise<User> {
    const user = await find(email);
    if (!user) throw new AccountError(`No account for ${normaliseEmail(email)}`);
    return user;
  }

  return {
    find,

    count: () => countUsers(db),
    list: () => listUsers(db),

    async add(email: string, password: string): Promise<User> {
      const address = checkEmail(email);
      checkPassword(password);
      if (await find(address)) {
        throw new AccountError(`${address} already has an account (reset-password changes it)`);
      }
      const at = now();
      await db
        .insertInto('users')
        .values({
          email: address,
          password_hash: await hashPassword(password, cost),
          created_at: at,
          password_changed_at: at,
          seen_before: at,
          device_epoch: firstDeviceEpoch(),
        })
        .execute();
      return required(address);
    },

    /** Sets a new password and signs the account out everywhere (sessions, device cookies, pushes). */
    async resetPassword(email: string, password: string): Promise<void> {
      checkPassword(password);
      const user = await required(email);
      const passwordHash = await hashPassword(password, cost);
      await engine.batch([
        db
          .updateTable('users')
          .set((eb) => ({
            password_hash: passwordHash,
            password_changed_at: now(),
            device_epoch: eb('device_epoch', '+', 1),
          }))
          .where('id', '=', user.id),
        db.deleteFrom('sessions').where('user_id', '=', user.id),
        ...forgetPushDevices(db, user.id),
      ]);
    },

    async remove(email: string): Promise<void> {
      const user = await required(email);
      // Their devices go with them (no push reaches a phone of someone who left), and the record
      // of their weekly e-mails (it refers to the account), then the user.
      await engine.batch([
        db.deleteFrom('sessions').where('user_id', '=', user.id),
        ...forgetPushDevices(db, user.id),
        db.deleteFrom('weekly_reports').where('user_id', '=', user.id),
        db.deleteFrom('users').where('id', '=', user.id),
      ]);
    },
  };
}

export type Users = ReturnType<typeof users>;
