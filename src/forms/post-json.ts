import { language } from '../content/language';
import { visitHeader } from './visit-record';

/** How long a send may take before it counts as failed, so that the button never spins forever. */
export const SEND_TIMEOUT_MS = 20_000;

/** A form's fields as the receiver reads them: text, or a list of texts. */
export type SentBody = Record<string, string | readonly string[] | undefined>;

/** A file sent with the fields, as the part `name`. */
export interface Attachment {
  name: string;
  file: File;
}

const pendingKeys = new Map<string, { body: string; key: string }>();

function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The same key for a retry of the same body, so that the receiver stores a lead once even when an
 * answer was lost on the way back; a new key once the body changes or a send has succeeded.
 */
function idempotencyKey(endpoint: string, body: string): string {
  const pending = pendingKeys.get(endpoint);
  if (pending?.body === body) return pending.key;
  const key = randomKey();
  pendingKeys.set(endpoint, { body, key });
  return key;
}

function isSameOrigin(endpoint: string): boolean {
  return new URL(endpoint, window.location.href).origin === window.location.origin;
}

/** The JSON body's fields as text parts (a list repeats its name once per item), then the file. */
function multipart(body: SentBody, { name, file }: Attachment): FormData {
  const data = new FormData();
  for (const [field, value] of Object.entries(body)) {
    for (const item of typeof value === 'string' ? [value] : (value ?? []))
      data.append(field, item);
  }
  data.append(name, file, file.name);
  return data;
}

/**
 * POSTs `body` as JSON, or with a file as multipart/form-data, and resolves to whether the answer
 * was ok. A network failure or a timeout resolves to false: the caller keeps the form as typed and
 * says so.
 */
export async function postJson(
  endpoint: string,
  body: SentBody,
  attachment?: Attachment,
): Promise<boolean> {
  const json = JSON.stringify(body);
  // Without a Content-Type the browser writes the multipart one, with its boundary.
  // The page's language goes in a header (CORS-safelisted), so that the body is the same from the
  // English and the Spanish page and the owner still knows which one the visitor used.
  const headers: Record<string, string> = attachment
    ? { Accept: 'application/json', 'Content-Language': language.code }
    : {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'Content-Language': language.code,
      };
  // Only our own receiver knows the header; a third-party service might refuse it in CORS.
  if (isSameOrigin(endpoint)) {
    const file = attachment?.file;
    const identity = file ? [json, file.name, file.size, file.lastModified].join('\n') : json;
    headers['Idempotency-Key'] = idempotencyKey(endpoint, identity);
    // How the visit began (the page's first script kept it): the submission's source.
    const visit = visitHeader();
    if (visit) headers.Visit = visit;
  }
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers,
      body: attachment ? multipart(body, attachment) : json,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    if (response.ok) pendingKeys.delete(endpoint);
    return response.ok;
  } catch {
    return false;
  }
}
