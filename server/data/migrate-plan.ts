// `npm run db -- migrate --dry-run`: what the next start of the server would apply to the
// database, changing nothing. docs/backups-and-upgrades.md, "Upgrading".
import { existsSync } from 'node:fs';
import { databaseAt, databaseConfig, fileOfUrl } from '../config.ts';
import { isPostgresUrl } from '../db/database.ts';
import type { Engine } from '../db/engine.ts';
import { postgresEngine } from '../db/postgres.ts';
import { sqliteEngine } from '../db/sqlite.ts';
import { LATEST_VERSION, upgradePlan, type UpgradePlan } from '../db/upgrade.ts';
import { shown } from './sqlite-file.ts';

/** One statement on one line, cut at `width` characters. */
function oneLine(statement: string, width = 100): string {
  const flat = statement.replace(/\s+/g, ' ').trim();
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
}

/** The plan in words. `backupDir`: where the copy before the upgrade goes (SQLite files only). */
export function planText(plan: UpgradePlan, backupDir: string | undefined): string {
  if (plan.current > plan.latest) {
    return (
      `The database is at schema version ${plan.current}, newer than this server (${plan.latest}): ` +
      'it was upgraded by a newer version. Nothing to apply; update this server first.\n'
    );
  }
  if (plan.pending.length === 0) {
    return `The database is at schema version ${plan.current}, the latest: nothing to apply.\n`;
  }
  const lines = plan.pending.flatMap(({ version, statements }) => [
    `  version ${version}:`,
    ...statements.map((statement) => `    ${oneLine(statement)}`),
  ]);
  const copy =
    backupDir && plan.current >= 1
      ? `Before applying them the server copies the database to ` +
        `${shown(backupDir)}/before-migration-${plan.current}.db.\n`
      : '';
  return (
    `The database is at schema version ${plan.current}; this server knows ${plan.latest}. ` +
    `The next start would apply, in one transaction (nothing was changed now):\n` +
    `${lines.join('\n')}\n${copy}`
  );
}

/** The dry run against the configured database; the report to print. */
export async function migrateDryRun(env: Record<string, string | undefined>): Promise<string> {
  const config = databaseConfig(env);
  if (databaseAt(config.url) === 'file' && !existsSync(fileOfUrl(config.url))) {
    return (
      `No database at ${shown(fileOfUrl(config.url))} yet: the first start creates it with ` +
      `schema versions 1 to ${LATEST_VERSION}.\n`
    );
  }
  const engine: Engine = isPostgresUrl(config.url)
    ? postgresEngine(config.url, () => undefined, config.postgres)
    : await sqliteEngine(config.url, config.authToken);
  try {
    return planText(await upgradePlan(engine), config.upgradeBackupDir);
  } finally {
    await engine.close();
  }
}
