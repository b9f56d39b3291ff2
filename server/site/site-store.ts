import { applyDraftPatch, type DraftPatch } from '../../src/admin/site-contract.ts';
import { renameFields } from '../../src/content/fields/renames.ts';
import type { Database } from '../db/database.ts';
import { toBytes } from '../store/attachments.ts';

/**
 * The owner's site in the database: the shared draft, every published version (never deleted) and
 * the photos. In the database, so that a backup, a copy to Postgres and every instance carry them.
 */

/** Changed fields, keyed `<part>/<path>` (src/content/published.ts), as stored. */
export type SiteFields = Record<string, unknown>;

export interface VersionSummary {
  version: number;
  publishedAt: number;
  publishedBy: string;
  /** What changed since the version before, field by field, in words. */
  changes: string[];
  restoredFrom: number | null;
}

export interface SiteVersion extends VersionSummary {
  fields: SiteFields;
}

export interface SiteDraft {
  /** 0 before the first save. */
  revision: number;
  fields: SiteFields;
  updatedAt: number | null;
  updatedBy: string | null;
}

export interface MediaFile {
  name: string;
  type: string;
  content: Uint8Array;
}

/** The draft was saved by someone else since this editor loaded it. */
export class DraftConflict extends Error {
  constructor(readonly current: SiteDraft) {
    super('The draft changed since it was loaded');
  }
}

const parse = (text: string): unknown => JSON.parse(text) as unknown;

/** Stored fields under today's keys: a key renamed since they were saved is read as renamed. */
const storedFields = (text: string): SiteFields => renameFields(parse(text) as SiteFields);

function toSummary(row: {
  version: number;
  published_at: number;
  published_by: string;
  changes: string;
  restored_from: number | null;
}): VersionSummary {
  return {
    version: Number(row.version),
    publishedAt: Number(row.published_at),
    publishedBy: row.published_by,
    changes: parse(row.changes) as string[],
    restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
  };
}

type Db = Database['db'];

/** Every published version: the live one is the newest. */
function versionStore(db: Db, now: () => number) {
  return {
    /** The live version's number; 0 while nothing is published. */
    async latestVersion(): Promise<number> {
      const row = await db
        .selectFrom('site_versions')
        .select((eb) => eb.fn.max('version').as('latest'))
        .executeTakeFirst();
      return Number(row?.latest ?? 0);
    },

    async version(version: number): Promise<SiteVersion | undefined> {
      const row = await db
        .selectFrom('site_versions')
        .selectAll()
        .where('version', '=', version)
        .executeTakeFirst();
      return row && { ...toSummary(row), fields: storedFields(row.fields) };
    },

    async versions(limit = 50): Promise<VersionSummary[]> {
      const rows = await db
        .selectFrom('site_versions')
        .select(['version', 'published_at', 'published_by', 'changes', 'restored_from'])
        .orderBy('version', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toSummary);
    },

    /**
     * Records a version after `after` (the live one the publish was made from); fails when
     * another publish took that number first (its UNIQUE key), so two publishes never interleave.
     */
    async addVersion(entry: {
      after: number;
      fields: SiteFields;
      changes: string[];
      by: string;
      restoredFrom?: number;
    }): Promise<number> {
      const version = entry.after + 1;
      await db
        .insertInto('site_versions')
        .values({
          version,
          published_at: now(),
          published_by: entry.by,
          fields: JSON.stringify(entry.fields),
          changes: JSON.stringify(entry.changes),
          restored_from: entry.restoredFrom ?? null,
        })
        .execute();
      return version;
    },
  };
}

/** The one shared draft, saved only over the revision it was loaded at. */
function draftStore(db: Db, now: () => number) {
  async function draft(): Promise<SiteDraft> {
    const row = await db
      .selectFrom('site_draft')
      .selectAll()
      .where('id', '=', 1)
      .executeTakeFirst();
    if (!row || Number(row.revision) === 0) {
      return { revision: 0, fields: {}, updatedAt: null, updatedBy: null };
    }
    return {
      revision: Number(row.revision),
      fields: storedFields(row.fields),
      updatedAt: Number(row.updated_at),
      updatedBy: row.updated_by,
    };
  }
  /** Saves the draft if it is still at `revision`; otherwise throws DraftConflict. */
  async function saveDraft(fields: SiteFields, revision: number, by: string): Promise<SiteDraft> {
    const next: SiteDraft = { revision: revision + 1, fields, updatedAt: now(), updatedBy: by };
    const values = {
      revision: next.revision,
      fields: JSON.stringify(fields),
      updated_at: next.updatedAt ?? 0,
      updated_by: by,
    };
    // The one row, made once (by whichever save comes first); every save then updates it.
    await db
      .insertInto('site_draft')
      .values({ id: 1, revision: 0, fields: '{}', updated_at: 0, updated_by: '' })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    const saved = await db
      .updateTable('site_draft')
      .set(values)
      .where('id', '=', 1)
      .where('revision', '=', revision)
      .executeTakeFirst();
    const changed = saved.numUpdatedRows;
    if (Number(changed) !== 1) throw new DraftConflict(await draft());
    return next;
  }

  return {
    draft,
    saveDraft,

    /**
     * Applies what changed (`set` fields, `drop` fields back to the code's) to the draft if it is
     * still at `revision`; otherwise throws DraftConflict. The write is the same compare-and-swap
     * as a whole save, so a patch never lands on a draft it was not made from.
     */
    async patchDraft(patch: DraftPatch, revision: number, by: string): Promise<SiteDraft> {
      const current = await draft();
      if (current.revision !== revision) throw new DraftConflict(current);
      return saveDraft(applyDraftPatch(current.fields, patch), revision, by);
    },
  };
}

/** A photo's media id where a stored value names it: its `mediaId`, or a /media/ address. */
const MEDIA_NAMED = /"mediaId":"([0-9a-f]{16})"|\/media\/([0-9a-f]{16})-/g;

/** Every media id the draft or a version names, read from their stored JSON. */
async function mediaInUse(db: Db): Promise<Set<string>> {
  const draft = await db.selectFrom('site_draft').select('fields').execute();
  const versions = await db.selectFrom('site_versions').select('fields').execute();
  const used = new Set<string>();
  for (const { fields } of [...draft, ...versions]) {
    for (const match of fields.matchAll(MEDIA_NAMED)) used.add(match[1] ?? match[2] ?? '');
  }
  return used;
}

/** The owner's photos as the server made them, one row per file. */
function mediaStore(db: Db, now: () => number) {
  return {
    async saveMedia(mediaId: string, files: readonly MediaFile[]): Promise<void> {
      const createdAt = now();
      await db
        .insertInto('site_media_files')
        .values(
          files.map((file) => ({
            name: file.name,
            media_id: mediaId,
            type: file.type,
            created_at: createdAt,
            content: file.content,
          })),
        )
        // The same photo again (its name is its content's): uploaded now, so kept a full grace.
        .onConflict((conflict) => conflict.column('name').doUpdateSet({ created_at: createdAt }))
        .execute();
    },

    async mediaFile(name: string): Promise<MediaFile | undefined> {
      const row = await db
        .selectFrom('site_media_files')
        .select(['name', 'type', 'content'])
        .where('name', '=', name)
        .executeTakeFirst();
      return row && { name: row.name, type: row.type, content: toBytes(row.content) };
    },

    /**
     * Removes the photos that neither the draft nor any version (every version is kept) names and
     * that were uploaded before `before`; the media ids removed. The names are read after the
     * candidates, so a save made before this pass is seen by it.
     */
    async removeUnusedMedia(before: number): Promise<string[]> {
      const old = await db
        .selectFrom('site_media_files')
        .select('media_id')
        .distinct()
        .where('created_at', '<', before)
        .execute();
      if (old.length === 0) return [];
      const used = await mediaInUse(db);
      const unused = old.map((row) => row.media_id).filter((id) => !used.has(id));
      for (let start = 0; start < unused.length; start += 200) {
        await db
          .deleteFrom('site_media_files')
          .where('media_id', 'in', unused.slice(start, start + 200))
          .where('created_at', '<', before)
          .execute();
      }
      return unused;
    },

    async hasMedia(mediaId: string): Promise<boolean> {
      const row = await db
        .selectFrom('site_media_files')
        .select('name')
        .where('media_id', '=', mediaId)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export function siteStore(database: Database, now: () => number = Date.now) {
  return {
    ...versionStore(database.db, now),
    ...draftStore(database.db, now),
    ...mediaStore(database.db, now),
  };
}

export type SiteStore = ReturnType<typeof siteStore>;
