// The copies of the database kept beside the nightly ones, for the inbox's backup line: made
// before an upgrade (server/db/upgrade.ts), set aside by a restore (restore.ts), and made by hand
// (`npm run backup -- --out`) into a backup folder. docs/backups-and-upgrades.md.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { OtherCopies } from '../../src/admin/contract.ts';
import { UPGRADE_COPY } from '../db/upgrade.ts';
import { setAsideCopies } from './restore.ts';
import { looksLikeSqlite } from './sqlite-file.ts';

/** A nightly copy's name: `potomac-2026-11-26.db`. */
export const NIGHTLY_COPY = /^potomac-(\d{4})-(\d{2})-(\d{2})\.db$/;

/** Where copies are. */
export interface CopyPlaces {
  /** BACKUP_DIR, when set. */
  backupDir?: string | undefined;
  /** Where the copies before an upgrade go (BACKUP_DIR, else the data folder's `backups/`). */
  upgradeDir?: string | undefined;
  /** The server's SQLite file: a restore sets the database it replaced aside beside it. */
  databaseFile: string;
}

interface Found {
  kind: 'beforeUpgrade' | 'beforeRestore' | 'byHand';
  at: number;
  bytes: number;
}

/** A file's size, 0 when it is gone (deleted between the listing and now). */
function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/**
 * The copies in a backup folder that are not nightly ones: before an upgrade (by name), or any
 * other SQLite database (made by hand). Unfinished copies (`.partial-`) and the server's own
 * database, should the folder be the data folder, are not copies.
 */
function inFolder(dir: string, databaseFile: string): Found[] {
  if (!existsSync(dir)) return [];
  // The data folder itself: its database, companions and set-aside copies are not listed here.
  const own = path.resolve(dir) === path.dirname(path.resolve(databaseFile));
  return readdirSync(dir).flatMap((name): Found[] => {
    const file = path.join(dir, name);
    if (NIGHTLY_COPY.test(name) || name.includes('.partial-')) return [];
    if (own && name.startsWith(path.basename(databaseFile))) return [];
    try {
      const stat = statSync(file);
      if (!stat.isFile()) return [];
      if (UPGRADE_COPY.test(name)) {
        return [{ kind: 'beforeUpgrade', at: stat.mtimeMs, bytes: stat.size }];
      }
      if (!looksLikeSqlite(file)) return [];
      return [{ kind: 'byHand', at: stat.mtimeMs, bytes: stat.size }];
    } catch {
      return [];
    }
  });
}

/** What the copies beside the nightly ones are, how large and how old; undefined when none. */
export function otherCopies(places: CopyPlaces): OtherCopies | undefined {
  const folders = new Set(
    [places.backupDir, places.upgradeDir].flatMap((dir) => (dir ? [path.resolve(dir)] : [])),
  );
  const found = [...folders].flatMap((dir) => inFolder(dir, places.databaseFile));
  for (const { file, at } of setAsideCopies(places.databaseFile)) {
    const bytes = ['', '-wal', '-shm', '-journal'].reduce(
      (sum, end) => sum + sizeOf(file + end),
      0,
    );
    found.push({ kind: 'beforeRestore', at, bytes });
  }
  if (found.length === 0) return undefined;
  const count = (kind: Found['kind']) => found.filter((copy) => copy.kind === kind).length;
  return {
    beforeUpgrade: count('beforeUpgrade'),
    beforeRestore: count('beforeRestore'),
    byHand: count('byHand'),
    bytes: found.reduce((sum, copy) => sum + copy.bytes, 0),
    oldestAt: Math.min(...found.map((copy) => copy.at)),
  };
}
