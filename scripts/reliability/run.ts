// `npm run test:reliability`: the receiver under load, stopped and killed mid-load, fed hostile
// input, run as two instances on one Postgres, sending e-mail from two instances through a slow
// relay, and installed with production dependencies only. Each scenario starts the built receiver
// as a child process (server/testing/receiver-harness.ts) and reports through checks.ts; the run
// prints the figures, and with RELIABILITY_REPORT=<file> also writes {"passed": N, "failed": M}
// there (one entry per check) for `npm test`'s summary. Exits 1 when a check fails.
import { closeConnections, ensureServerBuild } from '../../server/testing/receiver-harness.ts';
import { report, runScenario } from './checks.ts';
import { hostileInput } from './hostile.ts';
import { productionInstall } from './install.ts';
import { sigkillMidLoad, sigkillMidUpload, sigtermUnderLoad } from './kill.ts';
import { steadyLoad, uploadLoad } from './load.ts';
import { outboxOnPostgres } from './outbox.ts';
import { twoInstancesOnPostgres } from './postgres.ts';

const startedAt = Date.now();
try {
  ensureServerBuild();
  for (const scenario of [
    steadyLoad,
    sigtermUnderLoad,
    sigkillMidLoad,
    uploadLoad,
    sigkillMidUpload,
    hostileInput,
    productionInstall,
  ]) {
    await runScenario(scenario);
  }
  await runScenario(twoInstancesOnPostgres, 'postgresTwoInstances');
  await runScenario(outboxOnPostgres, 'outboxOnPostgres');
} finally {
  closeConnections();
}
process.exit(report(startedAt) > 0 ? 1 : 0);
