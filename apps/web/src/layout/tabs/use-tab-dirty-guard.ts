import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { usePageKey } from '../keep-alive/keep-alive-outlet';
import { registerDirtyGuard } from './dirty-registry';

/**
 * Registers the page's unsaved-change predicate for its tab while it is mounted, so closing
 * or refreshing the tab (every command of the tab bar) asks first. `label` names the page in
 * the confirmation (default: the tab title). The latest functions are always used.
 */
export function useTabDirtyGuard(isDirty: () => boolean, label?: () => string): void {
  const pageKey = usePageKey();
  const location = useLocation();
  // Outside the keep-alive outlet: the URL when the page mounted (it is the current page then).
  const [mountedAt] = useState(() => location.pathname + location.search);
  const key = pageKey ?? mountedAt;
  const latest = useRef({ isDirty, label });
  latest.current = { isDirty, label };
  useEffect(
    () =>
      registerDirtyGuard(key, {
        isDirty: () => latest.current.isDirty(),
        label: () => latest.current.label?.() ?? '',
      }),
    [key],
  );
}
