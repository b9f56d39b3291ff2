/**
 * The site editor's API (/admin/#/site), shared by the server (server/admin/site-routes.ts) and the
 * editor (src/admin/site/). Fields are keyed `<part>/<path>` (src/content/site-parts.ts) and hold
 * stored values (src/content/site-fields.ts): only what the owner changed from the code.
 */
import { z } from 'zod';
import type { PhotoValue } from '../content/site-fields';
import type { Language } from '../content/site-values';

export type SiteFields = Record<string, unknown>;

/** GET /admin/api/site */
export interface SiteOverview {
  live: { version: number; publishedAt: number | null; publishedBy: string | null };
  /** The live version's fields (empty while nothing is published). */
  published: SiteFields;
  draft: {
    /** Sent back with a save: a save made from an older revision is refused (409). */
    revision: number;
    fields: SiteFields;
    updatedAt: number | null;
    updatedBy: string | null;
  };
  /** Placeholders still in place on the live site. */
  checklist: { key: string; label: string }[];
}

/**
 * PUT /admin/api/site/draft → SavedDraft, or 409 DraftConflictError: replaces the whole draft
 * (scripts and tests; bounded by the server's ordinary body limit).
 */
export const saveDraftSchema = z.strictObject({
  revision: z.number().int().min(0),
  fields: z.record(z.string().max(200), z.unknown()),
});
export type SaveDraftBody = z.infer<typeof saveDraftSchema>;

/**
 * The most one PATCH of the draft may weigh (bytes of JSON): the server refuses more (413). The
 * editor sends its changes in patches of at most DRAFT_PATCH_BUDGET, so a draft of any size is
 * saved in as many requests as it takes; a budget below the limit leaves room for one field that
 * alone is larger than the budget (a long list sent whole).
 */
export const DRAFT_PATCH_LIMIT = 256 * 1024;
export const DRAFT_PATCH_BUDGET = 64 * 1024;

/**
 * PATCH /admin/api/site/draft → SavedDraft, or 409 DraftConflictError: what changed since
 * `revision`, field by field: `set` the fields given, `drop` the fields back to the code's.
 */
export const patchDraftSchema = z.strictObject({
  revision: z.number().int().min(0),
  set: z.record(z.string().max(200), z.unknown()),
  drop: z.array(z.string().max(200)).max(5000),
});
export type PatchDraftBody = z.infer<typeof patchDraftSchema>;

export type DraftPatch = Pick<PatchDraftBody, 'set' | 'drop'>;

/** `fields` with a patch applied: what the server stores, and what the editor then holds. */
export function applyDraftPatch(fields: SiteFields, patch: DraftPatch): SiteFields {
  const dropped = new Set(patch.drop);
  const kept = Object.entries(fields).filter(([key]) => !dropped.has(key));
  return { ...Object.fromEntries(kept), ...patch.set };
}

const bytesOf = (value: unknown) => new TextEncoder().encode(JSON.stringify(value) ?? '').length;

/**
 * What changed from `saved` to `next`, field by field, packed into patches of at most
 * DRAFT_PATCH_BUDGET bytes each (a field larger than that goes alone). No change, no patch.
 */
export function draftPatches(saved: SiteFields, next: SiteFields): DraftPatch[] {
  const changes = [
    ...Object.keys(saved)
      .filter((key) => !Object.hasOwn(next, key))
      .map((key) => ({ key, drop: true, value: undefined as unknown, bytes: bytesOf(key) + 1 })),
    ...Object.entries(next)
      .filter(([key, value]) => JSON.stringify(saved[key]) !== JSON.stringify(value))
      .map(([key, value]) => ({
        key,
        drop: false,
        value,
        bytes: bytesOf(key) + bytesOf(value) + 2,
      })),
  ];
  const patches: DraftPatch[] = [];
  let patch: DraftPatch | undefined;
  let used = 0;
  for (const change of changes) {
    if (!patch || used + change.bytes > DRAFT_PATCH_BUDGET) {
      patch = { set: {}, drop: [] };
      patches.push(patch);
      used = 0;
    }
    if (change.drop) patch.drop.push(change.key);
    else patch.set[change.key] = change.value;
    used += change.bytes;
  }
  return patches;
}

export interface SavedDraft {
  ok: true;
  revision: number;
  updatedAt: number;
}

export interface DraftConflictError {
  ok: false;
  error: string;
  /** The draft as the other editor saved it. */
  current: SiteOverview['draft'];
}

/** A rule a field breaks, in the owner's words (422 of a preview or a publish). */
export interface SiteProblem {
  key: string;
  label: string;
  message: string;
  language?: Language;
}

export interface ProblemsError {
  ok: false;
  error: string;
  problems: SiteProblem[];
}

/** POST /admin/api/site/photos (multipart: `place` = hero | portrait, then `file`). */
export interface UploadedPhoto {
  ok: true;
  photo: PhotoValue;
}

/** POST /admin/api/site/preview { revision } (the saved draft), or …/versions/:n/preview. */
export interface SitePreview {
  ok: true;
  /** Addresses of the two documents as they will be (signed-in only). */
  documents: Record<Language, string>;
}

/** POST /admin/api/site/publish { revision }, or …/versions/:n/restore. */
export const publishSchema = z.strictObject({ revision: z.number().int().min(0) });
export type PublishBody = z.infer<typeof publishSchema>;

export interface Published {
  ok: true;
  version: number;
  /** How long the pages took to make and switch in, in ms. */
  tookMs: number;
}

/** GET /admin/api/site/versions */
export interface SiteVersions {
  versions: {
    version: number;
    publishedAt: number;
    publishedBy: string;
    changes: string[];
    restoredFrom: number | null;
  }[];
}

/** One running instance of the server, as it last reported what it serves (server/site/instances.ts). */
export interface SiteInstance {
  id: string;
  /** Host name and process. */
  label: string;
  /** The version it serves (0: the build's pages). */
  served: number;
  /** The newest version it knew of. */
  latest: number;
  /** Why it does not serve `latest`, when it tried and failed. */
  error: string | null;
  seenAt: number;
}

/** GET /admin/api/site/instances: the instances heard from lately, the ones behind first. */
export interface SiteInstances {
  instances: SiteInstance[];
}
