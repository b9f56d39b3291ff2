import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { safeParse } from 'zod/mini';
import {
  DRAFT_PATCH_LIMIT,
  patchDraftSchema,
  publishSchema,
  saveDraftSchema,
  type DraftConflictError,
  type SavedDraft,
  type ProblemsError,
  type Published,
  type SiteOverview,
  type SitePreview,
  type SiteInstances,
  type SiteVersions,
  type UploadedPhoto,
} from '../../src/admin/site-contract.ts';
import type { PhotoValue } from '../../src/content/site-fields.ts';
import { refuse } from '../guard/refusal.ts';
import { PublishRefused, sitePath } from '../site/live-site.ts';
import { MAX_PHOTO_BYTES, PHOTO_PLACES, PhotoRefused, processPhoto } from '../site/photos.ts';
import { RenderFailed } from '../site/render.ts';
import { draftError, launchChecklist } from '../site/site-content.ts';
import { DraftConflict, type SiteDraft, type SiteFields } from '../site/site-store.ts';
import type { AdminSite } from './admin-context.ts';

/** The site editor's API (src/admin/site-contract.ts), under /admin with the inbox's sign-in. */
export interface SiteRoutesContext extends AdminSite {
  signedIn: RouteShorthandOptions;
  userOf(request: FastifyRequest): { email: string };
}

/** A refused publish or preview as the editor shows it; anything else is the server's. */
function publishError(reply: FastifyReply, error: unknown) {
  if (error instanceof PublishRefused) {
    const status = error.problems.length > 0 ? 422 : 409;
    return refuse(reply, status, error.message, {
      problems: error.problems,
    } satisfies Partial<ProblemsError>);
  }
  if (error instanceof RenderFailed) return refuse(reply, 503, error.message);
  throw error;
}

async function overview(context: SiteRoutesContext): Promise<SiteOverview> {
  const { store } = context;
  const version = await store.latestVersion();
  const live = version > 0 ? await store.version(version) : undefined;
  const published = live?.fields ?? {};
  return {
    live: {
      version,
      publishedAt: live?.publishedAt ?? null,
      publishedBy: live?.publishedBy ?? null,
    },
    published,
    draft: await store.draft(),
    checklist: launchChecklist(published),
  };
}

/** The draft as saved at `revision`, or a 409 when the draft moved on since. */
async function savedDraftAt(context: SiteRoutesContext, revision: number, reply: FastifyReply) {
  const draft = await context.store.draft();
  if (draft.revision === revision) return draft;
  await refuse(reply, 409, 'The draft changed since you loaded it', { current: draft });
  return undefined;
}

/**
 * Whether a photo the fields name is gone (removed unused, media-cleanup.ts, while an editor held
 * it unsaved): saving it would publish a broken image.
 */
async function namesMissingPhoto(store: SiteRoutesContext['store'], fields: SiteFields) {
  const ids = new Set(
    [...JSON.stringify(fields).matchAll(/"mediaId":"([0-9a-f]{16})"/g)].map((match) => match[1]),
  );
  for (const id of ids) if (id && !(await store.hasMedia(id))) return true;
  return false;
}
const PHOTO_GONE = 'A photo in this draft is no longer on the server: upload it again';

/**
 * A version's lines as the history lists them: a whole-site rewrite says 700 and more, and the list
 * holds 50 versions; past MAX_CHANGE_LINES, one line says how many more there are.
 */
const MAX_CHANGE_LINES = 300;
function shortened(changes: readonly string[]): string[] {
  if (changes.length <= MAX_CHANGE_LINES) return [...changes];
  const more = changes.length - MAX_CHANGE_LINES;
  return [...changes.slice(0, MAX_CHANGE_LINES), `… and ${more} more`];
}

/** A save's answer: the new revision, or a 409 with the draft another editor saved since. */
async function savedOr409(reply: FastifyReply, saving: Promise<SiteDraft>) {
  try {
    const saved = await saving;
    return {
      ok: true,
      revision: saved.revision,
      updatedAt: saved.updatedAt ?? 0,
    } satisfies SavedDraft;
  } catch (error) {
    if (!(error instanceof DraftConflict)) throw error;
    const answer: DraftConflictError = {
      ok: false,
      error: 'Someone else saved the draft since you loaded it',
      current: error.current,
    };
    return reply.code(409).send(answer);
  }
}

function draftRoutes(app: FastifyInstance, context: SiteRoutesContext) {
  const { signedIn, store } = context;
  app.get('/api/site', signedIn, () => overview(context));

  app.put('/api/site/draft', signedIn, async (request, reply) => {
    const body = safeParse(saveDraftSchema, request.body);
    if (!body.success) return refuse(reply, 400, 'Send the draft’s revision and its fields');
    const problem = draftError(body.data.fields);
    if (problem) return refuse(reply, 400, problem);
    if (await namesMissingPhoto(store, body.data.fields)) return refuse(reply, 400, PHOTO_GONE);
    const by = context.userOf(request).email;
    return savedOr409(reply, store.saveDraft(body.data.fields, body.data.revision, by));
  });

  // What changed, field by field: a whole-site rewrite is saved in as many patches as it takes,
  // each bounded (DRAFT_PATCH_LIMIT; 413 above it) and each over the revision it was made from.
  app.patch(
    '/api/site/draft',
    {
      ...signedIn,
      bodyLimit: DRAFT_PATCH_LIMIT,
      // The app's own answer names the ordinary limit (32 kB); this route's is its own.
      errorHandler: (error, _request, reply) => {
        if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
        return refuse(reply, 413, `One save can be up to ${DRAFT_PATCH_LIMIT / 1024} KiB`);
      },
    },
    async (request, reply) => {
      const body = safeParse(patchDraftSchema, request.body);
      if (!body.success) return refuse(reply, 400, 'Send the draft’s revision and what changed');
      const problem = draftError(body.data.set);
      if (problem) return refuse(reply, 400, problem);
      if (await namesMissingPhoto(store, body.data.set)) return refuse(reply, 400, PHOTO_GONE);
      const { revision, set, drop } = body.data;
      const by = context.userOf(request).email;
      return savedOr409(reply, store.patchDraft({ set, drop }, revision, by));
    },
  );

  // Which instance serves which version, and why one is behind (server/site/instances.ts).
  app.get('/api/site/instances', signedIn, async (): Promise<SiteInstances> => ({
    instances: (await context.instances?.recent()) ?? [],
  }));
  app.get('/api/site/versions', signedIn, async (): Promise<SiteVersions> => ({
    versions: (await store.versions()).map((version) => ({
      ...version,
      changes: shortened(version.changes),
    })),
  }));
}

const documents = (token: string): SitePreview['documents'] => ({
  en: `/admin/preview/${token}/`,
  es: `/admin/preview/${token}/es/`,
});

function publishRoutes(app: FastifyInstance, context: SiteRoutesContext) {
  const { signedIn, live } = context;

  app.post('/api/site/preview', signedIn, async (request, reply) => {
    const body = safeParse(publishSchema, request.body);
    if (!body.success) return refuse(reply, 400, 'Send the draft’s revision');
    const draft = await savedDraftAt(context, body.data.revision, reply);
    if (!draft) return reply;
    try {
      return {
        ok: true,
        documents: documents(await live.preview(draft.fields)),
      } satisfies SitePreview;
    } catch (error) {
      return publishError(reply, error);
    }
  });

  app.post('/api/site/publish', signedIn, async (request, reply) => {
    const body = safeParse(publishSchema, request.body);
    if (!body.success) return refuse(reply, 400, 'Send the draft’s revision');
    const draft = await savedDraftAt(context, body.data.revision, reply);
    if (!draft) return reply;
    try {
      const by = context.userOf(request).email;
      const done = await live.publish({ fields: draft.fields, by });
      request.log.info({ version: done.version, tookMs: done.tookMs }, 'site published');
      return { ok: true, ...done } satisfies Published;
    } catch (error) {
      request.log.warn({ reason: (error as Error).message }, 'site not published');
      return publishError(reply, error);
    }
  });

  app.get<{ Params: { token: string; '*': string } }>(
    '/preview/:token/*',
    signedIn,
    async (request, reply) => {
      const files = live.previewFiles(request.params.token);
      const file = files?.get(sitePath(`/${request.params['*']}`));
      if (!files) return refuse(reply, 404, 'This preview has expired; make a new one');
      // Previews show in the editor's frame: only this site may frame them.
      reply.header('x-frame-options', 'SAMEORIGIN');
      const policy = String(reply.getHeader('content-security-policy') ?? '');
      reply.header(
        'content-security-policy',
        policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
      );
      // A page the preview did not make again (its scripts, styles, fonts) is the build's.
      if (!file) return reply.redirect(`/${request.params['*']}`, 302);
      return context.sendFile(request, reply, file);
    },
  );
}

function versionRoutes(app: FastifyInstance, context: SiteRoutesContext) {
  const { signedIn, store, live } = context;
  app.post<{ Params: { version: string } }>(
    '/api/site/versions/:version/:action',
    signedIn,
    async (request, reply) => {
      const { action } = request.params as { action: string; version: string };
      const found = /^\d{1,9}$/.test(request.params.version)
        ? await store.version(Number(request.params.version))
        : undefined;
      if (!found || !['preview', 'restore'].includes(action))
        return refuse(reply, 404, 'No such version');
      try {
        if (action === 'preview') {
          return {
            ok: true,
            documents: documents(await live.preview(found.fields)),
          } satisfies SitePreview;
        }
        const by = context.userOf(request).email;
        const done = await live.publish({ fields: found.fields, by, restoredFrom: found.version });
        // The draft follows: what is live is what the next edit starts from.
        const draft = await store.draft();
        await store.saveDraft(found.fields, draft.revision, by).catch(() => undefined);
        return { ok: true, ...done } satisfies Published;
      } catch (error) {
        return publishError(reply, error);
      }
    },
  );
}

/**
 * Photos are made one at a time: a large one holds a few hundred MB and the thread pool while it is
 * made, and two owners' uploads at once must not starve the form posts.
 */
let photoQueue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = photoQueue.then(task, task);
  photoQueue = run.catch(() => undefined);
  return run;
}

function photoRoutes(app: FastifyInstance, context: SiteRoutesContext) {
  app.post('/api/site/photos', context.signedIn, async (request, reply) => {
    if (!request.isMultipart()) return refuse(reply, 415, 'Send the photo as multipart/form-data');
    let place: keyof typeof PHOTO_PLACES | undefined;
    let bytes: Buffer | undefined;
    try {
      for await (const part of request.parts({ limits: { fileSize: MAX_PHOTO_BYTES, files: 1 } })) {
        if (
          part.type === 'field' &&
          part.fieldname === 'place' &&
          String(part.value) in PHOTO_PLACES
        ) {
          place = String(part.value) as keyof typeof PHOTO_PLACES;
        } else if (part.type === 'file') {
          bytes = await part.toBuffer();
        }
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') {
        return refuse(
          reply,
          413,
          `This file is larger than ${MAX_PHOTO_BYTES / 1024 / 1024} MB; photos can be up to 20 MB.`,
        );
      }
      return refuse(reply, 400, 'The upload was cut off or malformed; try again');
    }
    if (!place) return refuse(reply, 400, 'Say where the photo goes: hero or portrait');
    if (!bytes) return refuse(reply, 400, 'Choose a photo to upload');
    try {
      const made = await oneAtATime(() => processPhoto(bytes, PHOTO_PLACES[place]));
      await context.store.saveMedia(made.mediaId, made.files);
      request.log.info({ mediaId: made.mediaId, place }, 'site photo uploaded');
      const photo: PhotoValue = {
        mediaId: made.mediaId,
        image: made.image,
        focus: { x: 50, y: 50 },
      };
      return { ok: true, photo } satisfies UploadedPhoto;
    } catch (error) {
      if (error instanceof PhotoRefused) return refuse(reply, 422, error.message);
      throw error;
    }
  });
}

export function siteRoutes(app: FastifyInstance, context: SiteRoutesContext) {
  draftRoutes(app, context);
  publishRoutes(app, context);
  versionRoutes(app, context);
  photoRoutes(app, context);
}
