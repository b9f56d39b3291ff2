import type { Client, InStatement, ResultSet } from '@libsql/client';

/** Most saves one transaction (and one fsync) may hold. */
const MAX_GROUP = 64;

interface PendingWrite {
  statements: InStatement[];
  resolve(results: ResultSet[]): void;
  reject(error: unknown): void;
}

/**
 * Group commit: the saves that arrive while a transaction is being written go into the next one
 * together, so that each waits for one fsync rather than for everyone else's. A save still resolves
 * only after the transaction holding it has committed. A failed group is retried one save at a
 * time, so one bad save cannot fail the others.
 */
export function groupCommitter(client: Client) {
  let queue: PendingWrite[] = [];
  let scheduled = false;

  async function run(group: PendingWrite[]) {
    try {
      const results = await client.batch(
        group.flatMap((write) => write.statements),
        'write',
      );
      let offset = 0;
      for (const write of group) {
        write.resolve(results.slice(offset, offset + write.statements.length));
        offset += write.statements.length;
      }
    } catch (error) {
      if (group.length === 1) group[0]?.reject(error);
      else for (const write of group) await run([write]);
    }
  }

  function flush() {
    scheduled = false;
    const group = queue.slice(0, MAX_GROUP);
    queue = queue.slice(MAX_GROUP);
    if (queue.length > 0) schedule();
    void run(group);
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    // After the I/O phase: every request that has arrived by then joins this group.
    setImmediate(flush);
  }

  return (statements: InStatement[]) =>
    new Promise<ResultSet[]>((resolve, reject) => {
      queue.push({ statements, resolve, reject });
      schedule();
    });
}
