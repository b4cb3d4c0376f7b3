import { SHOP_AUTH_FILTERS, shopListBody } from '@console/shared/schemas/shop';
import { SITE_ORDER_STATUSES } from '@console/shared/schemas/site-order';
import { describe, expect, it } from 'vitest';
import { STEP_LINKS } from './home-checklist';
import { FIGURE_LINKS } from './home-figures';
import { canOpenPath } from './home-links';

const admin = { uid: 10, auth: 0 as const, parent_id: 0 };
const worker = { uid: 11, auth: 2 as const, parent_id: 10 };
const trader = { uid: 12, auth: 5 as const, parent_id: 0 };

describe('首页 links follow the route permissions (docs/home.md)', () => {
  it('a figure is a link only when the role may open the screen behind it', () => {
    expect(canOpenPath(admin, FIGURE_LINKS.balance)).toBe(true);
    expect(canOpenPath(worker, FIGURE_LINKS.balance)).toBe(false);
    expect(canOpenPath(worker, FIGURE_LINKS.unshipped)).toBe(true);
    expect(canOpenPath(trader, FIGURE_LINKS.unshipped)).toBe(false);
    expect(canOpenPath(trader, FIGURE_LINKS.balance)).toBe(true);
    expect(canOpenPath(null, FIGURE_LINKS.unshipped)).toBe(false);
    // An unknown path is never a link.
    expect(canOpenPath(admin, '/nowhere?x=1')).toBe(false);
  });

  it('every link of a figure or a step names a route of the table, and the admin may open the built ones', () => {
    const paths = [
      ...Object.values(FIGURE_LINKS).map((l) => (typeof l === 'function' ? l(0) : l)),
      ...Object.values(STEP_LINKS),
    ];
    for (const p of paths) expect(canOpenPath(admin, p), p).toBe(true);
  });

  it('the shop card and its sub-figures open 店铺管理 filtered by a state its list accepts', () => {
    const shopLinks = [
      FIGURE_LINKS.shops,
      FIGURE_LINKS.shopsExpired,
      FIGURE_LINKS.shopsNever,
      FIGURE_LINKS.shopsExpiring,
    ];
    const states = shopLinks.map((l) => {
      const u = new URL(l, 'http://x');
      expect(u.pathname).toBe('/order/shop');
      return u.searchParams.get('auth') ?? '';
    });
    expect(states).toEqual(['attention', 'expired', 'never', 'expiring']);
    // The shop page keeps a state only when SHOP_AUTH_FILTERS names it, and the list API takes it.
    for (const auth of states) {
      expect(SHOP_AUTH_FILTERS.some((f) => f.value === auth)).toBe(true);
      expect(shopListBody.safeParse({ page: 1, pageSize: 20, auth }).success).toBe(true);
    }
  });

  it('the 独立站 cards open 订单处理’s 独立站 view, on a state tab its list knows', () => {
    for (const l of [FIGURE_LINKS.siteToday, FIGURE_LINKS.sitePaid, FIGURE_LINKS.sitePending]) {
      const u = new URL(l, 'http://x');
      expect(u.pathname).toBe('/order/list');
      expect(u.searchParams.get('view')).toBe('site');
    }
    const states = [FIGURE_LINKS.sitePaid, FIGURE_LINKS.sitePending].map((l) =>
      new URL(l, 'http://x').searchParams.get('site_status'),
    );
    expect(states).toEqual(['paid', 'pending']);
    for (const s of states) expect((SITE_ORDER_STATUSES as readonly (string | null)[]).includes(s)).toBe(true);
  });
});
