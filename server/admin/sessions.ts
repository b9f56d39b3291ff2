import { createHash, randomBytes } from 'node:crypto';
import type { Client } from '@libsql/client';
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

async function endSession(client: Client, token: string): Promise<void> {
  if (!TOKEN.test(token)) return;
  await client.execute({
    sql: 'DELETE FROM sessions WHERE token_hash = ?',
    args: [tokenHash(token)],
  });
}

/** Counts as activity: a pause of over `VISIT_GAP_MS` starts a new visit. */
async function touchSession(client: Client, userId: number, token: string, at: number) {
  await client.batch(
    [
      {
        sql: 'UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?',
        args: [at, tokenHash(token)],
      },
      {
        sql: `UPDATE users SET
                seen_before = CASE WHEN last_active_at IS NOT NULL AND ?1 - last_active_at > ?2
                              THEN last_active_at ELSE seen_before END,
                last_active_at = ?1
              WHERE id = ?3`,
        args: [at, VISIT_GAP_MS, userId],
      },
    ],
    'write',
  );
}

export function sessions(client: Client, { now = Date.now }: { now?: () => number } = {}) {
  const end = (token: string) => endSession(client, token);
  const touch = (userId: number, token: string, at: number) =>
    touchSession(client, userId, token, at);

  return {
    end,

    /** A new session for `user`: its token, 256 random bits, for the cookie. */
    async start(user: User): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const at = now();
      await client.batch(
        [
          {
            sql: 'DELETE FROM sessions WHERE last_seen_at <= ? OR created_at <= ?',
            args: [at - SESSION_IDLE_MS, at - SESSION_MAX_MS],
          },
          {
            sql: 'INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)',
            args: [tokenHash(token), user.id, at, at],
          },
        ],
        'write',
      );
      await touch(user.id, token, at);
      return token;
    },

    /** The user a token belongs to, while its session is neither idle nor too old. */
    async resolve(token: string | undefined): Promise<User | undefined> {
      if (!token || !TOKEN.test(token)) return undefined;
      const result = await client.execute({
        sql: `SELECT s.created_at AS session_created_at, s.last_seen_at, u.id, u.email,
                     u.password_hash, u.created_at, u.last_active_at, u.seen_before
              FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?`,
        args: [tokenHash(token)],
      });
      const row = result.rows[0];
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
        const touched = await client.execute({
          sql: 'SELECT seen_before FROM users WHERE id = ?',
          args: [userId],
        });
        seenBefore = Number(touched.rows[0]?.seen_before ?? seenBefore);
      }
      return {
        id: userId,
        email: String(row.email),
        passwordHash: String(row.password_hash),
        createdAt: Number(row.created_at),
        lastActiveAt: at,
        seenBefore,
      };
    },
  };
}

export type Sessions = ReturnType<typeof sessions>;
