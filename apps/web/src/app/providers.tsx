import { ConfigProvider, message } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useSettingsStore } from '../stores/settings-store';
import { antdTheme, applyFrameVars } from './themes';
import { ui } from './ui-bridge';

dayjs.locale('zh-cn');

function MessageBridge() {
  const [api, holder] = message.useMessage({ maxCount: 3 });
  ui.message = api;
  return holder;
}

/** antd (zh_CN, theme and text size of the user) and the message bridge. TanStack Query is provided by the frame. */
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
      <MessageBridge />
      {children}
    </ConfigProvider>
  );
}
