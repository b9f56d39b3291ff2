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
}

export interface RelayPauseStore {
  /** The pause, if the outbox is paused. */
  relayPause(): Promise<RelayPause | undefined>;
  /** Pauses the outbox for `code`; a pause already on keeps its start and its code. */
  pauseRelay(code: string, probeEveryMs: number): Promise<void>;
  /**
   * Takes the probe that is due, for this instance alone: true at most once per `probeEveryMs`
   * among every instance (the next one falls due then); false when not paused or not yet due.
   */
  claimProbe(probeEveryMs: number): Promise<boolean>;
  /** Ends the pause: every instance sends again. */
  resumeRelay(): Promise<void>;
}

const PAUSE = 'mail_relay_pause';

/** SQL: the outbox is not paused (a claim's condition, so that no instance claims while it is). */
export const notPaused = sql<boolean>`NOT EXISTS (SELECT 1 FROM settings WHERE name = ${PAUSE})`;

interface Stored {
  since: number;
  code: string;
  probeAt: number;
}

function parsed(value: string): Stored | undefined {
  try {
    const found = JSON.parse(value) as Partial<Stored>;
    const { since, code, probeAt } = found;
    if (typeof since !== 'number' || typeof code !== 'string' || typeof probeAt !== 'number') {
      return undefined;
    }
    return { since, code, probeAt };
  } catch {
    return undefined;
  }
}

export function relayPauseStore(engine: Engine): RelayPauseStore {
  const { db } = engine;
  const now = sql<number>`${sql.raw(engine.nowMs)}`;

  /** The row as stored, its parsed value, and the database's clock read with it. */
  async function read() {
    const row = await db
      .selectFrom('settings')
      .select(['value', now.as('now')])
      .where('name', '=', PAUSE)
      .executeTakeFirst();
    if (!row) return undefined;
    const at = Number(row.now);
    // A value this code did not write still pauses claims: it is probed at once, and so cleared.
    const pause = parsed(row.value) ?? { since: at, code: 'UNKNOWN', probeAt: at };
    return { value: row.value, pause, at };
  }

  async function databaseNow(): Promise<number> {
    const result = await sql<{ now: number | string }>`SELECT ${now} AS now`.execute(db);
    return Number(result.rows[0]?.now);
  }

  return {
    async relayPause() {
      const found = await read();
      if (!found) return undefined;
      const { since, code, probeAt } = found.pause;
      return { since, code, probeInMs: probeAt - found.at };
    },

    async pauseRelay(code, probeEveryMs) {
      const at = await databaseNow();
      const value: Stored = { since: at, code: code.slice(0, 200), probeAt: at + probeEveryMs };
      await db
        .insertInto('settings')
        .values({ name: PAUSE, value: JSON.stringify(value) })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .execute();
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
      await db.deleteFrom('settings').where('name', '=', PAUSE).execute();
    },
  };
}
