import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { serverBundle } from '../build/server-entries.mjs';
import { bundleSources, loadDotEnv } from './server-bundle.mjs';

describe('loadDotEnv', () => {
  const names = ['DOTENV_TEST_FROM_FILE', 'DOTENV_TEST_SET_BEFORE'];
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dotenv-'));
  });

  afterEach(() => {
    for (const name of names) Reflect.deleteProperty(process.env, name);
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the settings of a .env file, and the environment wins', () => {
    const file = path.join(dir, '.env');
    writeFileSync(file, 'DOTENV_TEST_FROM_FILE=from-file\nDOTENV_TEST_SET_BEFORE=from-file\n');
    process.env.DOTENV_TEST_SET_BEFORE = 'from-environment';
    loadDotEnv(file);
    expect(process.env.DOTENV_TEST_FROM_FILE).toBe('from-file');
    expect(process.env.DOTENV_TEST_SET_BEFORE).toBe('from-environment');
  });

  it('does nothing without a file', () => {
    expect(() => loadDotEnv(path.join(dir, '.env'))).not.toThrow();
    expect(process.env.DOTENV_TEST_FROM_FILE).toBeUndefined();
  });
});

describe('the server bundle', () => {
  it('is stale when any file it is made from changes: each is under one of its sources', async () => {
    const { metafile } = await build({
      ...serverBundle,
      write: false,
      metafile: true,
      outdir: 'x',
    });
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.length).toBeGreaterThan(50);
    const outside = inputs.filter(
      (input) =>
        !bundleSources.some((source) => input === source || input.startsWith(`${source}/`)),
    );
    expect(outside).toEqual([]);
  });
});
