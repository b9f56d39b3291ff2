import type { Client } from '@libsql/client';
import { safeParse } from 'zod/mini';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../src/admin/contract.ts';
import { emailAddress } from '../../src/forms/rules.ts';
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

const USER_COLUMNS = 'id, email, password_hash, created_at, last_active_at, seen_before';

function toUser(row: Record<string, unknown>): User {
  return {
    id: Number(row.id),
    email: String(row.email),
    passwordHash: String(row.password_hash),
    createdAt: Number(row.created_at),
    lastActiveAt: row.last_active_at === null ? null : Number(row.last_active_at),
    seenBefore: Number(row.seen_before),
  };
}

export interface UserOptions {
  now?: () => number;
  cost?: ScryptCost;
}

export function users(client: Client, { now = Date.now, cost }: UserOptions = {}) {
  async function find(email: string): Promise<User | undefined> {
    const result = await client.execute({
      sql: `SELECT ${USER_COLUMNS} FROM users WHERE email = ?`,
      args: [normaliseEmail(email)],
    });
    const row = result.rows[0];
    return row ? toUser(row) : undefined;
  }

  async function required(email: string): Promise<User> {
    const user = await find(email);
    if (!user) throw new AccountError(`No account for ${normaliseEmail(email)}`);
    return user;
  }

  return {
    find,

    async count(): Promise<number> {
      const result = await client.execute('SELECT COUNT(*) AS n FROM users');
      return Number(result.rows[0]?.n ?? 0);
    },

    async list(): Promise<(User & { sessions: number })[]> {
      const result = await client.execute(
        `SELECT ${USER_COLUMNS}, (SELECT COUNT(*) FROM sessions WHERE user_id = users.id) AS sessions
         FROM users ORDER BY email`,
      );
      return result.rows.map((row) => ({ ...toUser(row), sessions: Number(row.sessions) }));
    },

    async add(email: string, password: string): Promise<User> {
      const address = checkEmail(email);
      checkPassword(password);
      if (await find(address)) {
        throw new AccountError(`${address} already has an account (reset-password changes it)`);
      }
      const at = now();
      await client.execute({
        sql: `INSERT INTO users (email, password_hash, created_at, password_changed_at, seen_before)
              VALUES (?, ?, ?, ?, ?)`,
        args: [address, await hashPassword(password, cost), at, at, at],
      });
      return required(address);
    },

    /** Sets a new password and ends every session of the account. */
    async resetPassword(email: string, password: string): Promise<void> {
      checkPassword(password);
      const user = await required(email);
      await client.batch(
        [
          {
            sql: 'UPDATE users SET password_hash = ?, password_changed_at = ? WHERE id = ?',
            args: [await hashPassword(password, cost), now(), user.id],
          },
          { sql: 'DELETE FROM sessions WHERE user_id = ?', args: [user.id] },
        ],
        'write',
      );
    },

    async remove(email: string): Promise<void> {
      const user = await required(email);
      await client.batch(
        [
          { sql: 'DELETE FROM sessions WHERE user_id = ?', args: [user.id] },
          { sql: 'DELETE FROM users WHERE id = ?', args: [user.id] },
        ],
        'write',
      );
    },
  };
}

export type Users = ReturnType<typeof users>;
