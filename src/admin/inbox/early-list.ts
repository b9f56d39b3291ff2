import { adminApi } from '../api';
import type { InboxPage } from '../contract';
import { apiQuery } from './inbox-query';

/**
 * The list's first page asked for as the script starts, when the document painted the signed-in
 * frame (first-paint.ts's 'loading'): in parallel with the session's call, not after it (a repeat
 * visit would otherwise wait for two round trips in series). `useInbox` takes it for the same
 * filters until it has shown its answer (an effect run again before that, as StrictMode does, takes
 * it again); anything after that, or other filters, asks again.
 */
let early: { key: string; page: Promise<InboxPage> } | undefined;

/** The filters of the list a hash route shows (`#/?status=new`), or undefined for another page. */
export function listKeyOf(hash: string): string | undefined {
  const route = hash.replace(/^#/, '') || '/';
  const [path = '/', search = ''] = route.split('?', 2);
  return path === '/' || path === '' ? new URLSearchParams(search).toString() : undefined;
}

/** Starts the list's request for the page's address, when that address is the list. */
export function startListEarly(hash: string) {
  const key = listKeyOf(hash);
  if (key === undefined) return;
  const page = adminApi.submissions(apiQuery(new URLSearchParams(key)));
  // Its failure is the one useInbox sees when it takes it (or nobody's, when it never does).
  page.catch(() => undefined);
  early = { key, page };
}

/** The early request for these filters (undefined: ask the API). */
export function takeEarlyList(key: string): Promise<InboxPage> | undefined {
  if (early?.key === key) return early.page;
  early = undefined;
  return undefined;
}

/** The list has shown an answer (or its failure): a retry or a reload of it asks the API. */
export function forgetEarlyList() {
  early = undefined;
}
