// The production install: the built checkout laid out as deploy/install.sh lays it out, with
// `npm ci --omit=dev` (no build tool, no test tool), then the server started from there stores a
// quote that the owner's CLI, from the same folder, reads back. What a missing runtime dependency
// (one left in devDependencies) or a file install.sh forgets would break.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { quoteBody } from '../../server/testing/fixtures.ts';
import {
  freePort,
  postJson,
  removeDir,
  send,
  tempDir,
  type Answer,
} from '../../server/testing/receiver-harness.ts';
import { check } from './checks.ts';

const NAME = 'potomac-staffing';
const BUILT = ['build/server/main.js', 'build/admin/index.html', 'dist/index.html'];
/** Dev dependencies that must not reach the install (each is in package.json's devDependencies). */
const DEV_ONLY = ['vite', 'vitest', 'typescript', '@playwright/test'];

function sh(command: string, args: string[], cwd?: string) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });
  return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

/** install.sh itself where it can run (as root, with systemd-sysusers), else its same steps. */
function installInto(root: string): { app: string; how: string; output: string } {
  const app = path.join(root, 'opt', NAME);
  const canRun =
    process.getuid?.() === 0 &&
    sh('sh', ['-c', 'command -v systemd-sysusers']).status === 0 &&
    existsSync('/usr/bin/node');
  if (canRun) {
    const result = sh('bash', ['deploy/install.sh', '--root', root, '--no-start']);
    if (result.status !== 0) throw new Error(`install.sh failed:\n${result.output}`);
    return { app, how: 'deploy/install.sh --root', output: result.output };
  }
  // The parts install.sh copies, read from it, and its `npm ci`.
  const parts = /for part in ([^;]+); do/.exec(readFileSync('deploy/install.sh', 'utf8'))?.[1];
  if (!parts) throw new Error('install.sh no longer lists its parts as this test reads them');
  for (const part of parts.split(' ')) {
    mkdirSync(path.dirname(path.join(app, part)), { recursive: true });
    cpSync(part, path.join(app, part), { recursive: true });
  }
  const result = sh(
    'npm',
    ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'],
    app,
  );
  if (result.status !== 0) throw new Error(`npm ci --omit=dev failed:\n${result.output}`);
  return { app, how: "install.sh's parts copied by hand (not root)", output: result.output };
}

/** Runs the installed server from its folder until it answers /healthz; returns it and its port. */
async function startInstalled(app: string, dataDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['build/server/main.js'], {
    cwd: app,
    // As the unit runs it, minus the env file: nothing of this checkout's environment.
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  let health: Answer | undefined;
  for (let tries = 0; tries < 200 && child.exitCode === null && health?.status !== 200; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    health = await send(port, { method: 'GET', path: '/healthz' }, 2000).catch(() => undefined);
  }
  if (health?.status !== 200) {
    child.kill('SIGKILL');
    throw new Error(`the installed server did not start:\n${output}`);
  }
  const stop = async () => {
    child.kill('SIGTERM');
    return exited;
  };
  return { port, stop, output: () => output };
}

/** The ids the owner's CLI, run from the installed app, exports. */
function exportedIds(app: string, dataDir: string): string[] {
  const result = spawnSync(
    process.execPath,
    ['build/server/cli.js', 'export', '--format', 'json'],
    {
      cwd: app,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir },
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`the installed CLI failed: ${result.stderr}`);
  return (JSON.parse(result.stdout) as { id: string }[]).map((record) => record.id);
}

export async function productionInstall() {
  const missingBuild = BUILT.filter((file) => !existsSync(file));
  if (missingBuild.length) {
    check('the production install', false, `${missingBuild.join(', ')} missing: npm run build`);
    return;
  }
  const root = tempDir('reliability-install-');
  const dataDir = tempDir('reliability-install-data-');
  try {
    const started = Date.now();
    const { app, how } = installInto(root);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const devFound = DEV_ONLY.filter((name) => existsSync(path.join(app, 'node_modules', name)));
    const size = sh('du', ['-sm', path.join(app, 'node_modules')]).output.split('\t')[0];
    check(
      'npm ci --omit=dev into a clean folder, laid out as install.sh does',
      devFound.length === 0 && existsSync(path.join(app, 'node_modules', 'fastify')),
      `${how} in ${seconds} s, node_modules ${size} MB; dev dependencies present: ` +
        `${devFound.join(', ') || 'none'}`,
    );

    const server = await startInstalled(app, dataDir);
    const answer = await postJson(server.port, 'quote', quoteBody(1, { clientName: 'Installed' }));
    const id = answer.status === 200 ? (JSON.parse(answer.body) as { id?: string }).id : undefined;
    const exitCode = await server.stop();
    const stored = exportedIds(app, dataDir);
    check(
      'the installed server stores a quote, which the installed CLI exports',
      answer.status === 200 && id !== undefined && stored.includes(id) && exitCode === 0,
      `POST /api/forms/quote answered ${answer.status}; stored ${stored.length} ` +
        `(${id && stored.includes(id) ? 'the acknowledged id' : 'not the acknowledged id'}); ` +
        `exit code ${exitCode}${exitCode === 0 ? '' : `\n${server.output()}`}`,
    );
  } finally {
    removeDir(root);
    removeDir(dataDir);
  }
}
