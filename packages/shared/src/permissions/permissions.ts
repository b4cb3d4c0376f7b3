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
  /** Internal company (platform operator) membership. */
  'platform.internal',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

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
  ],
  1: ['account.self', 'goods.operate', 'goods.audit', 'goods.batchCopy', 'role.worker'],
  2: ['account.self', 'goods.operate', 'goods.batchCopy', 'role.worker'],
  3: ['account.self', 'account.child.addBuyer'],
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
  ],
  5: ['account.self', 'system.operaLog.read', 'role.admin'],
  6: ['account.self', 'goods.operate', 'goods.batchCopy'],
} as const satisfies Record<Auth, readonly Permission[]>;
