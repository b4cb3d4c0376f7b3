import { describe, expect, it } from 'vitest';
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
