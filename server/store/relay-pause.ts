import { sql } from 'kysely';
import type { Engine } from '../db/engine.ts';

/**
 * The outbox's pause, shared by every instance through the database: while the relay refuses our
 * sign-in (or its TLS, or asks for a sign-in we do not make), no instance tries any e-mail; one
 * probe a while asks the relay again. One row of `settings`, its value `{ since, code, probeAt }`,
 * every time by the database's clock.
 */
export interface RelayPause {
  /** When the outbox paused (ms since the epoch, the database's clock). */
  since: number;
  /** The failure that paused it ('EAUTH 535', 'ETLS'). */
  code: string;
  /** In how long the next probe is due (0 or less: now). */
  probeInMs: number;
  /** The times it came back after a probe had ended it, with no e-mail delivered in between. */
  again: number;
}

export interface RelayPauseStore {
  /** The pause, if the outbox is paused. */
  relayPause(): Promise<RelayPause | undefined>;
  /**
   * Pauses the outbox for `code`; a pause already on keeps its start and its code ('on'). A pause
   * ended less than `KEEP_SINCE_MS` before, with no e-mail delivered since (the probe passed but the
   * sends are still refused), comes back with its start ('again'); else a new one starts ('new').
   */
  pauseRelay(
    code: string,
    probeEveryMs: number,
  ): Promise<{ state: 'on' | 'again' | 'new'; again: number }>;
  /**
   * Takes the probe that is due, for this instance alone: true at most once per `probeEveryMs`
   * among every instance (the next one falls due then); false when not paused or not yet due.
   */
  claimProbe(probeEveryMs: number): Promise<boolean>;
  /**
   * Ends the pause (every instance sends again), kept aside until an e-mail is delivered; the
   * ended pause, with `again` the times it had come back. Its end is kept for good (`resumedAt`):
   * the e-mails queued before it wait for the relay from then, so that the pause's days are not
   * counted in their 7.
   */
  resumeRelay(): Promise<{ since: number; again: number } | undefined>;
  /**
   * An e-mail was delivered: the ended pause is forgotten. How many times it had come back, or
   * undefined when none was kept.
   */
  relayDelivered(): Promise<number | undefined>;
}

/**
 * How long an ended pause is kept for its start: a refusal within this, before any e-mail was
 * delivered, is the same trouble going on (the relay lets the probe in but refuses the sends).
 */
export const KEEP_SINCE_MS = 15 * 60_000;

const PAUSE = 'mail_relay_pause';
/** The pause last ended, `{ since, code, probeAt, again, endedAt }`, until an e-mail is delivered. */
const ENDED = 'mail_relay_pause_ended';

/**
 * When a pause last ended (ms, the database's clock): an e-mail's wait for the relay (its 7 days)
 * counts from then if it was queued before. Kept for good: a delivery does not drop it.
 */
const RESUMED = 'mail_relay_resumed_at';

/** SQL: the outbox is not paused (a claim's condition, so that no instance claims while it is). */
export const notPaused = sql<boolean>`NOT EXISTS (SELECT 1 FROM settings WHERE name = ${PAUSE})`;

/** SQL: when the last pause ended (ms, the database's clock), or NULL if none ever did. */
export const resumedAt = sql<
  number | null
>`(SELECT CAST(value AS BIGINT) FROM settings WHERE name = ${RESUMED})`;

interface Stored {
  since: number;
  code: string;
  probeAt: number;
  /** The times this pause came back after a probe had ended it (`pauseRelay`'s 'again'). */
  again: number;
  /** When it ended (the row `ENDED` only). */
  endedAt?: number;
}

function parsed(value: string): Stored | undefined {
  try {
    const found = JSON.parse(value) as Partial<Stored>;
    const { since, code, probeAt, again = 0, endedAt } = found;
    if (typeof since !== 'number' || typeof code !== 'string' || typeof probeAt !== 'number') {
      return undefined;
    }
    return { since, code, probeAt, again, ...(typeof endedAt === 'number' ? { endedAt } : {}) };
  } catch {
    return undefined;
  }
}

/** The stored rows, read and written by the database's clock. */
function rows(engine: Engine) {
  const { db } = engine;
  const now = sql<number>`${sql.raw(engine.nowMs)}`;

  /** The row as stored, its parsed value, and the database's clock read with it. */
  async function read(name = PAUSE) {
    const row = await db
      .selectFrom('settings')
      .select(['value', now.as('now')])
      .where('name', '=', name)
      .executeTakeFirst();
    if (!row) return undefined;
    const at = Number(row.now);
    // A value this code did not write still pauses claims: it is probed at once, and so cleared.
    const pause = parsed(row.value) ?? { since: at, code: 'UNKNOWN', probeAt: at, again: 0 };
    return { value: row.value, pause, at };
  }

  return {
    read,
    /** The ended pause kept (`ENDED`), forgotten: what it was, if one was. */
    async forgetEnded() {
      const ended = await read(ENDED);
      if (ended) await db.deleteFrom('settings').where('name', '=', ENDED).execute();
      return ended;
    },
    async databaseNow(): Promise<number> {
      const result = await sql<{ now: number | string }>`SELECT ${now} AS now`.execute(db);
      return Number(result.rows[0]?.now);
    },
  };
}

export function relayPauseStore(engine: Engine): RelayPauseStore {
  const { db } = engine;
  const { read, forgetEnded, databaseNow } = rows(engine);

  return {
    async relayPause() {
      const found = await read();
      if (!found) return undefined;
      const { since, code, probeAt, again } = found.pause;
      return { since, code, probeInMs: probeAt - found.at, again };
    },

    async pauseRelay(code, probeEveryMs) {
      const on = await read();
      if (on) return { state: 'on', again: on.pause.again };
      const at = await databaseNow();
      const ended = await forgetEnded();
      const endedAt = ended?.pause.endedAt;
      const kept = ended && endedAt !== undefined && at - endedAt <= KEEP_SINCE_MS;
      const value: Stored = {
        since: kept ? ended.pause.since : at,
        code: code.slice(0, 200),
        probeAt: at + probeEveryMs,
        again: kept ? ended.pause.again + 1 : 0,
      };
      await db
        .insertInto('settings')
        .values({ name: PAUSE, value: JSON.stringify(value) })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .execute();
      return { state: kept ? 'again' : 'new', again: value.again };
    },

    async claimProbe(probeEveryMs) {
      const found = await read();
      if (!found || found.pause.probeAt > found.at) return false;
      const next: Stored = { ...found.pause, probeAt: found.at + probeEveryMs };
      // Taken only if no other instance took it since it was read: the value is the claim.
      const result = await db
        .updateTable('settings')
        .set({ value: JSON.stringify(next) })
        .where('name', '=', PAUSE)
        .where('value', '=', found.value)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async resumeRelay() {
      const found = await read();
      if (!found) return undefined;
      await db.deleteFrom('settings').where('name', '=', ENDED).execute();
      const ended: Stored = { ...found.pause, endedAt: found.at };
      // Only the pause read: one another instance has just renewed stays for its own probe.
      const result = await db
        .updateTable('settings')
        .set({ name: ENDED, value: JSON.stringify(ended) })
        .where('name', '=', PAUSE)
        .where('value', '=', found.value)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      await db
        .insertInto('settings')
        .values({ name: RESUMED, value: String(found.at) })
        .onConflict((conflict) => conflict.column('name').doUpdateSet({ value: String(found.at) }))
        .execute();
      return { since: found.pause.since, again: found.pause.again };
    },

    async relayDelivered() {
      return (await forgetEnded())?.pause.again;
    },
  };
}
