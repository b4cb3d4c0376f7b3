import type { Permission } from '../permissions/permissions.js';
import type { MenuItem } from './menu-item.js';

// The zod schema of a menu item lives in menu-item.ts: this file is loaded by the web app's
// entry, which must not load zod.
export type { MenuItem } from './menu-item.js';

type Section = {
  id: number;
  name: string;
  url: string;
  icon: string;
  permission?: Permission;
  children: [name: string, url: string, permission?: Permission][];
};

/**
 * The one menu definition. The server stores it in the `menus` table at start and
 * filters it by role for `menuList`; the web app builds the top bar and side tree from it.
 */
const SECTIONS: Section[] = [
  {
    id: 1,
    name: '首页',
    url: '/index',
    icon: 'HomeOutlined',
    children: [
      ['工作台', '/index'],
      ['消息记录', '/index/message-send'],
      ['采集插件下载', '/index/down-gather', 'goods.operate'],
      ['问题件', '/index/problem_package', 'logistics.problem'],
      ['GPSR提交助手', '/index/gpsr', 'goods.operate'],
    ],
  },
  {
    id: 2,
    name: '商品',
    url: '/goods',
    icon: 'ShoppingOutlined',
    permission: 'goods.operate',
    children: [
      ['商品首页', '/goods/index'],
      ['商品列表', '/goods/admin/list'],
      ['创建商品', '/goods/admin/create'],
      // The upload pipeline needs shops (a monitor user operates goods but has none).
      ['上传记录', '/goods/amazon/queue', 'shop.use'],
      ['五点描述库', '/goods/pointsManage'],
      ['搜索词库', '/goods/search-terms'],
      ['敏感词', '/goods/admin/infringement/list'],
      ['EAN表', '/goods/ean-table'],
      ['商品分类', '/goods/category'],
      ['认领商品', '/goods/claim'],
      // Not in the specification's menu (docs/decisions.md): glossary, memory and usage of machine translation.
      ['翻译术语与记忆', '/goods/admin/translation', 'role.companyOrPersonalAdmin'],
    ],
  },
  {
    id: 3,
    name: '跟卖',
    url: '/follow',
    icon: 'TeamOutlined',
    permission: 'follow.use',
    children: [
      ['跟卖商品', '/follow/index'],
      ['跟卖候选池', '/follow/follow-sale/push'],
      ['跟卖上传记录', '/follow/follow-sale/queue'],
    ],
  },
  {
    id: 4,
    name: '监控',
    url: '/monitor',
    icon: 'EyeOutlined',
    permission: 'monitor.use',
    children: [
      ['监控首页', '/monitor/index'],
      ['跟卖监控', '/monitor/monitor-asin/list'],
      ['跟卖移除', '/monitor/monitor-bridge/list'],
    ],
  },
  {
    id: 5,
    name: '订单',
    url: '/order',
    icon: 'ProfileOutlined',
    children: [
      // Each page carries its route's permission (apps/web features/order/order.routes.ts), so a
      // role sees only the order pages it may open (a buyer: no 配货; a trader: only 消费记录).
      ['订单首页', '/order/index', 'order.read'],
      ['店铺管理', '/order/shop', 'shop.use'],
      ['订单处理', '/order/list', 'order.read'],
      ['消费记录', '/order/consume-list', 'logistics.fees'],
      ['配货', '/order/distribution', 'order.receive'],
      ['订单导出', '/order/export', 'order.read'],
      ['销量统计', '/order/asinSales', 'order.read'],
      ['运费审核', '/order/intercept', 'logistics.ship'],
      ['备货商品', '/order/stock/product', 'order.read'],
      ['入库记录', '/order/stock/stockInLog', 'order.read'],
      ['出库记录', '/order/stock/stockOutLog', 'order.read'],
      ['海关编码', '/order/hs-code', 'customs.read'],
      ['产销单位备案', '/order/order_customs_info', 'customs.read'],
    ],
  },
  {
    id: 6,
    name: '财务',
    url: '/member',
    icon: 'WalletOutlined',
    children: [
      ['财务首页', '/member/index', 'finance.view'],
      ['采购明细', '/member/purchase', 'finance.view'],
      ['财务管理', '/member/user/spend', 'finance.view'],
      ['充值记录', '/member/user/topup-list', 'finance.view'],
      ['提交充值', '/member/user/topup-add', 'finance.view'],
      ['物流充值', '/member/user/adminExpressLog', 'finance.review'],
    ],
  },
  {
    id: 7,
    name: '海外仓',
    url: '/overseas',
    icon: 'GlobalOutlined',
    // The tenant side (issue 30 §2); 仓库设置 is the operator's (docs/decisions.md "海外仓 仓库设置").
    permission: 'warehouse.use',
    children: [
      ['海外仓首页', '/overseas/index'],
      ['添加SKU', '/overseas/sku/add'],
      ['SKU列表', '/overseas/sku/list'],
      ['创建入库单', '/overseas/inbound/add'],
      ['入库单列表', '/overseas/inbound/list'],
      ['创建出库单', '/overseas/outbound/add'],
      ['出库单列表', '/overseas/outbound/list'],
      ['库存列表', '/overseas/inventory/list'],
      ['库存流水', '/overseas/inventory/flow'],
      ['仓库设置', '/overseas/warehouse', 'warehouse.operate'],
    ],
  },
  {
    id: 8,
    name: 'FBA',
    url: '/fba',
    icon: 'RocketOutlined',
    permission: 'fba.use',
    children: [['头程发货', '/fba/first_trip']],
  },
  {
    id: 9,
    name: '平台',
    url: '/platform',
    icon: 'AppstoreOutlined',
    children: [
      ['平台首页', '/platform/index'],
      ['使用说明', '/platform/howUse'],
      // Shop authorization: the roles that use shops (its first read is the shop list).
      ['授权中心', '/platform/family', 'shop.use'],
      // The tenant's own 1688 buyer account: its admins connect it (docs/ali1688.md).
      ['1688采购', '/platform/ali1688', 'ali1688.manage'],
      // Amazon's seller reports of the shops one uses (docs/reports.md).
      ['卖家绩效', '/platform/reports/sellerPerformance/list', 'shop.use'],
      ['卖家反馈', '/platform/reports/sellerFeedback/list', 'shop.use'],
    ],
  },
  {
    id: 10,
    name: '建站',
    url: '/build-site',
    icon: 'BuildOutlined',
    children: [
      ['基础设置', '/build-site/basic', 'site.manage'],
      ['SEO设置', '/build-site/seo', 'site.manage'],
      ['站点商品', '/build-site/goods/list', 'site.manage'],
      ['添加站点商品', '/build-site/goods/create', 'site.manage'],
      ['可视化装修', '/build-site/visual', 'site.manage'],
      ['站点分类', '/build-site/category', 'site.manage'],
    ],
  },
  {
    id: 11,
    name: '系统',
    url: '/system',
    icon: 'SettingOutlined',
    children: [
      ['系统首页', '/system/index'],
      ['账号管理', '/system/admin/member', 'account.child.addBuyer'],
      ['账号统计', '/system/admin/accountStatistical', 'role.companyOrPersonalAdmin'],
      ['订单统计', '/system/admin/orderStatistical', 'role.companyOrPersonalAdmin'],
      ['员工绩效', '/system/admin/performanceStatistical', 'role.companyOrPersonalAdmin'],
      ['操作日志', '/system/admin/opera-log', 'system.operaLog.read'],
    ],
  },
];

/** The full menu as flat rows, parents first (menu_id of a child = section id * 100 + n). */
export const MENU_ITEMS: readonly MenuItem[] = SECTIONS.flatMap((s) => [
  {
    menu_id: s.id,
    parent_id: 0,
    name: s.name,
    url: s.url,
    icon: s.icon,
    is_navi: 1 as const,
    remark: '',
    sort: s.id,
    ...(s.permission ? { permission: s.permission } : {}),
  },
  ...s.children.map(([name, url, permission], i) => ({
    menu_id: s.id * 100 + i + 1,
    parent_id: s.id,
    name,
    url,
    icon: '',
    is_navi: 1 as const,
    remark: '',
    sort: i + 1,
    ...((permission ?? s.permission) ? { permission: permission ?? s.permission } : {}),
  })),
]);

/**
 * The menu rows a user sees (spec section 2 "Menu building"), given which permissions it
 * holds: rows it may open whose section it may open, and no section whose pages are all
 * closed to it (an empty section would show as a page of its own). Server and web share it.
 */
export function visibleMenuItems<T extends Pick<MenuItem, 'menu_id' | 'parent_id'> & { permission?: string | null }>(
  rows: readonly T[],
  allowed: (permission: string | null | undefined) => boolean,
): T[] {
  const openSections = new Set(rows.filter((r) => r.parent_id === 0 && allowed(r.permission)).map((r) => r.menu_id));
  const visible = rows.filter((r) => allowed(r.permission) && (r.parent_id === 0 || openSections.has(r.parent_id)));
  const hasPages = (id: number) => rows.some((c) => c.parent_id === id);
  const shownPages = new Set(visible.filter((r) => r.parent_id !== 0).map((r) => r.parent_id));
  return visible.filter((r) => r.parent_id !== 0 || !hasPages(r.menu_id) || shownPages.has(r.menu_id));
}
