/**
 * A finished day added up (README.md): once a business day has ended (and 10 minutes more, for
 * the last batches), its visitors are counted into `visit_sources` by language and source, and
 * its visitor keys and salt deleted, in one transaction; counts older than VISIT_RETENTION_DAYS
 * deleted. Any instance may run it, several at once (server/main.ts runs it every few minutes on
 * each).
 *
 * Why several at once are safe, on Postgres's READ COMMITTED: each day's batch is one transaction
 * of INSERT … SELECT … ON CONFLICT DO NOTHING, then the DELETEs. Say A and B run it together. If
 * B's INSERT reads `visitor_days` after A committed, A's DELETE took the rows: B inserts nothing.
 * If it read them before, B inserts the same sums under the same keys: each of its rows waits on
 * A's uncommitted row of that key, then (A committed) does nothing; B's DELETE waits on A's locks
 * and finds the rows gone. Either way each day is added up once, by one of them, whole (A's
 * insert and delete commit together). On SQLite the transactions simply run one after the other.
 * A day keeps at most SOURCES_PER_DAY sources by name (the rest are "other"): a stranger who sends
 * random tags, each a new visitor, cannot make the counts grow without bound for two years.
 * A view of the day written after its add-up (a batch tried again late) is added up by the next
 * pass when its group is new, else dropped with the day's keys: a count, not worth more.
 */
import { sql } from 'kysely';
import type { Engine } from '../db/engine.ts';
import { DAY, MINUTE } from '../../src/business-time/time-zone.ts';
import { businessDay } from './visitor-key.ts';

/**
 * A day's sources kept by name at most (its groups of language, kind, name and campaign with the
 * most visitors); the rest are added up as 'other'.
 */
export const SOURCES_PER_DAY = 100;

/** How long after a day's end it is added up: the last views' batches are written by then. */
export const ADD_UP_AFTER_MS = 10 * MINUTE;

export interface VisitDaysOptions {
  engine: Engine;
  now: number;
  timeZone: string;
  retentionDays: number;
}

/** The days added up (their 'YYYY-MM-DD'), and the rows of old counts deleted. */
export interface VisitDaysResult {
  days: string[];
}

/** Adds up every day that has ended, and deletes old counts. */
export async function addUpVisitDays(options: VisitDaysOptions): Promise<VisitDaysResult> {
  const { engine, now, timeZone } = options;
  const { db } = engine;
  // Days before this one have ended at least ADD_UP_AFTER_MS ago.
  const open = businessDay(now - ADD_UP_AFTER_MS, timeZone);
  const rows = await db
    .selectFrom('visitor_days')
    .select('day')
    .distinct()
    .where('day', '<', open)
    .union(db.selectFrom('visit_salts').select('day').where('day', '<', open))
    .execute();
  const days = [...new Set(rows.map((row) => row.day))].sort();
  for (const day of days) {
    // The day's largest groups keep their names; the others (a stranger's random tags, each a new
    // row for two years otherwise) are added up as 'other' of their kind.
    const limit = engine.typed(SOURCES_PER_DAY, 'integer');
    await engine.batch([
      sql`INSERT INTO visit_sources (day, language, source_kind, source_name, campaign, visitors,
          saw_form, started)
        SELECT day, language, source_kind, name, tag, SUM(visitors), SUM(saw_form), SUM(started)
        FROM (
          SELECT day, language, source_kind,
            CASE WHEN place <= ${limit} THEN source_name ELSE 'other' END AS name,
            CASE WHEN place <= ${limit} THEN campaign ELSE '' END AS tag,
            visitors, saw_form, started
          FROM (
            SELECT day, language, source_kind, source_name, campaign, COUNT(*) AS visitors,
              SUM(saw_form) AS saw_form, SUM(started) AS started,
              ROW_NUMBER() OVER (ORDER BY COUNT(*) DESC, language, source_kind, source_name,
                campaign) AS place
            FROM visitor_days WHERE day = ${day}
            GROUP BY day, language, source_kind, source_name, campaign
          ) AS grouped
        ) AS named
        GROUP BY day, language, source_kind, name, tag
        ON CONFLICT (day, language, source_kind, source_name, campaign) DO NOTHING`,
      db.deleteFrom('visitor_days').where('day', '=', day),
      db.deleteFrom('visit_salts').where('day', '=', day),
    ]);
  }
  const oldest = businessDay(now - options.retentionDays * DAY, timeZone);
  await engine.batch([
    db.deleteFrom('visit_pages').where('day', '<', oldest),
    db.deleteFrom('visit_sources').where('day', '<', oldest),
  ]);
  return { days };
}
