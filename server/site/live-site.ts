/**
 * The published site this instance serves: the owner's documents in memory over the build's
 * (an empty set while nothing is published, so a fresh install serves the build as it is).
 * A publish makes every document first and switches them in with one assignment, so no request
 * fails during it and none gets a mix of two versions. Every instance looks for a newer version
 * in the database every few seconds and makes it the same way; until it serves the newest, it is
 * not ready (/readyz) and says why, here and in the database (instances.ts).
 */
import { randomBytes } from 'node:crypto';
import { NOTHING_PUBLISHED, type PublishedVersion } from '../../src/content/published.ts';
import { heldVersions } from './held-versions.ts';
import type { InstanceState, InstanceStore } from './instances.ts';
import { defaultRenderer, renderSite, type SiteFile, type SiteFiles } from './render.ts';
import { describeChanges } from './describe-changes.ts';
import { publishProblems, runtimeContent, type PublishProblem } from './site-content.ts';
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
  /** Where this instance reports what it serves, for the site editor (none: not reported). */
  instances?: InstanceStore;
  log?: {
    warn(fields: object, message: string): void;
    info(fields: object, message: string): void;
  };
}

interface Live {
  version: number;
  /** The version its files were made from (the e-mails and deadlines read `newest`, below). */
  published: PublishedVersion;
  files: SiteFiles;
}

const PREVIEW_LIFETIME_MS = 30 * 60 * 1000;
const MAX_PREVIEWS = 8;
/** A version this instance could not make is tried again this often, not at every look. */
const RETRY_MS = 10_000;
/** An unchanged state is written to the database this often: the instance's heartbeat. */
const HEARTBEAT_MS = 10_000;

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

/**
 * The documents of `published`: none for no field (the build's are served). `version` is written
 * into the documents, for the app to ask for its own version's pieces (none for a preview).
 */
async function filesOf(
  published: PublishedVersion,
  options: LiveSiteOptions,
  version?: number,
): Promise<SiteFiles> {
  const changed = [published.facts, published.en, published.es].some((f) => Object.keys(f).length);
  if (!changed) return new Map();
  const renderer = options.renderer ?? defaultRenderer();
  const timeoutMs = options.renderTimeoutMs;
  return renderSite(published, {
    renderer,
    ...(timeoutMs ? { timeoutMs } : {}),
    ...(version !== undefined ? { version } : {}),
  });
}

/** What a request for a version's piece gets: its file, the build's, or "that version is gone". */
export type PinnedFile = { file: SiteFile } | { build: true } | { gone: true };

/** Why an instance is not ready, from what it serves and what it knows; undefined when it is. */
export function notServingBecause(state: InstanceState & { checked: boolean }) {
  if (!state.checked) return 'the published site was not looked up yet';
  if (state.served >= state.latest) return undefined;
  const behind = `serves site version ${state.served}, not the published ${state.latest}`;
  return state.error ? `${behind}: ${publicReason(state.error)}` : `${behind} (making it)`;
}

/**
 * A render's failure as /readyz says it to anyone: the server's own words (took too long, the
 * renderer missing), never a worker's error text, which may name files; the log and the site
 * editor's list of instances have that.
 */
function publicReason(error: string): string {
  const own = [
    /^Making the pages took too long$/,
    /^The site renderer is missing/,
    /^Making the pages stopped \(exit code -?\d+\)$/,
  ];
  return own.some((words) => words.test(error))
    ? error
    : 'Making the pages failed (the server log says why)';
}

/**
 * What this instance knows of the site's versions, and its heartbeat: written to the database
 * when it changes, and every HEARTBEAT_MS all the same.
 */
function versionState(options: LiveSiteOptions) {
  const state = { checked: false, served: 0, latest: 0, error: null as string | null };
  let reported = { text: '', at: 0 };
  return {
    state,
    /** Writes the state to the database when it changed or the last write is old. */
    async report(): Promise<void> {
      const { served, latest, error } = state;
      const text = JSON.stringify({ served, latest, error });
      if (!options.instances || (text === reported.text && Date.now() - reported.at < HEARTBEAT_MS))
        return;
      reported = { text, at: Date.now() };
      await options.instances.report({ served, latest, error });
    },
  };
}

/** Runs tasks one at a time: each waits for the one before it. */
function serialQueue() {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };
}

/** The files this instance serves: the live version's, and the last few versions' pieces. */
function servedFiles(state: InstanceState) {
  let live: Live = { version: 0, published: NOTHING_PUBLISHED, files: new Map() };
  const held = heldVersions();
  return {
    live: () => live,
    goLive(version: number, published: PublishedVersion, files: SiteFiles) {
      live = { version, published, files };
      held.keep(version, files);
      Object.assign(state, {
        checked: true,
        served: version,
        latest: Math.max(state.latest, version),
        error: null,
      });
    },
    /** The live file at a site path (`index.html`, `es/pages/team.html`), if the owner's. */
    file: (sitePath: string): SiteFile | undefined =>
      live.files.get(sitePath) ?? held.hashed(sitePath),
    /** `version`'s piece at `sitePath` (a page fragment a document of that version asks for). */
    pinnedFile(sitePath: string, version: number): PinnedFile {
      const files = version === live.version ? live.files : undefined;
      const file = files ? files.get(sitePath) : held.file(version, sitePath);
      if (file) return { file };
      if (version === 0 || files || held.has(version)) return { build: true };
      return { gone: true };
    },
  };
}

/** Makes the newest version live every `pollMs`, then says so in the database; returns the stop. */
function watchVersions(
  sync: () => Promise<unknown>,
  report: () => Promise<void>,
  options: LiveSiteOptions,
) {
  const warn = (message: string) => (error: unknown) =>
    options.log?.warn({ error: (error as Error).message }, message);
  return repeat(async () => {
    await sync().catch(warn('site version check failed'));
    await report().catch(warn('site state not reported'));
  }, options.pollMs ?? 2000);
}

/** Makes the newest version in the database live here, if it is not yet; one at a time. */
function versionSync(
  options: LiveSiteOptions,
  state: InstanceState & { checked: boolean },
  served: ReturnType<typeof servedFiles>,
  serial: ReturnType<typeof serialQueue>,
  newest: { published: PublishedVersion },
): () => Promise<number> {
  const { store } = options;
  let failed = { version: 0, at: 0 };
  return () =>
    serial(async () => {
      const latest = await store.latestVersion();
      state.latest = latest;
      state.checked = true;
      if (latest === served.live().version) return latest;
      // A version this instance could not make is tried again after a while, not at every look.
      if (failed.version === latest && Date.now() - failed.at < RETRY_MS) {
        return served.live().version;
      }
      const version = await store.version(latest);
      try {
        const published = runtimeContent(version?.fields ?? {}, latest || null);
        // The words are known before the pages are made: the e-mails and deadlines use them even
        // while this instance cannot make the pages (it is unready then, and says why).
        newest.published = published;
        served.goLive(latest, published, await filesOf(published, options, latest));
      } catch (error) {
        failed = { version: latest, at: Date.now() };
        state.error = (error as Error).message;
        throw error;
      }
      options.log?.info({ version: latest }, 'site version live');
      return latest;
    });
}

export function liveSite(options: LiveSiteOptions) {
  const { store } = options;
  const { state, report } = versionState(options);
  const served = servedFiles(state);
  const previews = previewCache();
  const serial = serialQueue();
  let stop = () => {};

  const newest = { published: NOTHING_PUBLISHED };
  const sync = versionSync(options, state, served, serial, newest);

  /** Publishes `fields` as the next version: checked, made, recorded, then switched in. */
  function publish(entry: { fields: SiteFields; by: string; restoredFrom?: number }) {
    return serial(async () => {
      const started = Date.now();
      const { after, changes } = await nextVersion(store, entry);
      // The next version's number is written into its documents (site-store's addVersion).
      const published = runtimeContent(entry.fields, after + 1);
      const files = await filesOf(published, options, after + 1);
      const version = await store.addVersion({ ...entry, after, changes }).catch(() => {
        throw new PublishRefused('Someone published at the same moment; reload and try again');
      });
      served.goLive(version, published, files);
      newest.published = published;
      void report().catch(() => undefined);
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
      return served.live().version;
    },
    /**
     * The newest published version as a value, for the e-mails, the answer pages and the
     * deadlines: known as soon as it is read, even while its pages cannot be made here (the code's
     * content while nothing is published).
     */
    published: (): PublishedVersion => newest.published,
    sync,
    publish,
    preview,
    file: served.file,
    pinnedFile: served.pinnedFile,
    /** A preview's file; for a preview of nothing, the build's (undefined: not this token). */
    previewFiles: previews.get,
    /** Why this instance is not ready to serve the site (undefined: it serves the newest). */
    notReadyBecause: () => notServingBecause(state),
    /**
     * Whether it would serve the build's placeholders where the owner published a version: a
     * document then is better refused (503) than wrong.
     */
    servesPlaceholders: () => served.live().version === 0 && state.latest > 0,
    /** Looks for versions published elsewhere every `pollMs` (default 2 s), and reports. */
    start() {
      stop = watchVersions(sync, report, options);
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
