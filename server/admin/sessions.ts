import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import type { User } from './users.ts';

/** Signed-in sessions, kept in the database; the browser holds the token, the table its hash. */

export const SESSION_IDLE_MS = 8 * 60 * 60_000;
export const SESSION_MAX_MS = 7 * 24 * 60 * 60_000;
/** A session's last use is written at most once a minute, not on every request. */
const TOUCH_EVERY_MS = 60_000;
/** A pause this long ends a visit: what arrived before the next one is no longer marked as new. */
export const VISIT_GAP_MS = 30 * 60_000;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

async function endSession({ db }: Database, token: string): Promise<void> {
  if (!TOKEN.test(token)) return;
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash(token)).execute();
}

/** Counts as activity: a pause of over `VISIT_GAP_MS` starts a new visit. */
async function touchSession({ db, engine }: Database, userId: number, token: string, at: number) {
  await engine.batch([
    db.updateTable('sessions').set({ last_seen_at: at }).where('token_hash', '=', tokenHash(token)),
    db
      .updateTable('users')
      .set({
        seen_before: sql<number>`CASE
          WHEN last_active_at IS NOT NULL AND ${at} - last_active_at > ${VISIT_GAP_MS}
          THEN last_active_at ELSE seen_before END`,
        last_active_at: at,
      })
      .where('id', '=', userId),
  ]);
}

/** A session's row with its user's, by the hash of its token. */
function findSession({ db }: Database, token: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.created_at as session_created_at',
      'sessions.last_seen_at',
      'users.id',
      'users.email',
      'users.password_hash',
      'users.created_at',
      'users.seen_before',
      'users.device_epoch',
    ])
    .where('sessions.token_hash', '=', tokenHash(token))
    .executeTakeFirst();
}

/**
 * Inserts a session for `user` only while its device epoch is unchanged, then removes stale
 * sessions; whether it was inserted. On Postgres the check reads the account FOR SHARE: a 'Sign out
 * everywhere' or a password reset whose epoch UPDATE is not yet committed makes it wait and then
 * read the new epoch (no session); one that comes after waits for this insert to commit, and its
 * DELETE then sees the session. The account is locked first, as the sign-out does, so the two
 * never wait for each other in a circle.
 */
async function insertSession({ db, engine }: Database, user: User, token: string, at: number) {
  const [inserted] = await engine.batch([
    db
      .insertInto('sessions')
      .columns(['token_hash', 'user_id', 'created_at', 'last_seen_at'])
      .expression(
        engine.locking(
          db
            .selectFrom('users')
            .select([
              engine.typed(tokenHash(token), 'text').as('token_hash'),
              'users.id',
              engine.typed(at, 'integer').as('created_at'),
              engine.typed(at, 'integer').as('last_seen_at'),
            ])
            .where('users.id', '=', user.id)
            .where('users.device_epoch', '=', user.deviceEpoch),
          { share: true },
        ),
      )
      .returning('token_hash'),
    db
      .deleteFrom('sessions')
      .where((eb) =>
        eb.or([
          eb('last_seen_at', '<=', at - SESSION_IDLE_MS),
          eb('created_at', '<=', at - SESSION_MAX_MS),
        ]),
      ),
  ]);
  return (inserted?.length ?? 0) > 0;
}

export function sessions(database: Database, { now = Date.now }: { now?: () => number } = {}) {
  const { db } = database;
  const end = (token: string) => endSession(database, token);
  const touch = (userId: number, token: string, at: number) =>
    touchSession(database, userId, token, at);

  /**
   * A new session for `user`: its token, 256 random bits, for the cookie. Started only while the
   * account's device epoch is still `user.deviceEpoch` (compare-and-set in the insert): a sign-in
   * checked while 'Sign out everywhere' or a password reset moved it on starts none, and answers
   * undefined.
   */
  async function startIfCurrent(user: User): Promise<string | undefined> {
    const token = randomBytes(32).toString('base64url');
    const at = now();
    if (!(await insertSession(database, user, token, at))) return undefined;
    await touch(user.id, token, at);
    return token;
  }

  return {
    end,

    startIfCurrent,

    /** A new session for `user`, whose epoch is known to be current (throws when it is not). */
    async start(user: User): Promise<string> {
      const token = await startIfCurrent(user);
      if (token === undefined) throw new Error('the account was signed out everywhere meanwhile');
      return token;
    },

    /** The user a token belongs to, while its session is neither idle nor too old. */
    async resolve(token: string | undefined): Promise<User | undefined> {
      if (!token || !TOKEN.test(token)) return undefined;
      const row = await findSession(database, token);
      if (!row) return undefined;
      const at = now();
      const lastSeen = Number(row.last_seen_at);
      if (
        at - lastSeen >= SESSION_IDLE_MS ||
        at - Number(row.session_created_at) >= SESSION_MAX_MS
      ) {
        await end(token);
        return undefined;
      }
      const userId = Number(row.id);
      let seenBefore = Number(row.seen_before);
      if (at - lastSeen >= TOUCH_EVERY_MS) {
        await touch(userId, token, at);
        const touched = await db
          .selectFrom('users')
          .select('seen_before')
          .where('id', '=', userId)
          .executeTakeFirst();
        seenBefore = Number(touched?.seen_before ?? seenBefore);
      }
      return {
        id: userId,
        email: row.email,
        passwordHash: row.password_hash,
        createdAt: Number(row.created_at),
        lastActiveAt: at,
        seenBefore,
        deviceEpoch: Number(row.device_epoch),
      };
    },
  };
}

export type Sessions = ReturnType<typeof sessions>;
