// Applications with a résumé, for the load and kill scenarios: the files sent, and what the
// database holds of them afterwards.
import { createClient } from '@libsql/client';
import { sha256Hex as sha256 } from '../../server/store/attachments.ts';
import { databaseConfig } from '../../server/config.ts';
import { applicationBody, samplePdf } from '../../server/testing/fixtures.ts';
import { storedRecords } from '../../server/testing/receiver-harness.ts';

export const UPLOADS = 200;
export const UPLOAD_CONCURRENCY = 20;
export const UPLOAD_BYTES = 1024 * 1024;

/** Applications with a 1 MB résumé each, a different file per `n`. */
export function withResume(tag: string) {
  return (n: number) => ({
    form: 'application',
    body: applicationBody(n, { fullName: `Upload ${tag} ${n}` }),
    file: samplePdf(UPLOAD_BYTES, `${tag} ${n}`),
  });
}

/**
 * What the database file holds after uploads: each file's content against its SHA-256, files
 * without their submission, and applications of the run without their file.
 */
export async function uploadIntegrity(dataDir: string) {
  const client = createClient({ url: databaseConfig({ DATA_DIR: dataDir }).url });
  try {
    const files = await client.execute('SELECT sha256, content FROM attachments');
    const corrupt = files.rows.filter(
      (row) => sha256(new Uint8Array(row.content as ArrayBuffer)) !== row.sha256,
    ).length;
    const counts = await client.execute(
      `SELECT (SELECT COUNT(*) FROM attachments
                WHERE submission_id NOT IN (SELECT id FROM submissions)) AS orphans,
              (SELECT COUNT(*) FROM submissions WHERE form = 'application'
                AND id NOT IN (SELECT submission_id FROM attachments)) AS partial`,
    );
    const row = counts.rows[0];
    return {
      files: files.rows.length,
      corrupt,
      orphans: Number(row?.orphans),
      partial: Number(row?.partial),
    };
  } finally {
    client.close();
  }
}

/** Acknowledged ids whose stored file is not one of the files sent, byte for byte. */
export function incompleteUploads(dataDir: string, acknowledged: readonly string[], tag: string) {
  const sent = new Set(Array.from({ length: UPLOADS }, (_, n) => sha256(withResume(tag)(n).file)));
  const stored = new Map(storedRecords(dataDir).map((record) => [record.id, record]));
  return acknowledged.filter((id) => {
    const files = stored.get(id)?.attachments ?? [];
    return !(files.length === 1 && files[0]?.size === UPLOAD_BYTES && sent.has(files[0].sha256));
  });
}
