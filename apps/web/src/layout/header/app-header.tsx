import {
  BugOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SearchOutlined,
  SkinOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useBrandingStore } from '../../app/bootstrap';
import { useSessionStore } from '../../stores/session-store';
import { useSettingsStore } from '../../stores/settings-store';
import { MessageBell } from './message-bell';
import { SizeDropdown } from './size-dropdown';
import { TopMenu } from './top-menu';
import { UserMenu } from './user-menu';

interface Props {
  onSearch: () => void;
  onTheme: () => void;
}

function useFullscreen() {
  const [on, setOn] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const listener = () => setOn(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', listener);
    return () => document.removeEventListener('fullscreenchange', listener);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  return [on, toggle] as const;
}

/** Frame header: logo, side-menu toggle, top menu, account, search, fullscreen, theme, text size, user menu. */
export function AppHeader({ onSearch, onTheme }: Props) {
  const brand = useBrandingStore();
  const collapsed = useSettingsStore((s) => s.collapse);
  const setCollapse = useSettingsStore((s) => s.setCollapse);
  const user = useSessionStore((s) => s.user);
  const [fullscreen, toggleFullscreen] = useFullscreen();
  const navigate = useNavigate();
  const logo = collapsed ? brand.logo_small || brand.logo : brand.logo;

  return (
    <header className="frame-header">
      <button
        type="button"
        className={`frame-logo${collapsed ? ' is-collapsed' : ''}`}
        onClick={() => navigate('/index')}
        title={brand.title}
      >
        {logo ? <img src={logo} alt={brand.title} /> : <span>{collapsed ? brand.title.slice(0, 1) : brand.title}</span>}
      </button>
      <Button
        type="text"
        className="header-btn"
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        aria-label={collapsed ? '展开侧边栏' : '收起侧边栏'}
        data-testid="menu-toggle"
        onClick={() => setCollapse(!collapsed)}
      />
      <TopMenu />
      <div className="header-actions">
        <span className="header-account" data-testid="header-account">
          {user?.account ?? user?.user_name}
        </span>
        <Button
          type="text"
          className="header-btn"
          icon={<SearchOutlined />}
          aria-label="搜索菜单"
          title="搜索菜单"
          onClick={onSearch}
          data-testid="open-search"
        />
        <Button
          type="text"
          className="header-btn"
          icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          aria-label="全屏"
          title="全屏"
          onClick={toggleFullscreen}
        />
        <Button
          type="text"
          className="header-btn"
          icon={<SkinOutlined />}
          aria-label="主题"
          title="主题"
          onClick={onTheme}
          data-testid="open-theme"
        />
        <SizeDropdown />
        <MessageBell />
        {import.meta.env.DEV && (
          <Button
            type="text"
            className="header-btn"
            icon={<BugOutlined />}
            aria-label="日志"
            title="日志"
            onClick={() => navigate('/log')}
          />
        )}
        <UserMenu />
      </div>
    </header>
  );
}
