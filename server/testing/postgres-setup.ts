// Vitest's global set-up for the server's tests: one Postgres server for the whole run; each
// test file makes its own databases on it (server/testing/engines.ts).
import type { TestProject } from 'vitest/node';
import { startTestPostgres } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startTestPostgres();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
