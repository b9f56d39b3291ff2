// The outbox as a test sees it from outside the running server, in the receiver's SQLite file: how
// many e-mails are still to go (neither sent nor given up). None means the outbox has settled:
// an e-mail is marked sent only once the relay has taken it, so whatever it sent is in the test
// SMTP server's hands (smtp.ts) by then, and a submission's e-mails are queued in the transaction
// that stored it, before its post was answered.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createClient } from '@libsql/client';

/** The e-mails of the outbox neither sent nor given up, in the database of `dataDir`. */
export async function unsettledMail(dataDir: string): Promise<number> {
  const file = path.join(dataDir, 'submissions.db');
  // Opening a missing file would make an empty one: the receiver is not on SQLite in this folder.
  if (!existsSync(file)) throw new Error(`No SQLite database at ${file}`);
  // The server may be writing at that moment: wait for its lock, as the CLI does.
  const client = createClient({
    url: `file:${file}`,
    timeout: 5000,
  });
  try {
    const result = await client.execute(
      'SELECT count(*) AS unsettled FROM outbox WHERE sent_at IS NULL AND gave_up_at IS NULL',
    );
    return Number(result.rows[0]?.unsettled ?? 0);
  } finally {
    client.close();
  }
}
