import { randomBytes, timingSafeEqual } from 'node:crypto';
import { expressionBuilder, sql, type ExpressionBuilder } from 'kysely';
import {
  SETUP_CODE_ALPHABET,
  SETUP_CODE_LENGTH,
  groupSetupCode,
  normaliseSetupCode,
} from '../../src/admin/contract.ts';
import type { Database } from '../db/database.ts';
import type { Tables } from '../db/tables.ts';
import { firstDeviceEpoch } from './device-cookie.ts';
import { hashPassword, type ScryptCost } from './passwords.ts';
import { checkEmail, checkPassword, users, type User } from './users.ts';

/**
 * The one-time setup code that claims a site with no account yet (docs/inbox.md, "The first account").
 * It lives in `settings` under `setup_code`, so that every instance on one database, and every
 * restart, shows the same code until the first account is made with it (the code is deleted in the
 * same transaction) or with `npm run admin -- add-user`.
 */

export const SETUP_CODE_SETTING = 'setup_code';

/** A new code: 12 symbols of 5 random bits each (60 bits); a byte's low 5 bits are uniform. */
export function newSetupCode(): string {
  const bytes = [...randomBytes(SETUP_CODE_LENGTH)];
  return groupSetupCode(bytes.map((byte) => SETUP_CODE_ALPHABET[byte & 31] ?? '').join(''));
}

function sameCode(typed: string, stored: string): boolean {
  const a = Buffer.from(typed);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Where to claim the site, and with which code: the words `npm start` and the CLI print. */
export function setupCodeMessage(code: string, adminUrl: string): string {
  return (
    `No inbox account yet. To claim the site, open ${adminUrl} and enter the setup code: ${code}\n` +
    '(It works once. `npm run admin -- setup-code` shows it again.)'
  );
}

/** SQL: the users table is empty. */
const noAccount = ((eb: ExpressionBuilder<Tables, never>) =>
  eb.not(eb.exists(eb.selectFrom('users').select(sql.lit(1).as('one')))))(
  expressionBuilder<Tables, never>(),
);

export type ClaimResult =
  { claimed: true; user: User } | { claimed: false; reason: 'wrong-code' | 'account-exists' };

export interface SetupOptions {
  now?: () => number;
  cost?: ScryptCost;
}

async function readCode({ db }: Database): Promise<string | undefined> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('name', '=', SETUP_CODE_SETTING)
    .executeTakeFirst();
  return row?.value;
}

/** A new code unless one exists, and only while no account does (insert if absent). */
async function insertCodeIfAbsent({ db, engine }: Database): Promise<void> {
  await db
    .insertInto('settings')
    .columns(['name', 'value'])
    .expression(
      db
        .selectNoFrom([
          engine.typed(SETUP_CODE_SETTING, 'text').as('name'),
          engine.typed(newSetupCode(), 'text').as('value'),
        ])
        .where(noAccount),
    )
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}

interface FirstAccount {
  code: string;
  email: string;
  passwordHash: string;
  at: number;
}

/**
 * The account and the code's deletion in one transaction, only while the code is `code` and no
 * account exists. The code's row is first marked with a mark of this claim's own: on Postgres that
 * update locks the row, so a second claim waits, then finds it gone; SQLite writes one transaction
 * at a time. The account is inserted only where this claim's mark is found. True when it was.
 */
async function insertFirstAccount({ db, engine }: Database, account: FirstAccount) {
  const { code, email, passwordHash, at } = account;
  const mark = `claiming:${randomBytes(16).toString('hex')}`;
  const { typed } = engine;
  const [, inserted] = await engine.batch([
    db
      .updateTable('settings')
      .set({ value: mark })
      .where('name', '=', SETUP_CODE_SETTING)
      .where('value', '=', code)
      .where(noAccount),
    db
      .insertInto('users')
      .columns([
        'email',
        'password_hash',
        'created_at',
        'password_changed_at',
        'seen_before',
        'device_epoch',
      ])
      .expression(
        db
          .selectFrom('settings')
          .select([
            typed(email, 'text').as('email'),
            typed(passwordHash, 'text').as('password_hash'),
            typed(at, 'integer').as('created_at'),
            typed(at, 'integer').as('password_changed_at'),
            typed(at, 'integer').as('seen_before'),
            typed(firstDeviceEpoch(), 'integer').as('device_epoch'),
          ])
          .where('name', '=', SETUP_CODE_SETTING)
          .where('value', '=', mark),
      )
      .returning('id'),
    db.deleteFrom('settings').where('name', '=', SETUP_CODE_SETTING).where('value', '=', mark),
  ]);
  return (inserted ?? []).length === 1;
}

export function setupCodes(database: Database, { now = Date.now, cost }: SetupOptions = {}) {
  const accounts = users(database, { now, cost });
  const current = () => readCode(database);

  return {
    /** The code, or undefined: none was made, or it has been used. */
    current,

    /**
     * With no account: the code, made now unless one exists (insert if absent, then read back, so
     * that instances starting together agree). With an account: undefined, and a leftover code
     * (the account was made with add-user) is deleted.
     */
    async ensure(): Promise<string | undefined> {
      if ((await accounts.count()) > 0) {
        await database.db.deleteFrom('settings').where('name', '=', SETUP_CODE_SETTING).execute();
        return undefined;
      }
      await insertCodeIfAbsent(database);
      return current();
    },

    /**
     * Makes the first account with the code (the e-mail and password checked as add-user checks
     * them: throws AccountError), and deletes the code. Refused when an account exists (also one
     * made a moment ago by another claim), or when the code is not the stored one (compared in
     * constant time, before the password's costly hash; no stored code matches nothing).
     */
    async claim(typedCode: string, email: string, password: string): Promise<ClaimResult> {
      const address = checkEmail(email);
      checkPassword(password);
      const code = normaliseSetupCode(typedCode);
      if ((await accounts.count()) > 0) return { claimed: false, reason: 'account-exists' };
      const stored = await current();
      if (code !== undefined && stored !== undefined && sameCode(code, stored)) {
        const passwordHash = await hashPassword(password, cost);
        const account = { code, email: address, passwordHash, at: now() };
        if (await insertFirstAccount(database, account)) {
          const user = await accounts.find(address);
          if (user) return { claimed: true, user };
        }
      }
      // Counted after the code was read: a claim that used it a moment ago has made its account.
      const reason = (await accounts.count()) > 0 ? 'account-exists' : 'wrong-code';
      return { claimed: false, reason };
    },
  };
}

export type SetupCodes = ReturnType<typeof setupCodes>;
