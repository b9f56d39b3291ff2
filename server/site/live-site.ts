/**
 * The published site this instance serves: the owner's documents in memory over the build's
 * (an empty set while nothing is published, so a fresh install serves the build as it is).
 * A publish makes every document first and switches them in with one assignment, so no request
 * fails during it and none gets a mix of two versions. Every instance looks for a newer version
 * in the database every few seconds and makes it the same way.
 */
import { randomBytes } from 'node:crypto';
import { NOTHING_PUBLISHED, type PublishedVersion } from '../../src/content/published.ts';
import { defaultRenderer, renderSite, type SiteFile, type SiteFiles } from './render.ts';
import {
  describeChanges,
  publishProblems,
  runtimeContent,
  type PublishProblem,
} from './site-content.ts';
import type { SiteFields, SiteStore } from './site-store.ts';

export class PublishRefused extends Error {
  constructor(
    message: string,
    readonly problems: PublishProblem[] = [],
  ) {
    super(message);
  }
}

export interface LiveSiteOptions {
  store: SiteStore;
  /** The renderer's bundle (default: render-site.js beside the server's bundle). */
  renderer?: string;
  /** How often to look for a version published by another instance. */
  pollMs?: number;
  /** A publish whose pages take longer fails, and the site stays as it was. */
  renderTimeoutMs?: number;
  log?: {
    warn(fields: object, message: string): void;
    info(fields: object, message: string): void;
  };
}

interface Live {
  version: number;
  /** The live version as a value: what the e-mails, deadlines and answer pages read. */
  published: PublishedVersion;
  files: SiteFiles;
}

const PREVIEW_LIFETIME_MS = 30 * 60 * 1000;
const MAX_PREVIEWS = 8;
const RETRY_MS = 60_000;

/** Rendered previews, each under a random token, for half an hour (the last few only). */
function previewCache() {
  const previews = new Map<string, { files: SiteFiles; expires: number }>();
  return {
    add(files: SiteFiles): string {
      const token = randomBytes(16).toString('hex');
      const now = Date.now();
      for (const [key, entry] of previews) if (entry.expires < now) previews.delete(key);
      while (previews.size >= MAX_PREVIEWS) previews.delete(previews.keys().next().value ?? '');
      previews.set(token, { files, expires: now + PREVIEW_LIFETIME_MS });
      return token;
    },
    get: (token: string): SiteFiles | undefined => {
      const entry = previews.get(token);
      return entry && entry.expires >= Date.now() ? entry.files : undefined;
    },
  };
}

/** Calls `task` every `everyMs` after the one before has ended; returns how to stop. */
function repeat(task: () => Promise<unknown>, everyMs: number) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = () => {
    void task().finally(() => {
      if (stopped) return;
      timer = setTimeout(tick, everyMs);
      timer.unref();
    });
  };
  tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** The version a publish of `entry` makes: checked, after the newest, with its changes in words. */
async function nextVersion(
  store: SiteStore,
  entry: { fields: SiteFields; restoredFrom?: number },
): Promise<{ after: number; changes: string[] }> {
  const found = publishProblems(entry.fields);
  if (found.length > 0) throw new PublishRefused('Some fields need attention', found);
  const after = await store.latestVersion();
  const before = after > 0 ? ((await store.version(after))?.fields ?? {}) : {};
  const changes = describeChanges(before, entry.fields);
  if (changes.length === 0 && entry.restoredFrom === undefined) {
    throw new PublishRefused('Nothing to publish: the draft is what the site shows');
  }
  return { after, changes };
}

/** The newest published version in the database, as a value (the code's when there is none). */
export async function latestPublished(
  store: Pick<SiteStore, 'latestVersion' | 'version'>,
): Promise<PublishedVersion> {
  const latest = await store.latestVersion();
  if (latest === 0) return NOTHING_PUBLISHED;
  return runtimeContent((await store.version(latest))?.fields ?? {}, latest);
}

/** Version `latest` of the database (0: none), as a value, with its documents. */
async function liveOf(latest: number, options: LiveSiteOptions): Promise<Live> {
  const version = latest === 0 ? undefined : await options.store.version(latest);
  const published = runtimeContent(version?.fields ?? {}, latest || null);
  return { version: latest, published, files: await filesOf(published, options) };
}

/** The documents of `published`: none for no field (the build's are served). */
async function filesOf(published: PublishedVersion, options: LiveSiteOptions): Promise<SiteFiles> {
  const changed = [published.facts, published.en, published.es].some((f) => Object.keys(f).length);
  if (!changed) return new Map();
  const renderer = options.renderer ?? defaultRenderer();
  const timeoutMs = options.renderTimeoutMs;
  return renderSite(published, { renderer, ...(timeoutMs ? { timeoutMs } : {}) });
}

export function liveSite(options: LiveSiteOptions) {
  const { store } = options;
  let live: Live = { version: 0, published: NOTHING_PUBLISHED, files: new Map() };
  const previews = previewCache();
  let queue: Promise<unknown> = Promise.resolve();
  let stop = () => {};

  /** One render at a time: each waits for the one before it. */
  function serial<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  }

  /** Makes the newest version in the database live here, if it is not yet. */
  let failed = { version: 0, at: 0 };
  function sync(): Promise<number> {
    return serial(async () => {
      const latest = await store.latestVersion();
      if (latest === live.version) return latest;
      // A version this instance could not make is tried again once a minute, not at every look.
      if (failed.version === latest && Date.now() - failed.at < RETRY_MS) return live.version;
      live = await liveOf(latest, options).catch((error: unknown) => {
        failed = { version: latest, at: Date.now() };
        throw error;
      });
      options.log?.info({ version: latest }, 'site version live');
      return latest;
    });
  }

  /** Publishes `fields` as the next version: checked, made, recorded, then switched in. */
  function publish(entry: { fields: SiteFields; by: string; restoredFrom?: number }) {
    return serial(async () => {
      const started = Date.now();
      const { after, changes } = await nextVersion(store, entry);
      const published = runtimeContent(entry.fields, after + 1);
      const files = await filesOf(published, options);
      const version = await store.addVersion({ ...entry, after, changes }).catch(() => {
        throw new PublishRefused('Someone published at the same moment; reload and try again');
      });
      live = { version, published, files };
      return { version, tookMs: Date.now() - started };
    });
  }

  /** Makes `fields` into documents served only to signed-in owners, under a new token. */
  async function preview(fields: SiteFields): Promise<string> {
    const found = publishProblems(fields);
    if (found.length > 0) throw new PublishRefused('Some fields need attention', found);
    return previews.add(await serial(() => filesOf(runtimeContent(fields, null), options)));
  }

  return {
    get version() {
      return live.version;
    },
    /** The live version as a value (the code's content while nothing is published). */
    published: (): PublishedVersion => live.published,
    sync,
    publish,
    preview,
    /** The live file at a site path (`index.html`, `es/pages/team.html`), if the owner's. */
    file: (sitePath: string): SiteFile | undefined => live.files.get(sitePath),
    /** A preview's file; for a preview of nothing, the build's (undefined: not this token). */
    previewFiles: previews.get,
    /** Looks for versions published elsewhere every `pollMs` (default 2 s). */
    start() {
      stop = repeat(
        () =>
          sync().catch((error: unknown) =>
            options.log?.warn({ error: (error as Error).message }, 'site version check failed'),
          ),
        options.pollMs ?? 2000,
      );
    },
    stop: () => stop(),
  };
}

export type LiveSite = ReturnType<typeof liveSite>;

/** The path of the site a URL asks for: `/` is `index.html`, `/es/` is `es/index.html`. */
export function sitePath(url: string): string {
  const pathname = decodeURIComponent(url.split(/[?#]/, 1)[0] ?? '/');
  const file = pathname.endsWith('/') ? `${pathname}index.html` : pathname;
  return file.replace(/^\/+/, '');
}
