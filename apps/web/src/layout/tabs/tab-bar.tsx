import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, Tabs } from 'antd';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HOME_TAB } from '../../stores/tabs-reducer';
import { useTabsStore } from '../../stores/tabs-store';
import { currentTabOf, routerTarget } from './router-target';
import { useTabActions } from './use-tab-actions';

/** Menu of tab commands; the home tab offers only close-all (spec section 2). */
export function tabMenuItems(isHome: boolean): MenuProps['items'] {
  if (isHome) return [{ key: 'all', label: '全部关闭' }];
  return [
    { key: 'refresh', label: '刷新' },
    { type: 'divider' },
    { key: 'left', label: '关闭左侧' },
    { key: 'right', label: '关闭右侧' },
    { key: 'other', label: '关闭其它' },
    { key: 'all', label: '全部关闭' },
  ];
}

/**
 * The tab workspace bar: click to switch, x or middle click to close, right-click and the
 * dropdown for the commands. Every close and refresh asks first when the page has unsaved input.
 */
export function TabBar() {
  const opened = useTabsStore((s) => s.opened);
  const current = useTabsStore((s) => s.current);
  const navigate = useNavigate();
  const run = useTabActions();
  const location = useLocation();
  // The active tab follows the URL as soon as it changes (the store catches up in an effect).
  const here = location.pathname + location.search;
  const active = opened.some((t) => t.fullPath === here) ? here : current;
  const currentIsHome = active === HOME_TAB.fullPath;
  const bar = useRef<HTMLDivElement>(null);
  const runRef = useRef(run);
  runRef.current = run;
  // Middle click on a tab closes it, through the same guarded command as the x button.
  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    const tabOf = (e: MouseEvent) =>
      e.button === 1 ? (e.target as Element).closest?.('.ant-tabs-tab')?.querySelector('[data-tab]') : null;
    const onDown = (e: MouseEvent) => {
      if (tabOf(e)) e.preventDefault(); // no autoscroll cursor
    };
    const onAux = (e: MouseEvent) => {
      const key = tabOf(e)?.getAttribute('data-tab');
      if (!key || key === HOME_TAB.fullPath) return;
      e.preventDefault();
      runRef.current('close', key);
    };
    el.addEventListener('mousedown', onDown);
    el.addEventListener('auxclick', onAux);
    return () => {
      el.removeEventListener('mousedown', onDown);
      el.removeEventListener('auxclick', onAux);
    };
  }, []);

  return (
    <div className="tab-bar" data-testid="tab-bar" ref={bar}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={active}
        onTabClick={(key) => {
          // Not `here`: a click on the tab that still looks active while another page is being
          // rendered must go back to it, not be dropped.
          if (key !== routerTarget()) navigate(key);
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') run('close', key);
        }}
        items={opened.map((t) => ({
          key: t.fullPath,
          closable: t.fullPath !== HOME_TAB.fullPath,
          label: (
            <Dropdown
              trigger={['contextMenu']}
              menu={{
                items: tabMenuItems(t.fullPath === HOME_TAB.fullPath),
                // The menu is portalled but React events bubble to the tab: do not let it switch tabs.
                onClick: ({ key, domEvent }) => {
                  domEvent.stopPropagation();
                  run(key, t.fullPath);
                },
              }}
            >
              <span className="tab-label" data-tab={t.fullPath}>
                {t.meta.title}
              </span>
            </Dropdown>
          ),
        }))}
      />
      <Dropdown
        trigger={['click']}
        menu={{
          items: tabMenuItems(currentIsHome),
          // The tab the user is on now, which may not be the one the bar still shows active.
          onClick: ({ key }) => run(key, currentTabOf(useTabsStore.getState().opened, active)),
        }}
      >
        <Button
          size="small"
          className="tab-bar-menu"
          icon={<DownOutlined />}
          aria-label="标签页操作"
          data-testid="tab-commands"
        />
      </Dropdown>
    </div>
  );
}
