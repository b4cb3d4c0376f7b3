import { useEffect, useRef } from 'react';
import { usePageActive } from './keep-alive-outlet';

/** Whether a kept-alive page's query should be refetched: it was just shown again and its data is stale. */
export function shouldRefetchOnShow(wasActive: boolean, active: boolean, isStale: boolean): boolean {
  return active && !wasActive && isStale;
}

/**
 * Refetches a list when its kept-alive tab is shown again and its data is stale (older than
 * the query's staleTime, or invalidated by a save on another screen), so a list kept open in
 * a tab never shows what another screen has changed since.
 */
export function useRefetchOnShow(query: { isStale: boolean; refetch: () => unknown }): void {
  const active = usePageActive();
  const was = useRef(active);
  const { isStale, refetch } = query;
  useEffect(() => {
    if (shouldRefetchOnShow(was.current, active, isStale)) void refetch();
    was.current = active;
  }, [active, isStale, refetch]);
}
