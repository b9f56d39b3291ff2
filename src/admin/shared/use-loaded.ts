import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api';

/** What a page asked of the server: on its way, not there (404), failed, or come. */
export type Loaded<T> =
  { status: 'loading' | 'missing' | 'failed' } | { status: 'ready'; value: T };

const LOADING = { status: 'loading' } as const;

/**
 * Loads what a page shows, again when `key` changes (another submission: what the last one
 * showed is not shown meanwhile) or on `retry` after a failure. A load the page has moved on
 * from is aborted through `signal`, and its answer dropped. `set` puts in what a change answered
 * (a saved template), without asking again.
 */
export function useLoaded<T>(load: (signal: AbortSignal) => Promise<T>, key = '') {
  const [state, setState] = useState<{ key: string; loaded: Loaded<T> }>({ key, loaded: LOADING });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(load);
  // The load of the latest render (its `key`'s), kept before the effect below runs it.
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    const controller = new AbortController();
    // An abort while a body is read may resolve (with an empty body): the signal decides.
    const settle = (loaded: Loaded<T>) => {
      if (!controller.signal.aborted) setState({ key, loaded });
    };
    latest.current(controller.signal).then(
      (value) => settle({ status: 'ready', value }),
      (error: unknown) =>
        settle({
          status: error instanceof ApiError && error.status === 404 ? 'missing' : 'failed',
        }),
    );
    return () => controller.abort();
  }, [key, attempt]);
  // Only for the key shown: a save of the last submission that answers after the page moved on
  // to another must not take the other's place.
  const put = useCallback(
    (loaded: Loaded<T>) => setState((last) => (last.key === key ? { key, loaded } : last)),
    [key],
  );
  const retry = useCallback(() => {
    put(LOADING);
    setAttempt((n) => n + 1);
  }, [put]);
  const set = useCallback((value: T) => put({ status: 'ready', value }), [put]);
  return { loaded: state.key === key ? state.loaded : LOADING, retry, set };
}
