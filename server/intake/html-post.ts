import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { LANGUAGE_FIELD, type PostedForm } from '../../src/forms/posted.ts';
import { PROOF_OF_WORK_FIELD } from '../../src/forms/rules.ts';
import { clientAddress } from '../guard/client-key.ts';
import { sha256Hex } from '../store/attachments.ts';
import {
  HONEYPOT,
  type BrowserForm,
  type FieldError,
  type FormDefinition,
  type FormValues,
} from './forms.ts';
import type { PageLanguage } from './form-messages.ts';
import { readMultipartParts, type UploadedFile } from './multipart.ts';

/**
 * A form sent without JavaScript: the page's own <form method="post">, urlencoded, or multipart
 * with the résumé. Its inputs are named as the browser's form values are (emptyQuoteForm), a
 * checkbox group once per ticked box, plus the spam trap and the page's language (and the proof
 * of work's answer, if a script solved one).
 */

/** An ordinary form post: urlencoded, or multipart from a page (the script asks for JSON). */
export function isHtmlPost(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  if (/^\s*application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) return true;
  const accept = String(request.headers.accept ?? '');
  return request.isMultipart() && !/\bapplication\/json\b/i.test(accept);
}

export interface HtmlPost {
  values: FormValues;
  honeypot: string;
  /** The page's language: the one it is answered in. */
  language: PageLanguage;
  /** The same, when the post named it (stored with the row). */
  siteLanguage: PageLanguage | undefined;
  file: UploadedFile | undefined;
  /** The same post again (a reload of the answer) has the same key, and stores one row. */
  idempotencyKey: string;
  /** The proof of work's answer, when the page's script had put one in the form. */
  proofOfWork: string | undefined;
}

/** Every value posted under each name, in order. */
type Posted = (name: string) => string[];

/** The values of the form's inputs: a list takes every value, a text the first ('' when none). */
function formValues(browser: BrowserForm, posted: Posted): FormValues {
  return Object.fromEntries(
    Object.entries(browser.emptyValues).map(([name, empty]) => {
      const values = posted(name);
      return [name, typeof empty === 'string' ? (values[0] ?? '') : values];
    }),
  );
}

/** What a urlencoded body holds under `name` (@fastify/formbody: a string, or a list for repeats). */
function urlencoded(body: unknown): Posted {
  const fields = typeof body === 'object' && body !== null ? body : {};
  return (name) => {
    const value: unknown = Object.hasOwn(fields, name)
      ? (fields as Record<string, unknown>)[name]
      : undefined;
    const list = Array.isArray(value) ? (value as unknown[]) : [value];
    return list.filter((item): item is string => typeof item === 'string');
  };
}

function fromEntries(entries: readonly [string, string][]): Posted {
  return (name) => entries.filter(([key]) => key === name).map(([, value]) => value);
}

function idempotencyKey(
  request: FastifyRequest,
  form: string,
  canonical: unknown,
  file?: UploadedFile,
) {
  const hash = createHash('sha256')
    .update(`${form}\n${clientAddress(request.ip)}\n${JSON.stringify(canonical)}\n`)
    .update(file ? `${file.field}\n${file.filename}\n${sha256Hex(file.content)}` : '')
    .digest('hex');
  return `html-${hash}`;
}

/** Reads an HTML form's post; a broken multipart body throws as in a script's post. */
export async function readHtmlPost(
  request: FastifyRequest,
  form: FormDefinition & { browser: BrowserForm },
  textLimit: number,
): Promise<HtmlPost> {
  let posted: Posted;
  let file: UploadedFile | undefined;
  if (request.isMultipart()) {
    const parts = await readMultipartParts(request, form, textLimit);
    posted = fromEntries(parts.entries);
    file = parts.file;
  } else {
    posted = urlencoded(request.body);
  }
  const values = formValues(form.browser, posted);
  const honeypot = posted(HONEYPOT)[0] ?? '';
  const named = posted(LANGUAGE_FIELD)[0]?.trim().toLowerCase();
  const siteLanguage = named === 'en' || named === 'es' ? named : undefined;
  return {
    values,
    honeypot,
    language: siteLanguage ?? 'en',
    siteLanguage,
    file,
    idempotencyKey: idempotencyKey(request, form.name, { values, honeypot, siteLanguage }, file),
    proofOfWork: posted(PROOF_OF_WORK_FIELD)[0],
  };
}

/** Field → its first message (a list's item counts as its list: `skills.2` → `skills`). */
export function fieldMessages(errors: readonly FieldError[]): Record<string, string> {
  const messages = new Map<string, string>();
  for (const { field, message } of errors) {
    const name = field.split('.')[0] ?? '';
    if (!messages.has(name)) messages.set(name, message);
  }
  return Object.fromEntries(messages);
}

/**
 * The browser's checks of the post, as the page runs them on submit: the form's schema, and the
 * file's own check when a file came. The body its script would send, or each field's message.
 */
export async function browserChecked(
  browser: BrowserForm,
  post: HtmlPost,
): Promise<{ ok: true; body: object } | { ok: false; errors: Record<string, string> }> {
  const result = browser.toSubmission(post.values, post.honeypot);
  const errors = result.ok ? {} : fieldMessages(result.errors);
  const { file } = post;
  const rules = file && browser.files?.[file.field];
  if (file && rules) {
    const problem = await rules.check(new File([new Uint8Array(file.content)], file.filename));
    if (problem) errors[file.field] = problem;
  }
  if (result.ok && Object.keys(errors).length === 0) return result;
  return { ok: false, errors };
}

/** The form again, with what was posted and why it was not taken. */
export function postedAgain(
  browser: BrowserForm,
  post: HtmlPost,
  errors: Record<string, string>,
): PostedForm {
  return {
    form: browser.page,
    sent: false,
    values: post.values,
    errors,
    ...(post.file ? { fileNames: { [post.file.field]: post.file.filename } } : {}),
  };
}
