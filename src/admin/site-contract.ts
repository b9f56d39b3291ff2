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

/** PUT /admin/api/site/draft → SavedDraft, or 409 DraftConflictError. */
export const saveDraftSchema = z.strictObject({
  revision: z.number().int().min(0),
  fields: z.record(z.string().max(200), z.unknown()),
});
export type SaveDraftBody = z.infer<typeof saveDraftSchema>;

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
