import { createContext, type ReactElement, useContext, useMemo, useRef } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { useRouteHandle } from '../../app/root-shell';
import { useSettingsStore } from '../../stores/settings-store';
import { useTabsStore } from '../../stores/tabs-store';
import { PaneDialogs } from './pane-dialogs';

const ActiveContext = createContext(true);
const PageKeyContext = createContext<string | null>(null);

/** Whether the page is the visible one (kept-alive pages stay mounted but hidden). */
export function usePageActive(): boolean {
  return useContext(ActiveContext);
}

/**
 * The tab key (fullPath) of the page being rendered, also while it is kept hidden (where
 * `useLocation` shows another page's URL). Null outside the frame's outlet.
 */
export function usePageKey(): string | null {
  return useContext(PageKeyContext);
}

/**
 * The query of the page's own tab. A kept-alive page must read this rather than
 * `useSearchParams`, which while it is hidden answers the visible tab's query (so a hidden
 * `/order/list` would take the filters of `/order/list?oversold=1`).
 */
export function usePageSearchParams(): URLSearchParams {
  const key = usePageKey();
  const location = useLocation();
  const search = key === null ? location.search : key.slice(key.indexOf('?') + 1 || key.length);
  return useMemo(() => new URLSearchParams(search), [search]);
}

interface Cached {
  element: ReactElement;
  version: number;
}

/**
 * Renders the current route and keeps pages whose meta has `cache` mounted (hidden) while
 * their tab stays open, so form input, scroll and table page survive tab switches. A tab
 * refresh or close bumps the page's version, which drops its state.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const location = useLocation();
  const handle = useRouteHandle();
  const opened = useTabsStore((s) => s.opened);
  const versions = useTabsStore((s) => s.versions);
  const transition = useSettingsStore((s) => s.transition);
  const cache = useRef(new Map<string, Cached>());
  const key = location.pathname + location.search;
  const cacheable = Boolean(handle?.meta.cache && !handle.meta.hidden);

  for (const [k, v] of cache.current) {
    const stale = (versions[k] ?? 0) !== v.version;
    const closed = k !== key && !opened.some((t) => t.fullPath === k);
    if (stale || closed) cache.current.delete(k);
  }
  if (cacheable && outlet) cache.current.set(key, { element: outlet, version: versions[key] ?? 0 });

  const enter = transition ? ' page-enter' : '';
  return (
    <>
      {[...cache.current].map(([k, v]) => (
        <div
          key={`${k}#${v.version}`}
          className={`keep-alive-pane${k === key ? enter : ''}`}
          style={k === key && cacheable ? undefined : { display: 'none' }}
          data-page={k}
        >
          <PageKeyContext.Provider value={k}>
            <ActiveContext.Provider value={k === key && cacheable}>
              <PaneDialogs active={k === key && cacheable}>{v.element}</PaneDialogs>
            </ActiveContext.Provider>
          </PageKeyContext.Provider>
        </div>
      ))}
      {!cacheable && (
        <div key={`live:${key}`} className={`keep-alive-pane${enter}`} data-page={key}>
          <PageKeyContext.Provider value={key}>{outlet}</PageKeyContext.Provider>
        </div>
      )}
    </>
  );
}
