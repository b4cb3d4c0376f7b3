import type { MenuItem } from '@console/shared/menu/menu-tree';

/** A menu node of the top bar or side tree (spec section 3 "Menu item"). */
export interface MenuNode {
  key: string;
  menu_id: number | string;
  parent_id: number;
  path: string;
  title: string;
  icon: string;
  remark: string;
  children?: MenuNode[];
}

/** Menus built from the source rows: top bar (parent_id 0) and the full side tree. */
export interface BuiltMenus {
  header: MenuNode[];
  aside: MenuNode[];
}

const PLACEHOLDER_PREFIX = 'd2-menu-empty-';

/**
 * Builds the menus (spec section 2 "Menu building"): only rows with is_navi appear; rows
 * with parent_id 0 go to the top bar; all go to the side tree under their parents.
 */
export function buildMenus(source: readonly MenuItem[]): BuiltMenus {
  const rows = source.filter((r) => r.is_navi === 1 || (r.is_navi as unknown) === true).slice();
  rows.sort((a, b) => a.sort - b.sort || a.menu_id - b.menu_id);
  const byId = new Map<number, MenuNode>();
  for (const r of rows) {
    byId.set(r.menu_id, {
      key: r.url || `${PLACEHOLDER_PREFIX}${r.menu_id}`,
      menu_id: r.menu_id,
      parent_id: r.parent_id,
      path: r.url,
      title: r.name,
      icon: r.icon,
      remark: r.remark,
    });
  }
  const aside: MenuNode[] = [];
  for (const r of rows) {
    const node = byId.get(r.menu_id) as MenuNode;
    const parent = r.parent_id ? byId.get(r.parent_id) : undefined;
    if (parent) {
      parent.children ??= [];
      parent.children.push(node);
    } else if (r.parent_id === 0) {
      aside.push(node);
    }
  }
  return { header: aside.filter((n) => n.parent_id === 0), aside };
}

/** What a menu click does (spec section 2 "Menu selection"). */
export type MenuAction =
  | { type: 'warn'; message: '临时菜单' }
  | { type: 'external'; url: string }
  | { type: 'navigate'; path: string };

/** Decides what selecting a node does: placeholder -> warning, http(s) -> outside, parent -> first child. */
export function resolveMenuSelect(node: Pick<MenuNode, 'path' | 'menu_id' | 'children'>): MenuAction {
  const id = String(node.menu_id ?? '');
  if (!id || id.startsWith(PLACEHOLDER_PREFIX)) return { type: 'warn', message: '临时菜单' };
  const first = node.children?.find((c) => c.path);
  if (first) return resolveMenuSelect(first);
  if (!node.path) return { type: 'warn', message: '临时菜单' };
  if (/^https?:\/\//i.test(node.path)) return { type: 'external', url: node.path };
  return { type: 'navigate', path: node.path };
}

/** The top section a path belongs to: goods routes always open goods; /index paths the first menu. */
export function sectionOf(path: string, aside: readonly MenuNode[]): MenuNode | undefined {
  if (path.startsWith('/index')) return aside[0];
  if (path === '/goods' || path.startsWith('/goods/')) return aside.find((n) => n.path === '/goods');
  const contains = (n: MenuNode): boolean =>
    n.path === path || (n.children ?? []).some((c) => contains(c)) || (!!n.path && path.startsWith(`${n.path}/`));
  return aside.find(contains);
}

/** Key of the deepest node matching the path (for the selected entry of the side menu). */
export function selectedKeyOf(path: string, aside: readonly MenuNode[]): string | undefined {
  let best: MenuNode | undefined;
  const walk = (nodes: readonly MenuNode[]) => {
    for (const n of nodes) {
      if (n.path && (path === n.path || path.startsWith(`${n.path}/`)) && (!best || n.path.length > best.path.length)) {
        if (!n.children?.length) best = n;
      }
      if (n.children) walk(n.children);
    }
  };
  walk(aside);
  return best?.key;
}

/** One entry of the search panel: a leaf page with its full title 'A / B'. */
export interface SearchEntry {
  path: string;
  fullTitle: string;
  node: MenuNode;
}

/** Flat list of all leaf pages with titles joined by ' / ' (spec section 2 "Search panel"). */
export function flattenLeaves(aside: readonly MenuNode[], trail: string[] = []): SearchEntry[] {
  return aside.flatMap((n) =>
    n.children?.length
      ? flattenLeaves(n.children, [...trail, n.title])
      : [{ path: n.path, fullTitle: [...trail, n.title].join(' / '), node: n }],
  );
}

/** Case-insensitive filter of the search entries by title or path. */
export function searchEntries(entries: readonly SearchEntry[], text: string): SearchEntry[] {
  const q = text.trim().toLowerCase();
  if (!q) return [...entries];
  return entries.filter((e) => e.fullTitle.toLowerCase().includes(q) || e.path.toLowerCase().includes(q));
}
