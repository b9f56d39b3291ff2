// The retention pass's guard (docs/retention.md, "The guard"): the pass counts time by the
// database's clock, and before it erases anything it compares that clock and the number it would
// erase with the passes before it, kept in the `settings` table (shared by every instance). A pass
// that looks wrong is stopped, recorded, and waits for the owner's word in the inbox.
import { sql } from 'kysely';
import type { RetentionHold } from '../../src/admin/contract.ts';
import type { Database } from '../db/database.ts';
import type { Engine } from '../db/engine.ts';

const SETTING = 'retention_guard';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The rules. The clock may step back a little (NTP's corrections, two instances' passes crossing),
 * never an hour; it moves about a day between passes, never a month. A pass erases about a day's
 * submissions; ten times the largest of the last two weeks' passes is something else (a retention
 * shortened, or a wrong clock), unless it is small anyway.
 */
export const GUARD_RULES = {
  backTolerance: HOUR_MS,
  aheadLimit: 30 * DAY_MS,
  /** The passes remembered: two weeks of one instance's daily pass. */
  recentPasses: 14,
  factor: 10,
  floor: 500,
} as const;

/** What the guard keeps between passes. */
export interface GuardState {
  /** The database's clock at the last pass that went on; null before the first. */
  lastAt: number | null;
  /** How many each of the recent passes erased, newest first. */
  recent: number[];
  hold: RetentionHold | null;
  /**
   * True while `lastAt` is only the newest erasure an earlier version left (`seeded`): passes that
   * erased nothing left none, so it may be months old, and only a clock before it is judged.
   */
  seeded?: boolean;
}

const FRESH: GuardState = { lastAt: null, recent: [], hold: null };

/** Reads a clock: the database's by default; the tests give one of their own. */
export type RetentionClock = (engine: Engine) => Promise<number>;

/**
 * The database's clock in ms since the epoch (Engine.nowMs): Postgres's `clock_timestamp()`, the
 * same for every instance; SQLite's `julianday('now')`, the clock of the one machine that has the
 * file (the same clock Date.now reads).
 */
export const databaseNow: RetentionClock = async (engine) => {
  const row = await sql<{ now: number | string }>`SELECT ${sql.raw(engine.nowMs)} AS now`
    .execute(engine.db)
    .then((result) => result.rows[0]);
  const now = Number(row?.now);
  if (!Number.isFinite(now)) throw new Error('the database answered no time');
  return now;
};

function parse(value: string | undefined): GuardState {
  if (value === undefined) return FRESH;
  let read: Partial<GuardState>;
  try {
    read = JSON.parse(value) as Partial<GuardState>;
  } catch {
    return FRESH;
  }
  return {
    lastAt: typeof read.lastAt === 'number' ? read.lastAt : null,
    recent: Array.isArray(read.recent) ? read.recent.filter((n) => typeof n === 'number') : [],
    hold: read.hold ?? null,
    ...(read.seeded === true ? { seeded: true } : {}),
  };
}

export interface StoredGuard {
  state: GuardState;
  /** The row's text as read, for a write that must find it unchanged. */
  raw: string | undefined;
}

/**
 * The history a guard without a row starts from (the first guarded pass after an upgrade): the
 * retention job's latest erasures, their counts and the newest one's clock. A pass that erased
 * nothing left no erasure, so a quiet history reads as no history, and the newest erasure may be
 * long before the last pass: that clock is marked `seeded`, only a clock before it is held.
 */
async function seeded({ db }: Database): Promise<GuardState> {
  const rows = await db
    .selectFrom('erasures')
    .select(['at', 'submissions'])
    .where('reason', '=', 'retention')
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(GUARD_RULES.recentPasses)
    .execute();
  const newest = rows[0];
  return {
    lastAt: newest ? Number(newest.at) : null,
    recent: rows.map((row) => Number(row.submissions)),
    hold: null,
    ...(newest ? { seeded: true } : {}),
  };
}

export async function readGuard(database: Database): Promise<StoredGuard> {
  const row = await database.db
    .selectFrom('settings')
    .select('value')
    .where('name', '=', SETTING)
    .executeTakeFirst();
  const state = row ? parse(row.value) : await seeded(database);
  return { state, raw: row?.value };
}

/**
 * Writes the guard only if its row is still `raw` (undefined: still absent): a compare-and-set, so
 * that two instances' passes never overwrite each other. False when another write came first.
 */
async function writeGuard(
  { db }: Database,
  state: GuardState,
  raw: string | undefined,
): Promise<boolean> {
  const value = JSON.stringify(state);
  const written =
    raw === undefined
      ? await db
          .insertInto('settings')
          .values({ name: SETTING, value })
          .onConflict((conflict) => conflict.column('name').doNothing())
          .returning('name')
          .executeTakeFirst()
      : await db
          .updateTable('settings')
          .set({ value })
          .where('name', '=', SETTING)
          .where('value', '=', raw)
          .returning('name')
          .executeTakeFirst();
  return written !== undefined;
}

/**
 * Changes the guard from what `stored` read: written with a compare-and-set; when another
 * instance wrote first, `change` is applied once more to what it wrote. False when that failed too.
 * Only for a change that stays right whatever came first (a pass that went on); a hold, judged on
 * what was read, is written once (`recordHold`), and its pass judged again on a clash.
 */
async function updateGuard(
  database: Database,
  stored: StoredGuard,
  change: (state: GuardState) => GuardState,
): Promise<boolean> {
  if (await writeGuard(database, change(stored.state), stored.raw)) return true;
  const fresh = await readGuard(database);
  return writeGuard(database, change(fresh.state), fresh.raw);
}

/** Why a pass at `at` that would erase `count` must wait for the owner; null when it may go on. */
export function judgePass(state: GuardState, at: number, count: number): RetentionHold | null {
  const largest = Math.max(0, ...state.recent);
  const hold = (reason: RetentionHold['reason']): RetentionHold => ({
    reason,
    at,
    lastAt: state.lastAt,
    count,
    largest,
  });
  if (state.lastAt !== null && at < state.lastAt - GUARD_RULES.backTolerance) {
    return hold('clock-back');
  }
  if (state.lastAt !== null && !state.seeded && at > state.lastAt + GUARD_RULES.aheadLimit) {
    return hold('clock-ahead');
  }
  if (count > GUARD_RULES.floor && count > GUARD_RULES.factor * largest) return hold('too-many');
  return null;
}

/** A pass that went on: its clock (never moved back) and its count remembered, any hold gone. */
export async function recordPass(
  database: Database,
  stored: StoredGuard,
  at: number,
  count: number,
): Promise<boolean> {
  return updateGuard(database, stored, (state) => ({
    lastAt: state.lastAt === null ? at : Math.max(state.lastAt, at),
    recent: [count, ...state.recent].slice(0, GUARD_RULES.recentPasses),
    hold: null,
  }));
}

/**
 * A stopped pass: the hold the inbox shows; what the last good pass left is kept. A hold already
 * waiting for the same reason keeps its time (the one the owner's confirmation names) and takes
 * the new count, so that another instance's held pass does not undo the owner's click. Written
 * only if the guard is still what `stored` read: false when another write came first (the owner's
 * confirmation, another pass), and the pass must be judged again on what is there now.
 */
export async function recordHold(
  database: Database,
  stored: StoredGuard,
  hold: RetentionHold,
): Promise<boolean> {
  const waiting = stored.state.hold;
  const kept =
    waiting?.reason === hold.reason ? { ...hold, at: waiting.at, lastAt: waiting.lastAt } : hold;
  return writeGuard(database, { ...stored.state, hold: kept }, stored.raw);
}

/** The pass waiting for the owner, if one is. */
export async function retentionHold(database: Database): Promise<RetentionHold | undefined> {
  return (await readGuard(database)).state.hold ?? undefined;
}

/**
 * The owner's word on the hold they saw (its `at`): its count becomes the last pass's, and the
 * database's clock now the last pass's clock (not the hold's, which may be weeks old when the
 * owner answers), so that the next pass, a moment later by the same clock, goes on. The hold
 * confirmed; undefined when no such hold is waiting (none, or another of another reason replaced
 * it): nothing changed.
 */
export async function confirmHold(
  database: Database,
  at: number,
  clock: RetentionClock = databaseNow,
): Promise<RetentionHold | undefined> {
  const { state, raw } = await readGuard(database);
  const { hold } = state;
  if (!hold || hold.at !== at || raw === undefined) return undefined;
  const next: GuardState = {
    lastAt: await clock(database.engine),
    recent: [hold.count, ...state.recent].slice(0, GUARD_RULES.recentPasses),
    hold: null,
  };
  return (await writeGuard(database, next, raw)) ? hold : undefined;
}
