import { lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useSettingsStore } from '../stores/settings-store';
import { applyFrameVars } from './themes';
import { hostRequest } from './ui-bridge';

const LazyFeedbackHost = lazy(() => import('./feedback-host').then((m) => ({ default: m.FeedbackHost })));

/**
 * A message and dialog host for screens that have none (the sign-in screen's error toast, the
 * 授权过期 confirmation of the startup check, shown before any screen renders), loaded only
 * when asked for (`ui-bridge.ts`).
 */
function OnDemandFeedbackHost() {
  const wanted = useSyncExternalStore(hostRequest.subscribe, hostRequest.wanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyFeedbackHost />
    </Suspense>
  );
}

/**
 * The entry's providers: the theme's CSS variables, text size and greyscale on the document,
 * and the on-demand feedback host. antd's own providers come with the screens that use antd
 * (`antd-providers.tsx`), TanStack Query with the frame.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const theme = useSettingsStore((s) => s.theme);
  const size = useSettingsStore((s) => s.size);
  const greyscale = useSettingsStore((s) => s.greyscale);
  useEffect(() => applyFrameVars(theme, greyscale), [theme, greyscale]);
  useEffect(() => {
    document.documentElement.dataset.size = size;
  }, [size]);
  return (
    <>
      <OnDemandFeedbackHost />
      {children}
    </>
  );
}
