import { QueryClientProvider } from '@tanstack/react-query';
import { Layout } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { AntdProviders } from '../app/antd-providers';
import { ModalBridge } from '../app/modal-bridge';
import { queryClient } from '../app/query-client';
import { useRouteHandle } from '../app/root-shell';
import { themeByName } from '../app/themes';
import { useSettingsStore } from '../stores/settings-store';
import { HOME_TAB, splitFullPath } from '../stores/tabs-reducer';
import { useTabsStore } from '../stores/tabs-store';
import { UNION_LOGIN_KEY } from '../stores/user-storage';
import { AppFooter } from './footer/app-footer';
import './frame.css';
import { AppHeader } from './header/app-header';
import { BrowserBanner } from './header/browser-banner';
import { KeepAliveOutlet } from './keep-alive/keep-alive-outlet';
import { SideMenu } from './menu/side-menu';
import { SearchPanel } from './search/search-panel';
import { shouldResetTabsOnMount } from './tabs/mount-rule';
import { TabBar } from './tabs/tab-bar';
import { ThemeDialog } from './theme/theme-dialog';

/** Side menu widths (spec section 2: 150 px / 65 px). */
export const SIDER_WIDTH = 150;
export const SIDER_COLLAPSED_WIDTH = 65;

/** Opens every navigation as a tab, titled from its route meta. */
function useOpenTabs() {
  const location = useLocation();
  const params = useParams();
  const handle = useRouteHandle();
  const mounted = useRef(false);
  if (!mounted.current) {
    mounted.current = true;
    const union = sessionStorage.getItem(UNION_LOGIN_KEY) !== null;
    if (shouldResetTabsOnMount(location.pathname, import.meta.env.DEV, union)) {
      const { opened, commit } = useTabsStore.getState();
      commit({ opened: [HOME_TAB], removed: opened.slice(1) });
    }
  }
  useEffect(() => {
    if (!handle || handle.meta.hidden) return;
    const fullPath = location.pathname + location.search;
    const { query } = splitFullPath(fullPath);
    const clean = Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined));
    useTabsStore
      .getState()
      .open({ fullPath, name: handle.name, path: location.pathname, params: clean, query, meta: handle.meta });
  }, [location.pathname, location.search, handle, params]);
}

/** The console frame: header, side menu, tab workspace with kept-alive pages, footer. */
export function FrameLayout() {
  const collapsed = useSettingsStore((s) => s.collapse);
  const dark = themeByName(useSettingsStore((s) => s.theme)).darkMenu;
  const [search, setSearch] = useState(false);
  const [theme, setTheme] = useState(false);
  const closeSearch = useCallback(() => setSearch(false), []);
  useOpenTabs();

  return (
    <AntdProviders>
      <QueryClientProvider client={queryClient}>
        <Layout className="frame">
          <ModalBridge />
          <BrowserBanner />
          <AppHeader onSearch={() => setSearch((v) => !v)} onTheme={() => setTheme(true)} />
          <Layout className="frame-body">
            <Layout.Sider
              className={`frame-sider${dark ? ' is-dark' : ''}`}
              width={SIDER_WIDTH}
              collapsedWidth={SIDER_COLLAPSED_WIDTH}
              collapsed={collapsed}
              trigger={null}
              data-testid="sider"
            >
              <SideMenu />
            </Layout.Sider>
            <Layout className="frame-main">
              <TabBar />
              <main className="frame-content">
                <KeepAliveOutlet />
              </main>
              <AppFooter />
            </Layout>
          </Layout>
          <SearchPanel open={search} onClose={closeSearch} />
          <ThemeDialog open={theme} onClose={() => setTheme(false)} />
        </Layout>
      </QueryClientProvider>
    </AntdProviders>
  );
}
