import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadDotEnv } from './server-bundle.mjs';

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
