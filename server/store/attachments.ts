import { createHash } from 'node:crypto';
import path from 'node:path';
import contentDisposition from 'content-disposition';
import { fileTypeFromBuffer } from 'file-type';
import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables.ts';

const MAX_NAME_LENGTH = 200;

export interface AttachmentType {
  ext: 'pdf' | 'doc' | 'docx';
  mime: string;
}

export interface NewAttachment {
  /** The form field it came in ('resume'). */
  field: string;
  /** The name the visitor's file had, cleaned (see `cleanFileName`). */
  name: string;
  type: AttachmentType;
  content: Uint8Array;
  sha256: string;
}

/** "WordDocument", the stream every Word 97–2003 file holds, as its directory entry spells it. */
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');

/**
 * What a file is, from its content alone (never its name or the browser's word): `file-type`
 * reads the signature, and tells DOCX from other ZIP files by their parts. An old .doc is an OLE
 * compound file, as are .xls and .msi: only one with a WordDocument stream counts.
 */
export async function sniffAttachment(content: Uint8Array): Promise<AttachmentType | undefined> {
  const found = await fileTypeFromBuffer(content);
  if (found?.ext === 'pdf') return { ext: 'pdf', mime: 'application/pdf' };
  if (found?.ext === 'docx') return { ext: 'docx', mime: found.mime };
  if (found?.ext === 'cfb' && Buffer.from(content).includes(WORD_STREAM)) {
    return { ext: 'doc', mime: 'application/msword' };
  }
  return undefined;
}

/** The name as a label: no folders, no control characters, not too long, never empty. */
export function cleanFileName(name: string): string {
  const base = path.posix.basename(name.replaceAll('\\', '/'));
  // eslint-disable-next-line no-control-regex -- control characters are exactly what goes
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return [...cleaned].slice(-MAX_NAME_LENGTH).join('') || 'file';
}

/**
 * The name a download is saved under: the visitor's name with the extension of what the file
 * really is ('cv.exe' holding a PDF is saved as 'cv.pdf'), so that opening it runs nothing else.
 */
export function downloadName(name: string, ext: AttachmentType['ext']): string {
  const stem = cleanFileName(name)
    .replace(/\.[^.]*$/, '')
    .replace(/[<>:"/\\|?*]/g, '_');
  return `${stem || 'resume'}.${ext}`;
}

/** A Content-Disposition that saves the file: an ASCII name for old clients, UTF-8 for the rest. */
export function attachmentDisposition(name: string): string {
  return contentDisposition(name, { fallback: name.replace(/[^\x20-\x7e]/g, '_') });
}

/** The extension of a stored type ('application/pdf' → 'pdf'). */
export function extensionOf(mime: string): AttachmentType['ext'] {
  if (mime === 'application/pdf') return 'pdf';
  return mime === 'application/msword' ? 'doc' : 'docx';
}

export function sha256Hex(content: Uint8Array | string): string {
  return createHash('sha256').update(content).digest('hex');
}

/** An attachment as lists and the inbox show it (its content is fetched apart). */
export interface AttachmentSummary {
  id: number;
  field: string;
  name: string;
  type: string;
  size: number;
  sha256: string;
}

export interface AttachmentFile extends AttachmentSummary {
  content: Uint8Array;
}

/** Bytes as either engine's driver gives them (an ArrayBuffer from libSQL, a Buffer from pg). */
export function toBytes(value: unknown): Uint8Array {
  if (value instanceof Uint8Array)
    return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  throw new TypeError('not bytes');
}

/** The files of a submission with their content (all of them, or the one with `attachmentId`). */
export async function readAttachmentFiles(
  db: Kysely<Tables>,
  submissionId: string,
  attachmentId?: number,
): Promise<AttachmentFile[]> {
  let query = db
    .selectFrom('attachments')
    .select(['id', 'field', 'name', 'type', 'size', 'sha256', 'content'])
    .where('submission_id', '=', submissionId);
  if (attachmentId !== undefined) query = query.where('id', '=', attachmentId);
  const rows = await query.orderBy('id').execute();
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    size: Number(row.size),
    content: toBytes(row.content),
  }));
}
