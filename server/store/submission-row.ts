import type { Kysely, Selectable } from 'kysely';
import {
  SOURCE_KINDS,
  type SubmissionStatus,
  type SubmissionVisit,
} from '../../src/admin/contract.ts';
import type { AttachmentSummary } from './attachments.ts';
import type { Tables } from '../db/tables.ts';

export interface StoredSubmission {
  id: string;
  form: string;
  /** Milliseconds since the epoch. */
  receivedAt: number;
  fields: Record<string, unknown>;
  /** A keyed hash of the client's address (see `Database.clientHash`). */
  clientHash: string | null;
  userAgent: string | null;
  /** The visitor's language as their browser stated it (e.g. 'es-US'), when known. */
  language: string | null;
  /** The language of the site's page it was sent from ('en' or 'es'), when the page said so. */
  siteLanguage: string | null;
  status: SubmissionStatus;
  /** The owner's private note. */
  note: string;
  /** Files sent with it (a résumé), without their content. */
  attachments: AttachmentSummary[];
  /** How its visit began and its first page (server/visits/); null when not known. */
  visit: SubmissionVisit | null;
}

/** The columns of `submissions` that make a StoredSubmission (with `readSubmissions`). */
export const SUBMISSION_COLUMNS = [
  'submissions.id',
  'submissions.form',
  'submissions.received_at',
  'submissions.fields',
  'submissions.client_hash',
  'submissions.user_agent',
  'submissions.language',
  'submissions.site_language',
  'submissions.status',
  'submissions.note',
  'submissions.source_kind',
  'submissions.source_name',
  'submissions.source_campaign',
  'submissions.first_page',
] as const;

export type SubmissionRow = Pick<
  Selectable<Tables['submissions']>,
  | 'id'
  | 'form'
  | 'received_at'
  | 'fields'
  | 'client_hash'
  | 'user_agent'
  | 'language'
  | 'site_language'
  | 'status'
  | 'note'
  | 'source_kind'
  | 'source_name'
  | 'source_campaign'
  | 'first_page'
>;

/** How the submission's visit began, as stored with it; null when not known. */
function visitOf(row: SubmissionRow): SubmissionVisit | null {
  const kind = SOURCE_KINDS.find((known) => known === row.source_kind);
  if (!kind) return null;
  return {
    kind,
    name: row.source_name ?? '',
    campaign: row.source_campaign ?? '',
    firstPage: row.first_page ?? '',
  };
}

/** Ids per query when the attachments of many rows are read (engines cap a query's parameters). */
const IDS_PER_QUERY = 500;

/** The attachments (without content) of the submissions with these ids, by submission id. */
async function attachmentSummaries(
  db: Kysely<Tables>,
  ids: readonly string[],
): Promise<Map<string, AttachmentSummary[]>> {
  const found = new Map<string, AttachmentSummary[]>();
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
    const rows = await db
      .selectFrom('attachments')
      .select(['id', 'submission_id', 'field', 'name', 'type', 'size', 'sha256'])
      .where('submission_id', 'in', ids.slice(start, start + IDS_PER_QUERY))
      .orderBy('id')
      .execute();
    for (const { submission_id: submissionId, ...file } of rows) {
      const summary = { ...file, id: Number(file.id), size: Number(file.size) };
      found.set(submissionId, [...(found.get(submissionId) ?? []), summary]);
    }
  }
  return found;
}

/** Rows of `SUBMISSION_COLUMNS` as the rest of the server sees them, with their attachments. */
export async function readSubmissions(
  db: Kysely<Tables>,
  rows: readonly SubmissionRow[],
): Promise<StoredSubmission[]> {
  const files = await attachmentSummaries(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    form: row.form,
    receivedAt: Number(row.received_at),
    fields: JSON.parse(row.fields) as Record<string, unknown>,
    clientHash: row.client_hash,
    userAgent: row.user_agent,
    language: row.language,
    siteLanguage: row.site_language,
    status: row.status as SubmissionStatus,
    note: row.note,
    attachments: files.get(row.id) ?? [],
    visit: visitOf(row),
  }));
}
