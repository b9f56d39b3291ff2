// The engines the store's and the inbox's tests run on: one suite, run once per engine
// (`describe.each(engines)`).
import { inject } from 'vitest';
import type { DatabaseConfig } from '../config.ts';
import { createTestDatabase } from './postgres.ts';
import { tempDataDir } from './fixtures.ts';

export interface TestEngine {
  name: 'sqlite' | 'postgres';
  /** A new empty database; `remove` drops what it left on disk. */
  create(): Promise<{ database: DatabaseConfig; remove(): void }>;
}

export const engines: readonly TestEngine[] = [
  { name: 'sqlite', create: async () => tempDataDir() },
  {
    name: 'postgres',
    async create() {
      const url = await createTestDatabase(inject('postgresUrl'));
      return { database: { url, addressKey: { secret: 'test-address-key' } }, remove() {} };
    },
  },
];
