import { useCallback, useEffect, useState } from 'react';
import { adminApi } from '../api';
import type { InboxItem, InboxPage } from '../contract';
import { forgetEarlyList, takeEarlyList } from './early-list';
import { apiQuery } from './inbox-query';

export type InboxState =
  | { status: 'loading' }
  | { status: 'failed' }
  | {
      status: 'ready';
      items: InboxItem[];
      next: string | null;
      counts: InboxPage['counts'];
      needsReply: InboxPage['needsReply'];
      loadingMore: boolean;
    };

/**
 * The list for the filters in `params`: a new page 1 whenever they change (an answer for filters
 * no longer shown is dropped), and more pages on request.
 */
export function useInbox(params: URLSearchParams) {
  const key = params.toString();
  const [state, setState] = useState<InboxState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    // The first page may be on its way already (early-list.ts: the signed-in frame was painted).
    const request =
      takeEarlyList(key) ??
      adminApi.submissions(apiQuery(new URLSearchParams(key)), controller.signal);
    request.then(
      (page) => {
        // An abort while the body was being read resolves (with an empty body), not rejects.
        if (controller.signal.aborted) return;
        forgetEarlyList();
        setState({ status: 'ready', ...page, loadingMore: false });
      },
      () => {
        if (controller.signal.aborted) return;
        forgetEarlyList();
        setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const loadMore = useCallback(async () => {
    if (state.status !== 'ready' || !state.next || state.loadingMore) return;
    const loading: InboxState = { ...state, loadingMore: true };
    setState(loading);
    // Unless the list was replaced meanwhile (other filters, a retry): then the page is dropped.
    const settle = (next: InboxState) =>
      setState((current) => (current === loading ? next : current));
    try {
      const page = await adminApi.submissions(apiQuery(new URLSearchParams(key), state.next));
      settle({
        status: 'ready',
        items: [...state.items, ...page.items],
        next: page.next,
        counts: page.counts,
        needsReply: page.needsReply,
        loadingMore: false,
      });
    } catch {
      settle({ ...state, loadingMore: false });
    }
  }, [key, state]);

  return { state, loadMore, retry: () => setAttempt((n) => n + 1) };
}
