import { describe, expect, it } from 'vitest';
import type { Auth } from '../constants/roles.js';
import { can } from '../permissions/can.js';
import type { Permission } from '../permissions/permissions.js';
import { MENU_ITEMS, visibleMenuItems } from './menu-tree.js';

describe('menu tree', () => {
  it('has unique ids, parents before children, and only known parents', () => {
    const ids = MENU_ITEMS.map((m) => m.menu_id);
    expect(new Set(ids).size).toBe(ids.length);
    const seen = new Set<number>([0]);
    for (const m of MENU_ITEMS) {
      expect(seen.has(m.parent_id), `${m.name} parent`).toBe(true);
      seen.add(m.menu_id);
    }
  });
  it('the first section is home with /index first', () => {
    expect(MENU_ITEMS[0]).toMatchObject({ url: '/index', parent_id: 0 });
    expect(MENU_ITEMS[1]).toMatchObject({ url: '/index', parent_id: MENU_ITEMS[0]!.menu_id });
  });
  it('every leaf url is a route of spec section 2 shape', () => {
    for (const m of MENU_ITEMS.filter((i) => i.parent_id !== 0)) expect(m.url).toMatch(/^\/[a-z0-9_/-]+$/i);
  });
});

describe('visibleMenuItems', () => {
  it('leaves out closed pages, their closed sections and sections with no open page', () => {
    const rows = [
      { menu_id: 1, parent_id: 0 },
      { menu_id: 11, parent_id: 1, permission: 'a' },
      { menu_id: 2, parent_id: 0 },
      { menu_id: 21, parent_id: 2, permission: 'b' },
      { menu_id: 3, parent_id: 0, permission: 'b' },
      { menu_id: 31, parent_id: 3 },
      { menu_id: 4, parent_id: 0 },
    ];
    const ids = visibleMenuItems(rows, (p) => !p || p === 'a').map((r) => r.menu_id);
    // Section 2 has pages, none open: hidden. Section 3 is closed itself. Section 4 is a page of its own.
    expect(ids).toEqual([1, 11, 4]);
  });
});

describe('the 订单 menu by role (spec section 6, issue 17)', () => {
  const orderPages = (auth: Auth) => {
    const user = { uid: 10, auth, parent_id: 0 };
    const rows = visibleMenuItems(MENU_ITEMS, (p) => !p || can(user, p as Permission, { internalIds: [] }));
    const section = MENU_ITEMS.find((m) => m.url === '/order' && m.parent_id === 0)!;
    return rows.filter((r) => r.parent_id === section.menu_id).map((r) => r.name);
  };
  it('shows each role only the order pages it may open', () => {
    const stock = ['备货商品', '入库记录', '出库记录'];
    // Buyers (auth 3) purchase: no 配货 (the warehouse's), no 店铺管理, no logistics.
    expect(orderPages(3)).toEqual(['订单首页', '订单处理', '订单导出', '销量统计', ...stock]);
    // Workers pack parcels and ship.
    expect(orderPages(2)).toEqual(expect.arrayContaining(['订单处理', '配货', '店铺管理', '运费审核', ...stock]));
    // Traders see only their fees; monitor users no order page (no 订单 section at all).
    expect(orderPages(5)).toEqual(['消费记录']);
    expect(orderPages(6)).toEqual([]);
  });
});

describe('pages whose first read needs shops (issue 29 §5)', () => {
  const names = (auth: Auth) => {
    const user = { uid: 10, auth, parent_id: 0 };
    return visibleMenuItems(MENU_ITEMS, (p) => !p || can(user, p as Permission, { internalIds: [] })).map(
      (r) => r.name,
    );
  };
  it('shows 上传记录 and 授权中心 only to the roles that use shops', () => {
    for (const auth of [0, 1, 2, 4] as const)
      expect(names(auth)).toEqual(expect.arrayContaining(['上传记录', '授权中心']));
    for (const auth of [3, 5, 6] as const) {
      expect(names(auth)).not.toContain('上传记录');
      expect(names(auth)).not.toContain('授权中心');
    }
  });
});
