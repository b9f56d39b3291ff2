/** The inbox's calls to `/admin/api/`; the session cookie goes along by itself (same origin). */
import type {
  AdminError,
  DisplayNameBody,
  ReplyComposer,
  ReplyTemplateBody,
  ReplyTemplates,
  SendReplyBody,
  InboxPage,
  MailKind,
  ErasePersonBody,
  PersonErased,
  PersonMatches,
  PushDevice,
  PushDeviceBody,
  PushState,
  RetentionConfirmBody,
  RetentionConfirmed,
  RetentionInfo,
  SendAgainBody,
  SessionInfo,
  SetupBody,
  SubmissionDetail,
  UpdateSubmissionBody,
  WeeklyEmailSetting,
  WeeklyPicture,
} from './contract';
import type {
  Published,
  PatchDraftBody,
  SavedDraft,
  SiteOverview,
  SiteInstances,
  SitePreview,
  SiteVersions,
  UploadedPhoto,
} from './site-contract';
import type { PhotoPlaceName } from '../content/site-fields';
import { isNetworkFailure, reportReached } from './shared/connection';

const BASE = '/admin/api';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<AdminError>,
    /** Seconds, from a 429's Retry-After. */
    readonly retryAfter?: number,
  ) {
    super(body.error ?? `HTTP ${status}`);
  }
}

/** Called on every 401 after sign-in: the session ended (expired, signed out elsewhere, reset). */
let onSignedOut: (error: ApiError) => void = () => {};
export function whenSignedOut(handler: (error: ApiError) => void) {
  onSignedOut = handler;
}

/** A call to the inbox's API (exported for a feature's own client: src/admin/site/mail-check-api.ts). */
export async function call<T>(
  path: string,
  init: RequestInit & { json?: unknown } = {},
  { reportSignOut = true } = {},
): Promise<T> {
  const { json, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(`${BASE}${path}`, {
      ...rest,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
  } catch (error) {
    // Offline, or the server out of reach: the frame says so (shared/connection.ts).
    if (isNetworkFailure(error)) reportReached(false);
    throw error;
  }
  reportReached(true);
  const body: unknown = await response.json().catch(() => ({}));
  if (response.ok) return body as T;
  const retryAfter = Number(response.headers.get('retry-after')) || undefined;
  const error = new ApiError(response.status, body as Partial<AdminError>, retryAfter);
  if (response.status === 401 && reportSignOut) onSignedOut(error);
  throw error;
}

export const adminApi = {
  session: () => call<SessionInfo>('/session', {}, { reportSignOut: false }),
  /** With `code` in the second step of a two-step sign-in (a 401 with `codeNeeded` asks for it). */
  signIn: (email: string, password: string, code?: string) =>
    call<SessionInfo>(
      '/sign-in',
      { method: 'POST', json: { email, password, ...(code === undefined ? {} : { code }) } },
      { reportSignOut: false },
    ),
  /** The first account, with the server's setup code; signs it in (docs/inbox.md, "The first account"). */
  setup: (body: SetupBody) =>
    call<SessionInfo>('/setup', { method: 'POST', json: body }, { reportSignOut: false }),
  signOut: () => call<{ ok: true }>('/sign-out', { method: 'POST' }, { reportSignOut: false }),
  /** Ends every session of the account and makes every device cookie a stranger's. */
  signOutEverywhere: () =>
    call<{ ok: true }>('/sign-out-everywhere', { method: 'POST' }, { reportSignOut: false }),
  submissions: (query: URLSearchParams, signal?: AbortSignal) =>
    call<InboxPage>(`/submissions?${query}`, signal ? { signal } : {}),
  submission: (id: string, signal?: AbortSignal) =>
    call<SubmissionDetail>(`/submissions/${encodeURIComponent(id)}`, signal ? { signal } : {}),
  update: (id: string, change: UpdateSubmissionBody) =>
    call<SubmissionDetail>(`/submissions/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      json: change,
    }),
  /** 'Send again': a given-up e-mail of the submission queued anew; answers its detail. */
  sendAgain: (id: string, kind: MailKind) =>
    call<SubmissionDetail>(`/submissions/${encodeURIComponent(id)}/send-again`, {
      method: 'POST',
      json: { kind } satisfies SendAgainBody,
    }),
  weekly: (signal?: AbortSignal) => call<WeeklyPicture>('/weekly', signal ? { signal } : {}),
  exportUrl: (query: URLSearchParams) => `${BASE}/export.csv?${query}`,
  attachmentUrl: (submissionId: string, attachmentId: number) =>
    `${BASE}/submissions/${encodeURIComponent(submissionId)}/attachments/${attachmentId}`,
  /** The retention policy in force and the latest erasures. */
  retention: () => call<RetentionInfo>('/retention'),
  /** Lets the held retention pass (its `at`) go on; 409 when it is no longer waiting. */
  confirmRetention: (at: number) =>
    call<RetentionConfirmed>('/retention/confirm', {
      method: 'POST',
      json: { at } satisfies RetentionConfirmBody,
    }),
  /** Every submission with the same e-mail or phone as this one. */
  person: (id: string) => call<PersonMatches>(`/submissions/${encodeURIComponent(id)}/person`),
  /** Erases exactly the listed submissions (`ids`, as `person` gave them), not a new search's. */
  erasePerson: (id: string, ids: readonly string[]) =>
    call<PersonErased>(`/submissions/${encodeURIComponent(id)}/person/erase`, {
      method: 'POST',
      json: { ids: [...ids] } satisfies ErasePersonBody,
    }),
  personExportUrl: (id: string) => `${BASE}/submissions/${encodeURIComponent(id)}/person/export`,
};

/** The replies' calls (docs/replies.md): the composer, sending, and the templates. */
export const repliesApi = {
  /** What the composer starts from: address, subject, language, the form's templates filled in. */
  composer: (id: string) => call<ReplyComposer>(`/submissions/${encodeURIComponent(id)}/reply`),
  /** Queues a reply in the outbox; answers the submission's detail (429, 409, 503 refuse it). */
  send: (id: string, body: SendReplyBody) =>
    call<SubmissionDetail>(`/submissions/${encodeURIComponent(id)}/replies`, {
      method: 'POST',
      json: body,
    }),
  /** 'Send again': a reply's given-up e-mail queued anew; answers the submission's detail. */
  sendAgain: (id: string, replyId: number) =>
    call<SubmissionDetail>(`/submissions/${encodeURIComponent(id)}/replies/${replyId}/send-again`, {
      method: 'POST',
    }),
  templates: () => call<ReplyTemplates>('/reply-templates'),
  addTemplate: (body: ReplyTemplateBody) =>
    call<ReplyTemplates>('/reply-templates', { method: 'POST', json: body }),
  updateTemplate: (id: number, body: ReplyTemplateBody) =>
    call<ReplyTemplates>(`/reply-templates/${id}`, { method: 'PUT', json: body }),
  deleteTemplate: (id: number) =>
    call<ReplyTemplates>(`/reply-templates/${id}`, { method: 'DELETE' }),
  setDisplayName: (body: DisplayNameBody) =>
    call<unknown>('/account/display-name', { method: 'PUT', json: body }),
};

/** The signed-in account's weekly e-mail (docs/visits.md#the-weekly-e-mail). */
export const weeklyEmailApi = {
  get: (signal?: AbortSignal) =>
    call<WeeklyEmailSetting>('/weekly-email', signal ? { signal } : {}),
  set: (setting: WeeklyEmailSetting) =>
    call<WeeklyEmailSetting>('/weekly-email', { method: 'PUT', json: setting }),
};

/** The site editor's calls (src/admin/site-contract.ts). */
export const siteApi = {
  overview: () => call<SiteOverview>('/site'),
  /** 409 with the other editor's draft when it moved on since `revision`. */
  /** What changed since `revision` (one of draftPatches' patches). */
  patchDraft: (body: PatchDraftBody) =>
    call<SavedDraft>('/site/draft', { method: 'PATCH', json: body }),
  /** Multipart, `place` before `file`; the browser sets the Content-Type and its boundary. */
  uploadPhoto: (place: PhotoPlaceName, file: File) => {
    const form = new FormData();
    form.append('place', place);
    form.append('file', file);
    return call<UploadedPhoto>('/site/photos', { method: 'POST', body: form });
  },
  preview: (revision: number) =>
    call<SitePreview>('/site/preview', { method: 'POST', json: { revision } }),
  publish: (revision: number) =>
    call<Published>('/site/publish', { method: 'POST', json: { revision } }),
  versions: () => call<SiteVersions>('/site/versions'),
  previewVersion: (version: number) =>
    call<SitePreview>(`/site/versions/${version}/preview`, { method: 'POST' }),
  restoreVersion: (version: number) =>
    call<Published>(`/site/versions/${version}/restore`, { method: 'POST' }),
  instances: () => call<SiteInstances>('/site/instances'),
};

/** Alerts on the owner's devices (docs/push.md): the key to subscribe with, the devices, on and off. */
export const pushApi = {
  state: (signal?: AbortSignal) => call<PushState>('/push', signal ? { signal } : {}),
  /** This browser's subscription; 422 when its endpoint is not a push service's. */
  addDevice: (body: PushDeviceBody) =>
    call<PushDevice>('/push/devices', { method: 'POST', json: body }),
  removeDevice: (id: number) => call<unknown>(`/push/devices/${id}`, { method: 'DELETE' }),
};
