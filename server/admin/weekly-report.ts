/**
 * The weekly e-mail to each account (docs/visits.md#the-weekly-e-mail): on Mondays from 08:00 on
 * the business's clock (the live version's time zone) until the day ends, one e-mail per account
 * that has it on, about the week that just ended (Monday to Sunday). Every instance runs it: each
 * week's e-mail to an account is a row of `weekly_reports`, claimed under a lease on the database's
 * clock, so that one instance sends it once; a failed try waits longer each time and is given up
 * after `maxTries`, its code alone kept (never the relay's words).
 */
import { sql } from 'kysely';
import { businessContent } from '../../src/content/business.ts';
import type { PublishedVersion } from '../../src/content/published.ts';
import { scheduleOf, type BusinessSchedule } from '../../src/business-time/schedule.ts';
import { DAY, HOUR, localDay, wallToInstant, weekday } from '../../src/business-time/time-zone.ts';
import { lastWeekStarts } from '../../src/business-time/weeks.ts';
import type { Engine } from '../db/engine.ts';
import { messageDomain } from '../mail/message-source.ts';
import type { OutboxLog } from '../mail/outbox.ts';
import { startPassLoop } from '../mail/pass-loop.ts';
import { failureCode, isPermanent } from '../mail/send-failures.ts';
import type { MailSender } from '../mail/transport.ts';
import { emailLanguage } from './weekly-email-setting.ts';
import {
  weeklyReportFigures,
  weeklyReportMail,
  type WeeklyReportFigures,
} from './weekly-report-mail.ts';

/** The hour of Monday (business time) from which the week's e-mail goes. */
export const WEEKLY_REPORT_HOUR = 8;
/** Tries of one e-mail before it is given up. */
export const WEEKLY_REPORT_TRIES = 5;

export interface WeeklyReportOptions {
  engine: Engine;
  sender: MailSender;
  /** NOTIFY_FROM. */
  from: string;
  /** The live version: the business's name, time zone, hours and promise. */
  published: () => PublishedVersion;
  /** SITE_URL: the e-mail links to the weekly picture there. */
  siteUrl?: string | undefined;
  /** VISITS: whether visitors are counted (else the e-mail says they are not). */
  visits?: boolean | undefined;
  log: OutboxLog;
  /** The clock that says whether it is Monday morning (tests inject one); leases use the database's. */
  now?: () => number;
  /** How often an instance looks (5 minutes). */
  everyMs?: number;
  /** How long a claim holds (10 minutes): longer than a send's deadline. */
  leaseMs?: number;
  /** The wait after the first failed try (5 minutes); each later one doubles. */
  retryBaseMs?: number;
  maxTries?: number;
  /** A send still running after this (2 minutes) is abandoned as a failed try. */
  sendDeadlineMs?: number;
}

/**
 * The week whose e-mail is due at `now`: on a Monday from 08:00 to midnight on the schedule's
 * clock, the start of the week before (Monday 00:00); otherwise undefined.
 */
export function reportWeekDue(now: number, schedule: BusinessSchedule): number | undefined {
  const day = localDay(now, schedule.timeZone);
  if (weekday(day) !== 1) return undefined;
  if (now < wallToInstant(day * DAY + WEEKLY_REPORT_HOUR * HOUR, schedule.timeZone)) {
    return undefined;
  }
  return lastWeekStarts(now, 2, schedule)[0];
}

const dbNow = (engine: Engine) => sql<number>`${sql.raw(engine.nowMs)}`;

interface Claim {
  weekStart: number;
  userId: number;
  /** The lease's end as claimed: the fence every later write of the row names. */
  lease: number;
  attempts: number;
}

/** Claims the account's e-mail of the week if it is due and no other instance holds it. */
async function claim(
  engine: Engine,
  weekStart: number,
  userId: number,
  { leaseMs, maxTries }: { leaseMs: number; maxTries: number },
): Promise<Claim | undefined> {
  const row = await engine.db
    .updateTable('weekly_reports')
    .set({
      attempts: sql`attempts + 1`,
      lease_until: sql`${dbNow(engine)} + ${sql.lit(Math.round(leaseMs))}`,
    })
    .where('week_start', '=', weekStart)
    .where('user_id', '=', userId)
    .where('sent_at', 'is', null)
    .where('attempts', '<', maxTries)
    .where(sql<boolean>`(lease_until IS NULL OR lease_until <= ${dbNow(engine)})`)
    .returning(['lease_until', 'attempts'])
    .executeTakeFirst();
  if (!row || row.lease_until === null) return undefined;
  return { weekStart, userId, lease: Number(row.lease_until), attempts: Number(row.attempts) };
}

/** The row of `held`, only while this claim still holds it. */
function heldRow(engine: Engine, held: Claim) {
  return engine.db
    .updateTable('weekly_reports')
    .where('week_start', '=', held.weekStart)
    .where('user_id', '=', held.userId)
    .where('lease_until', '=', held.lease)
    .where('sent_at', 'is', null);
}

/** Sends `message` under a deadline. */
async function sendWithin(
  sender: MailSender,
  message: Parameters<MailSender['sendMail']>[0],
  ms: number,
) {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error('send deadline passed'), { code: 'ETIMEDOUT' })),
      ms,
    );
  });
  try {
    await Promise.race([sender.sendMail(message), expired]);
  } finally {
    clearTimeout(timer);
  }
}

interface Policy {
  leaseMs: number;
  maxTries: number;
  retryBaseMs: number;
  sendDeadlineMs: number;
}

function policyOf(options: WeeklyReportOptions): Policy {
  return {
    leaseMs: options.leaseMs ?? 10 * 60_000,
    maxTries: options.maxTries ?? WEEKLY_REPORT_TRIES,
    retryBaseMs: options.retryBaseMs ?? 5 * 60_000,
    sendDeadlineMs: options.sendDeadlineMs ?? 2 * 60_000,
  };
}

/** Records a failed try: due again after a wait that doubles with each try, or given up. */
async function recordFailure(
  options: WeeklyReportOptions,
  policy: Policy,
  held: Claim,
  error: unknown,
) {
  const code = failureCode(error);
  const giveUp = isPermanent(error) || held.attempts >= policy.maxTries;
  const waitMs = Math.round(policy.retryBaseMs * 2 ** (held.attempts - 1));
  await heldRow(options.engine, held)
    .set({
      last_error: code,
      lease_until: sql`${dbNow(options.engine)} + ${sql.lit(waitMs)}`,
      ...(giveUp ? { attempts: policy.maxTries } : {}),
    })
    .execute();
  const details = { userId: held.userId, weekStart: held.weekStart, attempts: held.attempts, code };
  if (giveUp) options.log.error(details, 'weekly e-mail given up');
  else options.log.warn({ ...details, retryInMs: waitMs }, 'weekly e-mail failed, will retry');
}

interface Account {
  id: number;
  email: string;
  language: string;
}

/** Makes, sends and marks one account's e-mail of the week, under its claim. */
async function deliver(
  options: WeeklyReportOptions,
  policy: Policy,
  held: Claim,
  account: Account,
  figures: WeeklyReportFigures,
) {
  const { business } = businessContent(options.published());
  const week = new Date(held.weekStart).toISOString().slice(0, 10);
  const message = weeklyReportMail(figures, {
    from: options.from,
    to: account.email,
    setting: { language: emailLanguage(account.language) },
    business,
    siteUrl: options.siteUrl,
    visits: options.visits ?? true,
    messageId: `<weekly.${week}.${account.id}@${messageDomain(options.from)}>`,
  });
  try {
    await sendWithin(options.sender, message, policy.sendDeadlineMs);
  } catch (error) {
    await recordFailure(options, policy, held, error);
    return false;
  }
  const marked = await heldRow(options.engine, held)
    .set({ sent_at: dbNow(options.engine), lease_until: null, last_error: null })
    .executeTakeFirst();
  const details = { userId: account.id, weekStart: held.weekStart };
  if (Number(marked.numUpdatedRows) > 0) options.log.info(details, 'weekly e-mail sent');
  else options.log.warn(details, 'weekly e-mail sent after its claim had passed on');
  return true;
}

/**
 * One look: when a week's e-mail is due, a row for each account that has it on (if missing), and
 * each one this instance claims made and sent. How many were sent.
 */
export async function sendWeeklyReports(
  options: WeeklyReportOptions,
  stopped: () => boolean = () => false,
): Promise<number> {
  const { engine } = options;
  const now = (options.now ?? Date.now)();
  const { business } = businessContent(options.published());
  const weekStart = reportWeekDue(now, scheduleOf(business));
  if (weekStart === undefined) return 0;
  const accounts = await engine.db
    .selectFrom('users')
    .select(['id', 'email', 'language'])
    .where('weekly_email', '=', 1)
    .orderBy('id')
    .execute();
  if (accounts.length === 0) return 0;
  await engine.db
    .insertInto('weekly_reports')
    .values(accounts.map((account) => ({ week_start: weekStart, user_id: account.id })))
    .onConflict((conflict) => conflict.columns(['week_start', 'user_id']).doNothing())
    .execute();
  const policy = policyOf(options);
  let figures: Promise<WeeklyReportFigures> | undefined;
  let sent = 0;
  for (const account of accounts) {
    if (stopped()) break;
    const held = await claim(engine, weekStart, account.id, policy);
    if (!held) continue;
    // Made once a pass, at the first claim: every account reads the same week.
    figures ??= weeklyReportFigures(engine, now, business, weekStart);
    if (await deliver(options, policy, held, account, await figures)) sent += 1;
  }
  return sent;
}

export interface WeeklyReports {
  nudge(): void;
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** Looks every `everyMs` (5 minutes), on every instance; the claims keep each e-mail to one send. */
export function startWeeklyReports(options: WeeklyReportOptions): WeeklyReports {
  const everyMs = options.everyMs ?? 5 * 60_000;
  const loop = startPassLoop({
    async pass(stopped) {
      await sendWeeklyReports(options, stopped);
    },
    nextLookMs: async () => everyMs,
    failed: (error) => options.log.error({ code: failureCode(error) }, 'weekly e-mail pass failed'),
    pollMs: everyMs,
    retryMs: everyMs,
  });
  return loop;
}
