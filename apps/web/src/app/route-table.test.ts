import { MENU_ITEMS } from '@console/shared/menu/menu-tree';
import { describe, expect, it } from 'vitest';
import { FRAME_ROUTES, NOT_BUILT_ROUTES, routeName } from './route-table';

/** Every frame route of spec section 2, written out independently of the table. */
const SPEC_PATHS = `
/index /index/message-send /index/down-gather /index/problem_package /index/gpsr /log /refresh /redirect/*
/system/index /system/admin/member /system/admin/accountStatistical /system/admin/orderStatistical
/system/admin/performanceStatistical /system/admin/opera-log
/member/index /member/purchase /member/user/spend /member/user/topup-list /member/user/topup-add /member/user/adminExpressLog
/order/index /order/shop /order/consume-list /order/list /order/distribution /order/export /order/asinSales /order/intercept
/order/stock/product /order/stock/stockInLog /order/stock/stockOutLog /order/hs-code /order/order_customs_info
/goods/index /goods/amazon/edit/:queue_id /goods/amazon/error_feed/:queue_id/:goods_id /goods/pointsManage /goods/search-terms
/goods/follow-sale/list /goods/follow-sale/push /goods/follow-sale/queue /goods/claim /goods/addPoints /goods/addSearchTerms
/goods/editPoints/:id /goods/editSearchTerms/:id /goods/amazon/queue /goods/admin/list /goods/admin/view/:goods_id
/goods/admin/create /goods/admin/update/:goods_id /goods/admin/infringement/list /goods/ean-table /goods/category
/platform/index /platform/howUse /platform/family /platform/ali1688 /platform/reports/sellerPerformance/list
/platform/reports/sellerFeedback/list
/build-site/basic /build-site/seo /build-site/goods/create /build-site/goods/update/:goods_id /build-site/goods/list
/build-site/visual /build-site/category
/monitor/index /monitor/monitor-asin/list /monitor/monitor-bridge/list /fba/first_trip
/follow/index /follow/follow-sale/push /follow/follow-sale/queue
/overseas/index /overseas/sku/add /overseas/sku/list /overseas/inbound/add /overseas/inbound/list /overseas/outbound/add
/overseas/outbound/list /overseas/inventory/list /overseas/inventory/flow
`
  .trim()
  .split(/\s+/);

/** Routes added beyond the specification, each a documented decision (docs/decisions.md). */
const EXTRA_PATHS = [
  // Translation glossary, memory and usage (issue 5; docs/decisions.md "Translation screens").
  '/goods/admin/translation',
  // The operator's overseas warehouses (issue 30 §2; docs/decisions.md "海外仓 仓库设置").
  '/overseas/warehouse',
];

describe('route table', () => {
  it('registers every frame route of the specification plus the documented extras, and nothing else', () => {
    expect(FRAME_ROUTES.map((r) => r.path).sort()).toEqual([...SPEC_PATHS, ...EXTRA_PATHS].sort());
  });

  it('guards the extra translation screen like its menu entry (company and personal admins)', () => {
    const r = FRAME_ROUTES.find((x) => x.path === '/goods/admin/translation');
    expect(r?.meta).toMatchObject({ title: '翻译术语与记忆', permission: 'role.companyOrPersonalAdmin', cache: true });
    expect(r?.name).toBe('goods-admin-translation');
  });

  it('gives every route a title and needs sign-in; caches all but the goods preview and the helpers', () => {
    for (const r of FRAME_ROUTES) {
      expect(r.meta.title).toBeTruthy();
      expect(r.meta.auth).toBe(true);
    }
    const uncached = FRAME_ROUTES.filter((r) => !r.meta.cache).map((r) => r.path);
    expect(uncached.sort()).toEqual(['/goods/admin/view/:goods_id', '/redirect/*', '/refresh']);
  });

  it('has the named routes index, log and system-message-user', () => {
    const names = FRAME_ROUTES.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['index', 'log', 'system-message-user']));
    expect(new Set(names).size).toBe(names.length);
  });

  it('has a route for every menu entry below a section', () => {
    const paths = new Set(FRAME_ROUTES.map((r) => r.path));
    for (const m of MENU_ITEMS.filter((x) => x.parent_id !== 0)) expect(paths).toContain(m.url);
  });

  it('derives names from paths without params', () => {
    expect(routeName('/goods/admin/update/:goods_id')).toBe('goods-admin-update');
  });

  it('marks only the screens of later issues as not built', () => {
    const built = FRAME_ROUTES.filter((r) => !NOT_BUILT_ROUTES.includes(r)).map((r) => r.path);
    expect(built.sort()).toEqual(
      [
        '/index',
        // 消息记录 (docs/messages.md, issue 31 §2).
        '/index/message-send',
        // 采集插件下载 (docs/plugin.md, issue 31 §5).
        '/index/down-gather',
        '/log',
        '/refresh',
        '/redirect/*',
        '/system/admin/member',
        '/system/admin/opera-log',
        // 系统 statistics (docs/statistics.md, issue 31 §1).
        '/system/index',
        '/system/admin/accountStatistical',
        '/system/admin/orderStatistical',
        '/system/admin/performanceStatistical',
        // Product home, list, editor and preview (docs/web.md "Goods screens").
        '/goods/index',
        '/goods/admin/list',
        '/goods/admin/create',
        '/goods/admin/update/:goods_id',
        '/goods/admin/view/:goods_id',
        // Goods libraries (docs/web.md "Goods library screens").
        '/goods/ean-table',
        '/goods/pointsManage',
        '/goods/addPoints',
        '/goods/editPoints/:id',
        '/goods/admin/infringement/list',
        '/goods/search-terms',
        '/goods/addSearchTerms',
        '/goods/editSearchTerms/:id',
        '/goods/claim',
        '/goods/category',
        // Translation glossary, memory and usage (docs/web.md "Translation screens").
        '/goods/admin/translation',
        // Customs (docs/customs.md, issue 18 §3).
        '/order/hs-code',
        '/order/order_customs_info',
        // Shops and their authorization (docs/shops.md).
        '/order/shop',
        '/platform/family',
        // 1688采购 (docs/ali1688.md, issue 31 §4).
        '/platform/ali1688',
        // 平台首页 and 使用说明 (docs/platform.md, issue 31 §4).
        '/platform/index',
        '/platform/howUse',
        // 卖家绩效 and 卖家反馈 (docs/reports.md, issue 31 §4).
        '/platform/reports/sellerPerformance/list',
        '/platform/reports/sellerFeedback/list',
        // Orders (docs/orders.md).
        '/order/index',
        '/order/list',
        // 配货 and stock-up (docs/orders.md "Distribution", "Stock-up").
        '/order/distribution',
        '/order/stock/product',
        '/order/stock/stockInLog',
        '/order/stock/stockOutLog',
        '/order/export',
        '/order/asinSales',
        // Logistics (docs/logistics.md).
        '/order/intercept',
        '/order/consume-list',
        '/index/problem_package',
        // GPSR helper (docs/gpsr.md, issue 31 §3).
        '/index/gpsr',
        // Follow-selling (docs/follow.md).
        '/follow/index',
        '/follow/follow-sale/push',
        '/follow/follow-sale/queue',
        '/goods/follow-sale/list',
        '/goods/follow-sale/push',
        '/goods/follow-sale/queue',
        // ASIN monitor and follow-sale removal (docs/monitor.md).
        '/monitor/index',
        '/monitor/monitor-asin/list',
        '/monitor/monitor-bridge/list',
        // The upload pipeline (docs/web.md "Upload screens").
        '/goods/amazon/queue',
        '/goods/amazon/edit/:queue_id',
        '/goods/amazon/error_feed/:queue_id/:goods_id',
        // Finance (docs/finance.md, issue 16 §3).
        '/member/index',
        '/member/purchase',
        '/member/user/spend',
        '/member/user/topup-list',
        '/member/user/topup-add',
        '/member/user/adminExpressLog',
        // 海外仓 SKUs and the operator's warehouses (docs/overseas.md).
        '/overseas/inbound/add',
        '/overseas/inbound/list',
        '/overseas/index',
        '/overseas/inventory/flow',
        '/overseas/inventory/list',
        '/overseas/outbound/add',
        '/overseas/outbound/list',
        '/overseas/sku/add',
        '/overseas/sku/list',
        '/overseas/warehouse',
        // 头程发货 (docs/fba.md).
        '/fba/first_trip',
        // 建站 基础设置 (docs/site.md, issue 33 §1).
        '/build-site/basic',
        // 建站 站点商品 (docs/site.md "Products").
        '/build-site/goods/list',
        '/build-site/goods/create',
        '/build-site/goods/update/:goods_id',
        // 建站 可视化装修 (docs/site.md "Visual editor").
        '/build-site/visual',
        // 建站 站点分类 and SEO设置 (docs/site.md "Categories", "SEO").
        '/build-site/category',
        '/build-site/seo',
      ].sort(),
    );
  });
});

describe('menu and route guard agree (issue 29 §5)', () => {
  it("gives every menu entry's route the menu entry's permission", () => {
    const mismatches = MENU_ITEMS.filter((m) => m.parent_id !== 0).flatMap((m) => {
      const route = FRAME_ROUTES.find((r) => r.path === m.url);
      return route?.meta.permission === m.permission
        ? []
        : [`${m.name} ${m.url}: menu ${m.permission ?? '-'}, route ${route?.meta.permission ?? '-'}`];
    });
    expect(mismatches).toEqual([]);
  });
});
