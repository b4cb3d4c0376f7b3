import { MENU_ITEMS, type MenuItem } from '@console/shared/menu/menu-tree';
import { can } from '@console/shared/permissions/can';
import { describe, expect, it } from 'vitest';
import { buildMenus, flattenLeaves, resolveMenuSelect, searchEntries, sectionOf, selectedKeyOf } from './menu-model';

const row = (menu_id: number, parent_id: number, name: string, url: string, is_navi: 0 | 1 = 1): MenuItem => ({
  menu_id,
  parent_id,
  name,
  url,
  icon: '',
  is_navi,
  remark: '',
  sort: menu_id,
});

describe('menu building', () => {
  it('keeps only is_navi rows; parent_id 0 goes to the top bar, everything to the side tree', () => {
    const { header, aside } = buildMenus([
      row(1, 0, 'A', '/a'),
      row(101, 1, 'A1', '/a/one'),
      row(102, 1, 'hidden', '/a/hidden', 0),
      row(2, 0, 'B', '/b'),
    ]);
    expect(header.map((n) => n.title)).toEqual(['A', 'B']);
    expect(aside[0]?.children?.map((n) => n.title)).toEqual(['A1']);
  });

  it('builds the shared menu for a worker without the system admin pages', () => {
    const worker = { uid: 9, auth: 2 as const, parent_id: 1 };
    const { aside } = buildMenus(MENU_ITEMS.filter((m) => !m.permission || can(worker, m.permission)));
    const leaves = flattenLeaves(aside).map((e) => e.path);
    expect(leaves).toContain('/goods/admin/list');
    expect(leaves).not.toContain('/system/admin/member');
    expect(leaves).not.toContain('/system/admin/opera-log');
  });
});

describe('menu selection', () => {
  it("warns '临时菜单' for an empty or placeholder id", () => {
    expect(resolveMenuSelect({ menu_id: '', path: '/a' })).toEqual({ type: 'warn', message: '临时菜单' });
    expect(resolveMenuSelect({ menu_id: 'd2-menu-empty-3', path: '' })).toEqual({ type: 'warn', message: '临时菜单' });
  });
  it('opens http(s) links outside', () => {
    expect(resolveMenuSelect({ menu_id: 5, path: 'https://example.com/x' })).toEqual({
      type: 'external',
      url: 'https://example.com/x',
    });
  });
  it('goes to the first child of a top-level entry with children, else to its path', () => {
    const { header } = buildMenus([row(1, 0, 'A', '/a'), row(101, 1, 'A1', '/a/one'), row(102, 1, 'A2', '/a/two')]);
    expect(resolveMenuSelect(header[0] as never)).toEqual({ type: 'navigate', path: '/a/one' });
    expect(resolveMenuSelect({ menu_id: 7, path: '/x' })).toEqual({ type: 'navigate', path: '/x' });
  });
});

describe('side menu sections', () => {
  const { aside } = buildMenus(MENU_ITEMS);
  it('opens the section containing the route', () => {
    expect(sectionOf('/system/admin/member', aside)?.title).toBe('系统');
    expect(selectedKeyOf('/system/admin/member', aside)).toBe('/system/admin/member');
  });
  it('always opens goods for goods routes, even ones not in the menu', () => {
    expect(sectionOf('/goods/admin/update/42', aside)?.title).toBe('商品');
    expect(sectionOf('/goods/amazon/error_feed/1/2', aside)?.title).toBe('商品');
  });
  it('shows the first menu for /index paths', () => {
    expect(sectionOf('/index/gpsr', aside)).toBe(aside[0]);
  });
});

describe('search panel entries', () => {
  it("lists leaf pages with titles joined by ' / ' and filters them", () => {
    const { aside } = buildMenus(MENU_ITEMS);
    const entries = flattenLeaves(aside);
    expect(entries.find((e) => e.path === '/system/admin/opera-log')?.fullTitle).toBe('系统 / 操作日志');
    expect(entries.every((e) => !e.node.children?.length)).toBe(true);
    expect(searchEntries(entries, '操作日志').map((e) => e.path)).toEqual(['/system/admin/opera-log']);
  });
});
