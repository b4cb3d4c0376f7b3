import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useSettingsStore } from '../stores/settings-store';
import { antdTheme, applyFrameVars } from './themes';
import { ui } from './ui-bridge';

dayjs.locale('zh-cn');

/** One query client for the app; errors are toasted by the HTTP client, so no retries on 4xx. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

function UiBridge() {
  const { message, modal } = AntApp.useApp();
  ui.message = message;
  ui.modal = modal;
  return null;
}

/** antd (zh_CN, theme and text size of the user), antd App context and TanStack Query. */
export function AppProviders({ children }: { children: ReactNode }) {
  const theme = useSettingsStore((s) => s.theme);
  const size = useSettingsStore((s) => s.size);
  const greyscale = useSettingsStore((s) => s.greyscale);
  const config = useMemo(() => antdTheme(theme, size), [theme, size]);
  useEffect(() => applyFrameVars(theme, greyscale), [theme, greyscale]);
  useEffect(() => {
    document.documentElement.dataset.size = size;
  }, [size]);
  return (
    <ConfigProvider locale={zhCN} theme={config} button={{ autoInsertSpace: false }}>
      <AntApp message={{ maxCount: 3 }}>
        <UiBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
