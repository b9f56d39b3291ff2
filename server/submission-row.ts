import type { Row } from '@libsql/client';
import type { SubmissionStatus } from '../src/admin/contract.ts';
import { ATTACHMENTS_JSON, parseAttachments, type AttachmentSummary } from './attachments.ts';

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
}

export const SUBMISSION_COLUMNS =
  'id, form, received_at, fields, client_hash, user_agent, language, site_language, status, note';
/** What a SELECT from `submissions` gives `toSubmission`. */
export const SUBMISSION_SELECT = `${SUBMISSION_COLUMNS}, ${ATTACHMENTS_JSON}`;

function nullableText(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

/** A row of `SELECT ${SUBMISSION_SELECT} FROM submissions` as the rest of the server sees it. */
export function toSubmission(row: Row): StoredSubmission {
  return {
    id: String(row.id),
    form: String(row.form),
    receivedAt: Number(row.received_at),
    fields: JSON.parse(String(row.fields)) as Record<string, unknown>,
    clientHash: nullableText(row.client_hash),
    userAgent: nullableText(row.user_agent),
    language: nullableText(row.language),
    siteLanguage: nullableText(row.site_language),
    status: String(row.status) as SubmissionStatus,
    note: String(row.note ?? ''),
    attachments: parseAttachments(row.attachments),
  };
}
