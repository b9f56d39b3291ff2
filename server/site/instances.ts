/**
 * Every running instance's word on the owner's site, in the database they share: the version it
 * serves, the newest one it knows of, and why it cannot serve that one. Each instance writes its
 * row every few seconds (a heartbeat), so that the site editor can say which instance is behind
 * and why; an instance that stopped writing is no longer listed.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';

export interface InstanceState {
  /** The version this instance serves (0: the build's pages). */
  served: number;
  /** The newest version in the database when it last looked. */
  latest: number;
  /** Why it does not serve `latest`, when it tried and failed. */
  error: string | null;
}

export interface InstanceReport extends InstanceState {
  id: string;
  /** Host name and process: what an operator recognises. */
  label: string;
  seenAt: number;
}

/** An instance that has not written for this long is taken for stopped. */
export const INSTANCE_SILENT_MS = 30_000;
/** Rows of instances long gone are removed by the next heartbeat of any. */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

export function instanceStore(database: Database, now: () => number = Date.now) {
  const { db } = database;
  const id = randomBytes(8).toString('hex');
  const label = `${hostname()} (process ${process.pid})`;
  const startedAt = now();
  return {
    id,
    /** Writes this instance's row (and forgets instances silent for a day). */
    async report(state: InstanceState): Promise<void> {
      const row = {
        label,
        served_version: state.served,
        latest_version: state.latest,
        error: state.error,
        seen_at: now(),
      };
      await db
        .insertInto('site_instances')
        .values({ id, started_at: startedAt, ...row })
        .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
        .execute();
      await db
        .deleteFrom('site_instances')
        .where('seen_at', '<', now() - FORGET_AFTER_MS)
        .execute();
    },
    /** The instances heard from lately, the ones behind first. */
    async recent(): Promise<InstanceReport[]> {
      const rows = await db
        .selectFrom('site_instances')
        .selectAll()
        .where('seen_at', '>=', now() - INSTANCE_SILENT_MS)
        .orderBy('started_at')
        .execute();
      return rows
        .map((row) => ({
          id: row.id,
          label: row.label,
          served: Number(row.served_version),
          latest: Number(row.latest_version),
          error: row.error,
          seenAt: Number(row.seen_at),
        }))
        .sort((a, b) => Number(a.served >= a.latest) - Number(b.served >= b.latest));
    },
    /** Takes this instance's row out at a clean stop. */
    async remove(): Promise<void> {
      await db.deleteFrom('site_instances').where('id', '=', id).execute();
    },
  };
}

export type InstanceStore = ReturnType<typeof instanceStore>;
