import type { Auth } from '../constants/roles.js';

/**
 * Every permission name in the product. Routes declare one of these (or `public` /
 * `authenticated`), and the web app hides what `can` refuses.
 */
export const PERMISSIONS = [
  /** Own account: info, password, switching, QR confirmation. */
  'account.self',
  /** Create, edit, reset, delete and switch to child accounts (company or personal admin). */
  'account.child.manage',
  /** Create buyer accounts (company, personal admin or buyer; spec section 6 "add-buyer"). */
  'account.child.addBuyer',
  /** Read the tenant's operation log. */
  'system.operaLog.read',
  /** isAdmin: company admin or trader. */
  'role.admin',
  /** Goods operation: everyone except trader and buyer. */
  'goods.operate',
  /** Audit products (approve, invalidate, send back): company admin, group leader, personal admin. */
  'goods.audit',
  /** Batch copy of products: the normal tag set only, not isAdmin roles (spec section 6 "Product tag sets"). */
  'goods.batchCopy',
  /** Worker: group leader, worker or personal admin. */
  'role.worker',
  /** Company-or-personal admin. */
  'role.companyOrPersonalAdmin',
  /** Pay margin: company and personal admin. */
  'finance.payMargin',
  /** Trader finance: the trader-express or trader-finance flag is set. */
  'finance.trader',
  /** The tenant's money screens: balance, statement, top-ups (company admin, personal admin, trader). */
  'finance.view',
  /** Review top-ups and adjust balances of the clients whose money one keeps: the platform operator's admins, traders. */
  'finance.review',
  /** Bind, authorize, rename and unbind shops; choose who uses them (company or personal admin). */
  'shop.manage',
  /** See and use the shops given to one's account (upload to them): goods operators. */
  'shop.use',
  /** Connect, re-authorize and disconnect the tenant's own 1688 buyer account (1688采购; company or personal admin). */
  'ali1688.manage',
  /** Follow-selling: candidate pool, follow queue and follow offers (issue 15; goods operators with shops). */
  'follow.use',
  /** ASIN monitor and follow-sale removal (issue 15 §3-§4; the monitor user auth 6 too, not traders or buyers). */
  'monitor.use',
  /** Internal company (platform operator) membership. */
  'platform.internal',
  /** Send a notice to every tenant or one (消息记录): the operator's company and personal admins. */
  'message.notice',
  /** Change the tenant's product categories (create, rename, move, delete). */
  'library.category',
  /** Change the tenant's EAN pool (import, delete codes). */
  'library.ean',
  /** Change the tenant's sensitive words (add, delete). */
  'library.sensitive',
  /** Change bullet-point templates (create, edit, delete). */
  'library.points',
  /** Change search-terms templates (create, edit, delete). */
  'library.searchTerms',
  /** Change the own price settings (exchange rates, margins, shipping, rounding). */
  'library.priceSettings',
  /** See the tenant's HS codes and production and sales unit records (the roles that ship; issue 18 §3). */
  'customs.read',
  /** Change them: company admin, personal admin, group leader. */
  'customs.manage',
  /** The platform operator's IOSS number (the operator's company and personal admins). */
  'customs.ioss',
  /** See the tenant's orders (订单首页, 订单处理): admins, group leaders, workers, buyers. */
  'order.read',
  /** Enter manual orders (手工单), complete them, ask for a re-follow, void unpaid ones: admins, group leaders, workers. */
  'order.manual',
  /** Fulfil manual orders: accept, complete, fail, handle re-follows (admins, group leaders). */
  'order.manualHandle',
  /** Sync orders from the shops now (the job runs by itself every few minutes too). */
  'order.sync',
  /** Purchase order items from suppliers and follow the supplier's shipment (buyers, admins, group leaders). */
  'order.purchase',
  /** Mark purchased items received in the warehouse (the roles that ship: admins, group leaders, workers). */
  'order.receive',
  /** See buyers' names, addresses and phones in full (only the roles that ship; issue 17 §1). */
  'order.buyerData',
  /** Stock-up (备货): products, receipts and issues, filling order items from stock (the warehouse roles; issue 17 §2). */
  'order.stock',
  /** Give orders to staff (group leaders and admins; a worker then sees only his own orders). */
  'order.assign',
  /** Configure logistics channels: the operator's admins (book 0), traders using trader express (their own). */
  'logistics.channel',
  /** 运费审核: approve, change the channel of or cancel parcels a rule stopped (admins, group leaders). */
  'logistics.review',
  /** Weigh parcels, create waybills, print labels and ship (the roles that ship). */
  'logistics.ship',
  /** 消费记录: the fees of each order and waybill (the roles that see money). */
  'logistics.fees',
  /** 问题件: report problem parcels and take the seller's steps (the roles that ship; the channel's handlers too). */
  'logistics.problem',
  /** 问题件: the warehouse/operator steps (lost, compensation, re-dispatch, returned, empty package sent) of its book's channels. */
  'logistics.problemHandle',
  /** 海外仓 (tenant side): warehouse SKUs, inbound and outbound orders, inventory (the roles that keep stock; issue 30). */
  'warehouse.use',
  /** 海外仓 (warehouse side): define warehouses and fees, receive inbound, pick, pack and ship outbound (the operator's admins). */
  'warehouse.operate',
  /** 头程发货: FBA first-leg shipments and their labels (the roles that keep stock; issue 30 §3). */
  'fba.use',
  /** 建站: the tenant's own shop site (基础设置 ...; issue 33): company and personal admins. */
  'site.manage',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/**
 * Library settings a company or personal admin may allow or withhold per child account
 * (issue 13 §5). A role holds all of them by default (the behaviour before per-account
 * settings); an account's own set can only narrow its role's (see `can`).
 */
export const LIBRARY_PERMISSIONS = [
  'library.category',
  'library.ean',
  'library.sensitive',
  'library.points',
  'library.searchTerms',
  'library.priceSettings',
] as const satisfies readonly Permission[];

export type LibraryPermission = (typeof LIBRARY_PERMISSIONS)[number];

/** Chinese names of the library settings (child-account form, refusals). */
export const LIBRARY_PERMISSION_NAMES: Record<LibraryPermission, string> = {
  'library.category': '商品分类',
  'library.ean': 'EAN库',
  'library.sensitive': '敏感词',
  'library.points': '五点描述模板',
  'library.searchTerms': '搜索词模板',
  'library.priceSettings': '价格设置',
};

/** Whether a permission name is one of the per-account library settings. */
export function isLibraryPermission(p: string): p is LibraryPermission {
  return (LIBRARY_PERMISSIONS as readonly string[]).includes(p);
}

/** Permissions granted by the role number alone (spec section 6). */
export const ROLE_PERMISSIONS = {
  0: [
    'account.self',
    'account.child.manage',
    'account.child.addBuyer',
    'system.operaLog.read',
    'role.admin',
    'goods.operate',
    'goods.audit',
    'role.companyOrPersonalAdmin',
    'finance.payMargin',
    'finance.view',
    ...LIBRARY_PERMISSIONS,
    'customs.read',
    'customs.manage',
    'shop.manage',
    'shop.use',
    'ali1688.manage',
    'order.read',
    'order.manual',
    'order.manualHandle',
    'order.sync',
    'order.purchase',
    'order.receive',
    'order.buyerData',
    'order.stock',
    'warehouse.use',
    'fba.use',
    'order.assign',
    'follow.use',
    'monitor.use',
    'logistics.review',
    'logistics.ship',
    'logistics.fees',
    'site.manage',
  ],
  1: [
    'account.self',
    'goods.operate',
    'goods.audit',
    'goods.batchCopy',
    'role.worker',
    ...LIBRARY_PERMISSIONS,
    'customs.read',
    'customs.manage',
    'shop.use',
    'order.read',
    'order.manual',
    'order.manualHandle',
    'order.sync',
    'order.purchase',
    'order.receive',
    'order.buyerData',
    'order.stock',
    'warehouse.use',
    'fba.use',
    'order.assign',
    'follow.use',
    'monitor.use',
    'logistics.review',
    'logistics.ship',
  ],
  2: [
    'account.self',
    'goods.operate',
    'goods.batchCopy',
    'role.worker',
    ...LIBRARY_PERMISSIONS,
    'customs.read',
    'shop.use',
    'order.read',
    'order.manual',
    'order.sync',
    'order.receive',
    'order.buyerData',
    'order.stock',
    'warehouse.use',
    'fba.use',
    'follow.use',
    'monitor.use',
    'logistics.ship',
  ],
  3: ['account.self', 'account.child.addBuyer', 'order.read', 'order.purchase'],
  4: [
    'account.self',
    'account.child.manage',
    'account.child.addBuyer',
    'system.operaLog.read',
    'goods.operate',
    'goods.audit',
    'goods.batchCopy',
    'role.worker',
    'role.companyOrPersonalAdmin',
    'finance.payMargin',
    'finance.view',
    ...LIBRARY_PERMISSIONS,
    'customs.read',
    'customs.manage',
    'shop.manage',
    'shop.use',
    'ali1688.manage',
    'order.read',
    'order.manual',
    'order.manualHandle',
    'order.sync',
    'order.purchase',
    'order.receive',
    'order.buyerData',
    'order.stock',
    'warehouse.use',
    'fba.use',
    'order.assign',
    'follow.use',
    'monitor.use',
    'logistics.review',
    'logistics.ship',
    'logistics.fees',
    'site.manage',
  ],
  5: ['account.self', 'system.operaLog.read', 'role.admin', 'finance.view', 'logistics.fees'],
  6: ['account.self', 'goods.operate', 'goods.batchCopy', ...LIBRARY_PERMISSIONS, 'monitor.use'],
} as const satisfies Record<Auth, readonly Permission[]>;
