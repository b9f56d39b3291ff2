import { applicationFormContent } from '../content/application-form';
import { NOTHING_PUBLISHED } from '../content/published';

// The code's messages: see rules.ts.
const { applicationForm, applicationMessages: messages } =
  applicationFormContent(NOTHING_PUBLISHED);

/**
 * The résumé an applicant may attach: a PDF or Word file of at most 5 MB, checked in the browser
 * by its name and by its first bytes, which must agree (a renamed image is not a PDF).
 */

export const RESUME_FIELD = 'resume';
export const RESUME_MAX_BYTES = 5 * 1024 * 1024;

export const resumeAccept = [
  '.pdf',
  '.doc',
  '.docx',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
].join(',');

/** How each accepted kind of file starts: PDF, OLE2 compound file (DOC), ZIP (DOCX). */
const signatures: Record<string, readonly number[]> = {
  pdf: [0x25, 0x50, 0x44, 0x46, 0x2d],
  doc: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
  docx: [0x50, 0x4b, 0x03, 0x04],
};

function signatureOf(fileName: string): readonly number[] | undefined {
  const extension = /\.(pdf|docx?)$/i.exec(fileName)?.[1]?.toLowerCase();
  return extension ? signatures[extension] : undefined;
}

/** What is wrong with a chosen résumé, in the words shown under the field; undefined when fine. */
export async function resumeProblem(file: File): Promise<string | undefined> {
  const signature = signatureOf(file.name);
  if (!signature) return messages.resumeType;
  if (file.size === 0) return messages.resumeEmpty;
  if (file.size > RESUME_MAX_BYTES) return messages.resumeTooLarge;
  let head: Uint8Array;
  try {
    head = new Uint8Array(await file.slice(0, signature.length).arrayBuffer());
  } catch {
    // The file was moved, deleted or locked after it was chosen.
    return messages.resumeUnreadable;
  }
  return signature.every((byte, index) => head[index] === byte) ? undefined : messages.resumeType;
}

/** A file's size as people read it: '812 bytes', '120 KB', '4.8 MB'. */
export function fileSize(bytes: number): string {
  const { size } = applicationForm.resume;
  if (bytes < 1024) return size.bytes(bytes);
  if (bytes < 1024 * 1024) return size.kilobytes(Math.round(bytes / 1024));
  return size.megabytes(Math.round((bytes / (1024 * 1024)) * 10) / 10);
}
