/**
 * Each account's weekly e-mail (users.weekly_email and users.language, migration 16): on or off,
 * and its language. Read and written by the inbox's route (weekly-email-routes.ts) and the CLI.
 */
import type { Kysely } from 'kysely';
import type { WeeklyEmailSetting } from '../../src/admin/contract.ts';
import type { Tables } from '../db/tables.ts';

/** A stored language as the e-mail knows it: anything but Spanish is English. */
export const emailLanguage = (stored: string): WeeklyEmailSetting['language'] =>
  stored === 'es' ? 'es' : 'en';

/** The account's setting; undefined when there is no such account. */
export async function weeklyEmailOf(
  db: Kysely<Tables>,
  userId: number,
): Promise<WeeklyEmailSetting | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['weekly_email', 'language'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row && { on: Number(row.weekly_email) === 1, language: emailLanguage(row.language) };
}

/** Stores the account's setting; whether the account exists. */
export async function setWeeklyEmail(
  db: Kysely<Tables>,
  userId: number,
  setting: WeeklyEmailSetting,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ weekly_email: setting.on ? 1 : 0, language: setting.language })
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
