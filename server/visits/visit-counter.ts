/**
 * The counter (README.md): a view is put in memory on the request's path (no await, never a
 * throw); every second, or at 200 views, they are written in chunks of at most CHUNK views, one
 * transaction each on both engines (SQLite's group commit may join one with other writes), the
 * event loop free between two chunks: on SQLite @libsql/client runs a transaction synchronously
 * on the main thread, commit included, and a page request that arrives meanwhile waits for it.
 * Each visitor's day and each page's views are upserted. Counts are not worth a crash or a slow
 * page: a chunk that fails is tried once more with the next flush, then dropped, and the log says
 * so (no data in it, only counts and codes); the other chunks are written all the same.
 */
import { sql } from 'kysely';
import type { Engine, Query } from '../db/engine.ts';
import { clientKey } from '../guard/client-key.ts';
import type { Business } from '../../src/content/business.ts';
import type { SubmissionVisit, VisitPage } from '../../src/admin/contract.ts';
import { pathOfPage } from './visit-pages.ts';
import type { PendingView, VisitClient, VisitCounter } from './visit-types.ts';
import { businessDay, visitorKey, visitSalts, type VisitSalts } from './visitor-key.ts';
import { SOURCE_KINDS } from '../../src/admin/contract.ts';

export interface VisitCounterOptions {
  engine: Engine;
  /** The live version's facts: its time zone is the day's clock. */
  business: () => Pick<Business, 'timeZone'>;
  log: { warn(fields: object, message: string): void };
  /** A write every this long (1 s). */
  everyMs?: number;
  /** Or as soon as this many are waiting (200). */
  batchSize?: number;
  /** Views kept waiting at most; more are dropped (10 000). */
  maxPending?: number;
  /** Views per transaction at most (CHUNK). */
  chunkSize?: number;
}

/**
 * Views per transaction at most. On SQLite a chunk holds the event loop about 0.3 ms (begin, the
 * commit and its fsync) plus 0.02 ms a view: measured alone, 8 views 0.4 ms at p50 and 0.7 at p90,
 * 16 views 0.6 and 0.9; a flush's longest chunk 0.8 ms at p50 (docs/figures.md, "visits"), under
 * the 1 ms. An fsync the disk is slow to answer costs more whatever the chunk's size.
 */
export const CHUNK = 8;

/** The pages that are a form: a visitor who saw one "saw a form". */
const FORM_PAGES: readonly VisitPage[] = ['quote', 'application'];

const VISIT_PAGES: readonly VisitPage[] = [
  'home',
  'team',
  'contact',
  'quote',
  'application',
  'privacy',
];

/** The same visitor: one network, one browser. */
const sameClient = (a: VisitClient, b: VisitClient) =>
  a.userAgent === b.userAgent && clientKey(a.address) === clientKey(b.address);

/** One view ready to write: its day and visitor's key made. */
interface Keyed {
  view: PendingView;
  day: string;
  visitor: string;
}

/** The statement that writes one view, start or move into its visitor's day. */
function visitorQuery(engine: Engine, { view, day, visitor }: Keyed): Query {
  const form = FORM_PAGES.includes(view.page) ? 1 : 0;
  const text = (value: string) => engine.typed(value, 'text');
  if (view.kind === 'start') {
    return sql`UPDATE visitor_days SET started = 1, saw_form = 1
      WHERE day = ${text(day)} AND visitor = ${text(visitor)}`;
  }
  if (view.kind === 'moved') {
    // The view the server counted showed another page: the visitor's entry is that page when it
    // was the only view; a form page shown is a form seen.
    return sql`UPDATE visitor_days SET
        entry_page = CASE WHEN views = 1 THEN ${text(view.page)} ELSE entry_page END,
        saw_form = CASE WHEN ${engine.typed(form, 'integer')} = 1 THEN 1 ELSE saw_form END
      WHERE day = ${text(day)} AND visitor = ${text(visitor)}`;
  }
  const { source } = view;
  return sql`INSERT INTO visitor_days (day, visitor, language, source_kind, source_name, campaign,
      entry_page, views, saw_form, started)
    VALUES (${text(day)}, ${text(visitor)}, ${text(view.language)}, ${text(source.kind)},
      ${text(source.name)}, ${text(source.campaign)}, ${text(view.page)}, 1,
      ${engine.typed(form, 'integer')}, 0)
    ON CONFLICT (day, visitor) DO UPDATE SET views = visitor_days.views + 1,
      saw_form = CASE WHEN excluded.saw_form = 1 THEN 1 ELSE visitor_days.saw_form END`;
}

/** Each page's change of views in the batch, by day, page and language. */
function pageDeltas(keyed: readonly Keyed[]): Map<string, number> {
  const deltas = new Map<string, number>();
  const add = (day: string, page: string, language: string, delta: number) => {
    const key = `${day}\n${page}\n${language}`;
    deltas.set(key, (deltas.get(key) ?? 0) + delta);
  };
  for (const { view, day } of keyed) {
    if (view.kind === 'start') continue;
    add(day, view.page, view.language, 1);
    if (view.kind === 'moved' && view.from) add(day, view.from, view.language, -1);
  }
  return deltas;
}

/**
 * Views by day and visitor (a stable sort: a visitor's views stay in their order, its row's
 * insert before its moves), cut into chunks of at most `size`: each chunk's rows in one order,
 * then its pages in one order, so that two instances' transactions never wait on each other in a
 * circle (no deadlock), chunk after chunk.
 */
function chunksOf(keyed: readonly Keyed[], size: number): Keyed[][] {
  const sorted = [...keyed].sort((a, b) =>
    a.day === b.day
      ? a.visitor < b.visitor
        ? -1
        : a.visitor > b.visitor
          ? 1
          : 0
      : a.day < b.day
        ? -1
        : 1,
  );
  const chunks: Keyed[][] = [];
  for (let at = 0; at < sorted.length; at += size) chunks.push(sorted.slice(at, at + size));
  return chunks;
}

/** The statements of one chunk (sorted by `chunksOf`): its visitors, then its pages in order. */
function chunkQueries(engine: Engine, byVisitor: readonly Keyed[]): Query[] {
  const pages = [...pageDeltas(byVisitor)]
    .filter(([, delta]) => delta !== 0)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const integer = (value: number) => engine.typed(value, 'integer');
  return [
    ...byVisitor.map((item) => visitorQuery(engine, item)),
    ...pages.map(([key, delta]) => {
      const [day = '', page = '', language = ''] = key.split('\n');
      return sql`INSERT INTO visit_pages (day, page, language, views)
        VALUES (${day}, ${page}, ${language}, ${integer(Math.max(0, delta))})
        ON CONFLICT (day, page, language) DO UPDATE SET views = CASE
          WHEN visit_pages.views + ${integer(delta)} < 0 THEN 0
          ELSE visit_pages.views + ${integer(delta)} END`;
    }),
  ];
}

/**
 * The entry of `client`'s day: its row (the day's salt makes its key; no salt, no row), else the
 * first of its views still in memory (`waiting`: a post within the second of its document).
 */
async function readVisit(
  engine: Engine,
  salts: VisitSalts,
  { client, day, timeZone }: { client: VisitClient; day: string; timeZone: string },
  waiting: readonly PendingView[],
): Promise<SubmissionVisit | undefined> {
  const salt = await salts.existing(day);
  const row =
    salt &&
    (await engine.db
      .selectFrom('visitor_days')
      .select(['source_kind', 'source_name', 'campaign', 'entry_page'])
      .where('day', '=', day)
      .where('visitor', '=', visitorKey(salt, client))
      .executeTakeFirst());
  if (row) {
    const kind = SOURCE_KINDS.find((known) => known === row.source_kind) ?? 'direct';
    const page = VISIT_PAGES.find((known) => known === row.entry_page) ?? 'home';
    return { kind, name: row.source_name, campaign: row.campaign, firstPage: pathOfPage(page) };
  }
  const first = waiting.find(
    (view) =>
      view.kind === 'view' &&
      businessDay(view.at, timeZone) === day &&
      sameClient(view.client, client),
  );
  return first && { ...first.source, firstPage: pathOfPage(first.page) };
}

/** Each view with its day (on the business's clock) and its visitor's key of that day. */
function keyedViews(
  salts: VisitSalts,
  zone: string,
  views: readonly PendingView[],
): Promise<Keyed[]> {
  return Promise.all(
    views.map(async (view) => {
      const day = businessDay(view.at, zone);
      return { view, day, visitor: visitorKey(await salts.salt(day), view.client) };
    }),
  );
}

/**
 * Writes `views` chunk by chunk, one transaction each, yielding to the event loop between two (a
 * page request waits for one chunk at most); the views of the chunks that failed.
 */
async function writeChunks(
  engine: Engine,
  views: readonly PendingView[],
  chunking: {
    keyed: (views: readonly PendingView[]) => Promise<Keyed[]>;
    size: number;
    /** Called with each chunk's views once committed. */
    written: (views: ReadonlySet<PendingView>) => void;
  },
): Promise<{ failed: PendingView[]; code?: string | undefined }> {
  const codeOf = (error: unknown) => (error as { code?: string }).code;
  if (views.length === 0) return { failed: [] };
  let chunks: Keyed[][];
  try {
    chunks = chunksOf(await chunking.keyed(views), chunking.size);
  } catch (error) {
    return { failed: [...views], code: codeOf(error) };
  }
  const failed: PendingView[] = [];
  let code: string | undefined;
  for (const [index, chunk] of chunks.entries()) {
    if (index > 0) await new Promise((resolve) => setImmediate(resolve));
    const views = new Set(chunk.map((item) => item.view));
    try {
      await engine.batch(chunkQueries(engine, chunk));
      chunking.written(views);
    } catch (error) {
      code = codeOf(error);
      failed.push(...views);
    }
  }
  return { failed, code };
}

export function startVisitCounter(options: VisitCounterOptions): VisitCounter {
  const { engine, log } = options;
  const batchSize = options.batchSize ?? 200;
  const maxPending = options.maxPending ?? 10_000;
  const salts = visitSalts(engine);
  let pending: PendingView[] = [];
  /** The views of chunks that failed once: tried again with the next flush. */
  let retry: PendingView[] = [];
  /** The running flush's views not yet committed: visitOf still finds them in memory. */
  let writing: PendingView[] = [];
  let dropping = false;
  let running: Promise<void> = Promise.resolve();
  let closed = false;

  const timeZone = () => options.business().timeZone;

  const chunking = {
    keyed: (views: readonly PendingView[]) => keyedViews(salts, timeZone(), views),
    size: options.chunkSize ?? CHUNK,
    written: (views: ReadonlySet<PendingView>) => {
      writing = writing.filter((view) => !views.has(view));
    },
  };

  async function write(): Promise<void> {
    const again = retry;
    const fresh = pending;
    retry = [];
    pending = [];
    writing = [...again, ...fresh];
    try {
      // The retried first: a visitor's first view before its moves.
      const old = await writeChunks(engine, again, chunking);
      if (old.failed.length > 0)
        log.warn({ code: old.code, dropped: old.failed.length }, 'visits not written; dropped');
      const now = await writeChunks(engine, fresh, chunking);
      // Only the new ones get a second try.
      retry = now.failed;
      if (now.failed.length > 0)
        log.warn({ code: now.code, views: now.failed.length }, 'visits not written; will retry');
    } finally {
      writing = [];
    }
  }

  /** One write at a time: a flush waits for the one running, then writes what is waiting. */
  function flush(): Promise<void> {
    running = running.then(write, write);
    return running;
  }

  const timer = setInterval(() => void flush(), options.everyMs ?? 1000);
  timer.unref();

  return {
    add(view) {
      if (closed) return;
      if (pending.length >= maxPending) {
        if (!dropping) log.warn({ pending: pending.length }, 'too many visits waiting; dropping');
        dropping = true;
        return;
      }
      dropping = false;
      pending.push(view);
      if (pending.length === batchSize) void flush();
    },
    visitOf: (client, at) =>
      readVisit(engine, salts, { client, day: businessDay(at, timeZone()), timeZone: timeZone() }, [
        ...retry,
        ...writing,
        ...pending,
      ]),
    flush,
    async close() {
      closed = true;
      clearInterval(timer);
      await flush();
    },
  };
}
