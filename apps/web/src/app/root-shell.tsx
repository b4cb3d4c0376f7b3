import { useEffect } from 'react';
import { Outlet, useMatches, useNavigation, useRouteError } from 'react-router';
import { addLog } from '../stores/log-store';
import { useBrandingStore } from './bootstrap';
import type { RouteHandle } from './router';

type ProgressBar = typeof import('./progress-bar')['progressBar'];
let bar: ProgressBar | null = null;
let barWanted = false;

/** Starts or ends the progress bar; its code is loaded on the first navigation, not by the entry. */
function showProgress(busy: boolean): void {
  barWanted = busy;
  if (bar) {
    if (busy) bar.start();
    else bar.done();
    return;
  }
  if (!busy) return;
  void import('./progress-bar').then((m) => {
    if (bar) return;
    bar = m.progressBar;
    if (barWanted) bar.start();
  });
}

/** The deepest matched route's handle. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i]?.handle as RouteHandle | undefined;
    if (h?.meta) return h;
  }
  return undefined;
}

/** Root of every screen: progress bar on navigation and the page title from route meta. */
export function RootShell() {
  const navigation = useNavigation();
  const handle = useRouteHandle();
  const brand = useBrandingStore((s) => s.title);
  useEffect(() => {
    showProgress(navigation.state !== 'idle');
  }, [navigation.state]);
  useEffect(() => {
    document.title = handle?.meta.title ? `${handle.meta.title} - ${brand}` : brand;
  }, [handle, brand]);
  return <Outlet />;
}

/** Route-level error fallback: the error goes to the log (type danger), the user sees a short note. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    addLog(`页面错误: ${error instanceof Error ? error.message : String(error)}`, 'danger');
  }, [error]);
  return (
    <div style={{ padding: 48, textAlign: 'center', color: '#606266' }}>
      <p>页面加载失败,请刷新重试。</p>
      <button type="button" onClick={() => location.reload()}>
        刷新
      </button>
    </div>
  );
}
