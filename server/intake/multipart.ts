import type { FastifyRequest } from 'fastify';
import {
  cleanFileName,
  sha256Hex,
  sniffAttachment,
  type NewAttachment,
} from '../store/attachments.ts';
import { RESUME_MAX_BYTES } from '../../src/forms/resume.ts';
import type { FormDefinition } from './forms.ts';

/** A refusal whose message is written for the visitor (see the app's error handler). */
export class ClientError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** @fastify/multipart's limits: one file, and no more text than a JSON body may hold. */
export function multipartLimits(textLimit: number) {
  return {
    fieldNameSize: 100,
    fieldSize: textLimit,
    fields: 100,
    fileSize: RESUME_MAX_BYTES,
    files: 1,
    parts: 101,
    headerPairs: 20,
  };
}

/** The visitor-facing answer to each of @fastify/multipart's errors, by its code. */
export const multipartErrors: Record<string, { status: number; message: string }> = {
  FST_REQ_FILE_TOO_LARGE: {
    status: 413,
    message: `The file is larger than ${RESUME_MAX_BYTES / 1024 / 1024} MB`,
  },
  FST_FILES_LIMIT: { status: 400, message: 'Attach one file at most' },
  FST_FIELDS_LIMIT: { status: 413, message: 'The form has too many fields' },
  FST_PARTS_LIMIT: { status: 413, message: 'The form has too many parts' },
  FST_PROTO_VIOLATION: { status: 400, message: 'A field name is not allowed' },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, message: 'Send each field as text' },
  FST_MP_PREMATURE_CLOSE: { status: 400, message: 'The body ended too soon' },
};

const BROKEN_BODY = 'The multipart body is incomplete or malformed';

export interface UploadedFile {
  field: string;
  filename: string;
  content: Buffer;
}

/** The form's fields as the JSON body would carry them; the list fields always as arrays. */
function toBody(entries: readonly [string, string][], form: FormDefinition) {
  const lists = new Set(form.listFields ?? []);
  const body = new Map<string, string | string[]>([...lists].map((name) => [name, []]));
  for (const [name, value] of entries) {
    const list = body.get(name);
    if (lists.has(name) && Array.isArray(list)) list.push(value);
    else if (body.has(name)) throw new ClientError(400, `The field ${name} was sent twice`);
    else body.set(name, value);
  }
  return Object.fromEntries(body);
}

async function readParts(request: FastifyRequest, form: FormDefinition, textLimit: number) {
  const entries: [string, string][] = [];
  let textBytes = 0;
  let file: UploadedFile | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (!form.fileFields?.includes(part.fieldname)) {
        const fields = form.fileFields?.join(', ');
        throw new ClientError(
          400,
          fields ? `Only ${fields} takes a file` : 'This form takes no file',
        );
      }
      const content = await part.toBuffer();
      // An HTML form's file input left empty still sends a part: no name, no bytes.
      if (part.filename || content.byteLength > 0) {
        file = { field: part.fieldname, filename: part.filename, content };
      }
      continue;
    }
    if (typeof part.value !== 'string') throw new ClientError(400, 'Send each field as text');
    textBytes += Buffer.byteLength(part.fieldname) + Buffer.byteLength(part.value);
    if (part.valueTruncated || textBytes > textLimit) {
      throw new ClientError(413, `The fields are larger than ${textLimit / 1024} kB`);
    }
    entries.push([part.fieldname, part.value]);
  }
  return { entries, file };
}

/**
 * A multipart post's text parts in order (a name repeated once per item) and at most one file,
 * read into memory (never a temporary file). Any broken body is a 400.
 */
export async function readMultipartParts(
  request: FastifyRequest,
  form: FormDefinition,
  textLimit: number,
): Promise<{ entries: [string, string][]; file: UploadedFile | undefined }> {
  try {
    return await readParts(request, form, textLimit);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (error instanceof ClientError || (typeof code === 'string' && code in multipartErrors)) {
      throw error;
    }
    throw new ClientError(400, BROKEN_BODY);
  }
}

/**
 * A multipart post as the script sends it: the fields (repeated names for a list, as a browser's
 * FormData sends them) as the JSON body would carry them, and at most one file.
 */
export async function readMultipart(
  request: FastifyRequest,
  form: FormDefinition,
  textLimit: number,
): Promise<{ body: Record<string, unknown>; file: UploadedFile | undefined }> {
  const { entries, file } = await readMultipartParts(request, form, textLimit);
  return { body: toBody(entries, form), file };
}

/** The file as it is stored, once its content proves it is a PDF or a Word document. */
export async function checkedAttachment(file: UploadedFile): Promise<NewAttachment> {
  if (file.content.byteLength === 0) throw new ClientError(400, 'The attached file is empty');
  const type = await sniffAttachment(file.content);
  if (!type) throw new ClientError(415, 'Attach a PDF or Word document (.pdf, .doc or .docx)');
  return {
    field: file.field,
    name: cleanFileName(file.filename),
    type,
    content: file.content,
    sha256: sha256Hex(file.content),
  };
}
