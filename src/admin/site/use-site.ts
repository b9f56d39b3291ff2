import { useCallback, useEffect, useState } from 'react';
import { siteApi } from '../api';
import type { SiteOverview } from '../site-contract';

export type OverviewState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; overview: SiteOverview };

/**
 * The site's overview (what is live, the draft, the checklist). `refresh` asks again and keeps
 * showing the last answer meanwhile (after a publish); `retry` starts again after a failure.
 */
export function useSiteOverview() {
  const [state, setState] = useState<OverviewState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    siteApi.overview().then(
      (overview) => current && setState({ status: 'ready', overview }),
      () => current && setState((now) => (now.status === 'ready' ? now : { status: 'failed' })),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  const refresh = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry, refresh };
}
