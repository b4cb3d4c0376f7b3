import { ConfigProvider, message } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useSettingsStore } from '../stores/settings-store';
import { antdTheme, applyFrameVars } from './themes';
import { modalRequest, ui } from './ui-bridge';

dayjs.locale('zh-cn');

function MessageBridge() {
  const [api, holder] = message.useMessage({ maxCount: 3 });
  ui.message = api;
  return holder;
}

const LazyModalBridge = lazy(() => import('./modal-bridge').then((m) => ({ default: m.ModalBridge })));

/**
 * A dialog host outside the frame, loaded only when asked for (`requestModal`): e.g. the
 * 授权过期 confirmation of the startup check, shown before any screen renders.
 */
function OnDemandModalHost() {
  const wanted = useSyncExternalStore(modalRequest.subscribe, modalRequest.wanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyModalBridge />
    </Suspense>
  );
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the system asks for reduced motion, following changes while the page is open. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia?.(REDUCED_MOTION);
      query?.addEventListener('change', onChange);
      return () => query?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
  );
}

/** antd (zh_CN, theme and text size of the user) and the message bridge. TanStack Query is provided by the frame. */
export function AppProviders({ children }: { children: ReactNode }) {
  const theme = useSettingsStore((s) => s.theme);
  const size = useSettingsStore((s) => s.size);
  const greyscale = useSettingsStore((s) => s.greyscale);
  const reducedMotion = usePrefersReducedMotion();
  const config = useMemo(() => antdTheme(theme, size, reducedMotion), [theme, size, reducedMotion]);
  useEffect(() => applyFrameVars(theme, greyscale), [theme, greyscale]);
  useEffect(() => {
    document.documentElement.dataset.size = size;
  }, [size]);
  return (
    <ConfigProvider locale={zhCN} theme={config} button={{ autoInsertSpace: false }}>
      <MessageBridge />
      <OnDemandModalHost />
      {children}
    </ConfigProvider>
  );
}
