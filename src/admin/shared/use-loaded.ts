import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api';

/** What a page asked of the server: on its way, not there (404), failed, or come. */
export type Loaded<T> =
  { status: 'loading' | 'missing' | 'failed' } | { status: 'ready'; value: T };

/**
 * Loads what a page shows, again when `key` changes (another submission) or on `retry` after a
 * failure; an answer that comes after the page moved on is dropped. `set` puts in what a change
 * answered (a saved template), without asking again.
 */
export function useLoaded<T>(load: () => Promise<T>, key = '') {
  const [loaded, setLoaded] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(load);
  // The load of the latest render (its `key`'s), kept before the effect below runs it.
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    let current = true;
    latest.current().then(
      (value) => current && setLoaded({ status: 'ready', value }),
      (error: unknown) =>
        current &&
        setLoaded({
          status: error instanceof ApiError && error.status === 404 ? 'missing' : 'failed',
        }),
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);
  const retry = useCallback(() => {
    setLoaded({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  const set = useCallback((value: T) => setLoaded({ status: 'ready', value }), []);
  return { loaded, retry, set };
}
