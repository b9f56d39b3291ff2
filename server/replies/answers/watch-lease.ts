/**
 * One watcher among the instances that share a database: the one holding the lease, a row of
 * `settings` ('answers_watcher': "UNTIL HOLDER", UNTIL in ms by the database's clock), renewed
 * while it watches. Taken over by compare-and-set, so of two instances asking at once one wins;
 * a stopped instance's lease runs out, or is let go at once by a clean stop.
 */
import { sql } from 'kysely';
import type { Engine } from '../../db/engine.ts';

export const LEASE_NAME = 'answers_watcher';

export interface WatchLease {
  /** Takes or renews the lease for `leaseMs`; whether this holder has it. */
  hold(leaseMs: number): Promise<boolean>;
  /** Lets the lease go if this holder has it. */
  release(): Promise<void>;
}

function parse(value: string | undefined): { until: number; holder: string } {
  const [until = '0', holder = ''] = (value ?? '').split(' ');
  return { until: Number(until) || 0, holder };
}

export function watchLease(engine: Engine, holder: string): WatchLease {
  const { db } = engine;

  async function read() {
    return db
      .selectNoFrom([
        sql<number>`${sql.raw(engine.nowMs)}`.as('now'),
        db.selectFrom('settings').select('value').where('name', '=', LEASE_NAME).as('value'),
      ])
      .executeTakeFirstOrThrow();
  }

  return {
    async hold(leaseMs) {
      await db
        .insertInto('settings')
        .values({ name: LEASE_NAME, value: '0 ' })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .execute();
      const { now, value } = await read();
      const current = parse(value ?? undefined);
      if (current.holder !== holder && current.until > Number(now)) return false;
      const result = await db
        .updateTable('settings')
        .set({ value: `${Number(now) + leaseMs} ${holder}` })
        .where('name', '=', LEASE_NAME)
        .where('value', '=', value ?? '0 ')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async release() {
      await db
        .updateTable('settings')
        .set({ value: '0 ' })
        .where('name', '=', LEASE_NAME)
        .where('value', 'like', `% ${holder}`)
        .execute();
    },
  };
}
