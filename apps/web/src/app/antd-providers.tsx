import { ConfigProvider, message } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useSettingsStore } from '../stores/settings-store';
import { antdTheme } from './themes';
import { messageReady, ui } from './ui-bridge';

dayjs.locale('zh-cn');

function MessageBridge() {
  const [api, holder] = message.useMessage({ maxCount: 3 });
  ui.message = api;
  useEffect(() => messageReady(api), [api]);
  return holder;
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

/**
 * antd (zh_CN, dayjs zh-cn, the user's theme and text size) and the message bridge, around
 * the screens that use antd: the frame, the QR confirmation page, the 404 page and the
 * on-demand feedback host. Not in the entry, so the sign-in screen loads no antd
 * (docs/web.md "Sign-in screen size").
 */
export function AntdProviders({ children }: { children?: ReactNode }) {
  const theme = useSettingsStore((s) => s.theme);
  const size = useSettingsStore((s) => s.size);
  const reducedMotion = usePrefersReducedMotion();
  const config = useMemo(() => antdTheme(theme, size, reducedMotion), [theme, size, reducedMotion]);
  return (
    <ConfigProvider locale={zhCN} theme={config} button={{ autoInsertSpace: false }}>
      <MessageBridge />
      {children}
    </ConfigProvider>
  );
}
