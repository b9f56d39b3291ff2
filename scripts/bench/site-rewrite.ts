// `npx tsx scripts/bench/site-rewrite.ts`: a whole-site rewrite in the site
// editor (every translated text of every part, both languages, each as long as its field allows),
// saved as the editor saves it (the changes in patches of at most DRAFT_PATCH_BUDGET, each over the
// revision the one before made) and published, against `npm start`'s built server. Prints each
// PATCH's and each whole save's time (p50, p99, max) and each publish's time to live, on SQLite
// then Postgres, into its own section of docs/figures.md (figures.mjs).
// A benchmark, not a test: it fails only when a request is refused.
import { draftPatches, type SiteFields } from '../../src/admin/site-contract.ts';
import {
  addOwner,
  ensureServerBuild,
  removeDir,
  send,
  signIn,
  startReceiver,
  stopReceiver,
  tempDir,
} from '../../server/testing/receiver-harness.ts';
import { createTestDatabase, startTestPostgres } from '../../server/testing/postgres.ts';
import { rewriteFields, wholeSiteRewrite } from '../../server/testing/site-rewrite.ts';
import { recordFigures } from './figures.mjs';
import { msCells, tableLine } from './table.ts';

const owner = { email: 'bench.owner@example.com', password: 'a long bench password' };
const SAVES = 30;
const PUBLISHES = 3;

async function call(port: number, cookie: string, method: string, path: string, body: unknown) {
  const answer = await send(
    port,
    {
      method,
      path,
      headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify(body),
    },
    120_000,
  );
  if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${answer.body}`);
  return JSON.parse(answer.body) as { revision: number };
}

/** Saves `next` over `saved` as the editor does; each PATCH's ms, and the revision reached. */
async function save(
  port: number,
  cookie: string,
  from: { revision: number; fields: SiteFields },
  next: SiteFields,
) {
  const patches = draftPatches(from.fields, next);
  const ms: number[] = [];
  let { revision } = from;
  for (const patch of patches) {
    const started = performance.now();
    revision = (await call(port, cookie, 'PATCH', '/admin/api/site/draft', { revision, ...patch }))
      .revision;
    ms.push(performance.now() - started);
  }
  return { ms, revision, patches: patches.length };
}

async function overview(port: number, cookie: string) {
  const answer = await send(port, {
    method: 'GET',
    path: '/admin/api/site',
    headers: { cookie, 'sec-fetch-site': 'same-origin' },
  });
  return (JSON.parse(answer.body) as { draft: { revision: number } }).draft;
}

/** For comparison on the same machine and moment: publishes of a draft of one changed text. */
async function publishOneText(port: number, cookie: string): Promise<number[]> {
  const ms: number[] = [];
  for (let run = 1; run <= PUBLISHES; run += 1) {
    const { revision } = await overview(port, cookie);
    const words = `One text ${run}`;
    const fields = { 'home.hero/eyebrow': { en: words, es: words } };
    const saved = await call(port, cookie, 'PUT', '/admin/api/site/draft', { revision, fields });
    const started = performance.now();
    await call(port, cookie, 'POST', '/admin/api/site/publish', { revision: saved.revision });
    ms.push(performance.now() - started);
  }
  return ms;
}

/** Milliseconds until `port` serves `/es/` with `words` in it. */
async function untilLive(port: number, words: string, started: number): Promise<number> {
  for (;;) {
    const page = await send(port, { method: 'GET', path: '/es/' });
    if (page.body.includes(words)) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function line(label: string, ms: readonly number[]) {
  console.log(tableLine([label, 30], [ms.length, 5], ...msCells(ms, 8, { digits: 0 })));
}

async function bench(title: string, env: Record<string, string>) {
  const dataDir = tempDir('bench-rewrite-');
  const server = await startReceiver(dataDir, env);
  try {
    addOwner({ ...env, DATA_DIR: dataDir }, owner);
    const cookie = await signIn(server.port, owner);
    let draft = { revision: 0, fields: {} as SiteFields };
    const patchMs: number[] = [];
    const saveMs: number[] = [];
    let bytes = 0;
    let patches = 0;
    for (let round = 1; round <= SAVES + PUBLISHES; round += 1) {
      const next = rewriteFields(wholeSiteRewrite(Date.now(), round));
      bytes = JSON.stringify(next).length;
      const started = performance.now();
      const saved = await save(server.port, cookie, draft, next);
      saveMs.push(performance.now() - started);
      patchMs.push(...saved.ms);
      patches = saved.patches;
      draft = { revision: saved.revision, fields: next };
    }
    const baselineMs = await publishOneText(server.port, cookie);
    draft = { revision: (await overview(server.port, cookie)).revision, fields: {} };
    const publishMs: number[] = [];
    const liveMs: number[] = [];
    for (let run = 1; run <= PUBLISHES; run += 1) {
      const next = rewriteFields(wholeSiteRewrite(Date.now(), 1000 + run));
      const saved = await save(server.port, cookie, draft, next);
      draft = { revision: saved.revision, fields: next };
      const started = performance.now();
      await call(server.port, cookie, 'POST', '/admin/api/site/publish', {
        revision: draft.revision,
      });
      publishMs.push(performance.now() - started);
      liveMs.push(await untilLive(server.port, `Rw1y r${1000 + run} `, started));
    }
    const fields = Object.keys(draft.fields).length;
    console.log(
      `\nwhole-site rewrite, ${title}: ${fields} texts in both languages, ${(bytes / 1024).toFixed(0)} KiB of draft, ${patches} patches a save\n`,
    );
    console.log(
      `${tableLine(['what', 30], ['n', 5], ['p50 ms', 8], ['p99 ms', 8], ['max ms', 8])}`,
    );
    line('one PATCH', patchMs);
    line('a whole save (every patch)', saveMs);
    line('publish of one text (baseline)', baselineMs);
    line('publish (request answered)', publishMs);
    line('publish to live (/es/ shows it)', liveMs);
  } finally {
    await stopReceiver(server);
    removeDir(dataDir);
  }
}

async function benchPostgres() {
  const postgres = await startTestPostgres();
  try {
    const env = {
      DATABASE_URL: await createTestDatabase(postgres.url, 'bench'),
      ADDRESS_HASH_SECRET: 'bench-address-hash-secret-0123456789abcdef',
    };
    await bench('Postgres', env);
  } finally {
    await postgres.stop();
  }
}

ensureServerBuild();
await recordFigures(
  'site-rewrite',
  {
    title: 'A whole-site rewrite in the site editor: saves and publish',
    command: 'npx tsx scripts/bench/site-rewrite.ts',
  },
  async () => {
    await bench('SQLite', {});
    await benchPostgres();
  },
);
