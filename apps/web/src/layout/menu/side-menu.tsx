import { Empty, Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { themeByName } from '../../app/themes';
import { useSettingsStore } from '../../stores/settings-store';
import { menuIcon } from './menu-icon';
import { type MenuNode, sectionOf, selectedKeyOf } from './menu-model';
import { useMenuSelect, useMenus } from './use-menus';

type Item = Required<MenuProps>['items'][number];

function toItems(nodes: readonly MenuNode[], top: boolean): Item[] {
  return nodes.map((n) =>
    n.children?.length
      ? { key: `sub:${n.key}`, label: n.title, icon: menuIcon(n.icon, top), children: toItems(n.children, false) }
      : { key: n.key, label: n.title, icon: menuIcon(n.icon, top), title: n.title },
  );
}

function findNode(nodes: readonly MenuNode[], key: string): MenuNode | undefined {
  for (const n of nodes) {
    if (n.key === key) return n;
    const hit = n.children && findNode(n.children, key);
    if (hit) return hit;
  }
  return undefined;
}

/** Side menu: accordion tree, the current route's section opened ('没有侧边栏菜单' when empty). */
export function SideMenu() {
  const { aside } = useMenus();
  const collapsed = useSettingsStore((s) => s.collapse);
  const dark = themeByName(useSettingsStore((s) => s.theme)).darkMenu;
  const { pathname } = useLocation();
  const select = useMenuSelect();
  const items = useMemo(() => toItems(aside, true), [aside]);
  const section = sectionOf(pathname, aside);
  const [openKeys, setOpenKeys] = useState<string[]>(section ? [`sub:${section.key}`] : []);

  // Open the current route's section on navigation and when the menu expands again.
  useEffect(() => {
    if (section && !collapsed) setOpenKeys([`sub:${section.key}`]);
  }, [section, collapsed]);

  if (aside.length === 0) {
    return <Empty className="side-menu-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有侧边栏菜单" />;
  }
  const selected = selectedKeyOf(pathname, aside);
  return (
    <Menu
      className="side-menu"
      mode="inline"
      theme={dark ? 'dark' : 'light'}
      inlineCollapsed={collapsed}
      inlineIndent={12}
      items={items}
      selectedKeys={selected ? [selected] : []}
      {...(collapsed ? {} : { openKeys })}
      // Accordion: opening a section closes the others.
      onOpenChange={(keys) => {
        // Collapsing closes every section; that must not forget the expanded state.
        if (!collapsed) setOpenKeys(keys.length ? [keys[keys.length - 1] as string] : []);
      }}
      onClick={({ key }) => {
        const node = findNode(aside, key);
        if (node) select(node);
      }}
    />
  );
}
