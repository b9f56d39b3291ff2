// The site as `npm start` serves it after an owner's whole-site rewrite (server/site/): every text
// of every part rewritten in both languages at its longest, a new office phone and a new hero
// photo, published through the editor's API by publish-rewrite.ts (TypeScript: run with tsx).
// `npm run bench` measures its home and form pages beside the build's: they should score the same.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { startBuiltServer } from '../run/local-server.mjs';

const owner = { email: 'bench.owner@example.com', password: 'a long bench password' };

/** `npm start`'s server on a database of its own, with the owner's rewrite published. */
export async function startPublishedSite({ port, dataDir }) {
  rmSync(dataDir, { recursive: true, force: true });
  const env = { ...process.env, DATA_DIR: dataDir };
  const added = spawnSync('node', ['scripts/run/admin.mjs', 'add-user', owner.email], {
    env,
    input: `${owner.password}\n`,
  });
  if (added.status !== 0) throw new Error(`add-user failed: ${added.stderr}`);
  const server = await startBuiltServer({ port, dataDir });
  const published = spawnSync(
    'node_modules/.bin/tsx',
    ['scripts/bench/publish-rewrite.ts', server.origin],
    {
      env: { ...env, BENCH_OWNER_EMAIL: owner.email, BENCH_OWNER_PASSWORD: owner.password },
      stdio: 'inherit',
    },
  );
  if (published.status !== 0) {
    server.stop();
    throw new Error('the whole-site rewrite was not published');
  }
  return server;
}
