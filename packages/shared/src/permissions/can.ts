import type { Auth } from '../constants/roles.js';
import {
  isLibraryPermission,
  LIBRARY_PERMISSIONS,
  type LibraryPermission,
  type Permission,
  ROLE_PERMISSIONS,
} from './permissions.js';

/** The facts about a user that permissions depend on. */
export interface PermissionSubject {
  uid: number;
  auth: Auth;
  parent_id: number;
  is_use_trader_express?: number | boolean;
  is_use_trader_finance?: number | boolean;
  /** Which products a child account sees and changes (absent: `all`); main accounts always see all. */
  goods_scope?: GoodsScope;
  /**
   * The library settings this account may change; null or absent: its role's (all of them).
   * It only narrows the role's set: a name the role lacks is never granted by it.
   */
  library_perms?: readonly string[] | null;
  /**
   * Internal-company membership as the server computed it (the web app's user info carries it;
   * the browser does not know `INTERNAL_COMPANY_IDS`). Used only when no ids are given.
   */
  is_internal?: boolean;
}

/**
 * Data scope of the product library (issue 13 §5): the products an account sees in lists and
 * counts and may read or change by id. `own`: those it created; `group`: those created by
 * its group (its group leader and the leader's members, docs/decisions.md); `all`: the tenant's.
 */
export const GOODS_SCOPES = ['own', 'group', 'all'] as const;
export type GoodsScope = (typeof GOODS_SCOPES)[number];

/** Chinese names of the data scopes (child-account form, list hint, refusals). */
export const GOODS_SCOPE_NAMES: Record<GoodsScope, string> = {
  own: '仅本人商品',
  group: '本组商品',
  all: '全部商品',
};

/** Deployment facts: the internal company account ids (configurable, spec section 6). */
export interface PermissionContext {
  internalIds?: readonly number[];
}

/** Internal-company membership: uid or parent_id is one of the configured ids. */
export function isInternal(user: PermissionSubject, ctx: PermissionContext = {}): boolean {
  if (ctx.internalIds === undefined && user.is_internal !== undefined) return user.is_internal;
  const ids = ctx.internalIds ?? [];
  return ids.includes(user.uid) || (user.parent_id !== 0 && ids.includes(user.parent_id));
}

/** The one permission check used by the server's route guard and the web app's UI helpers. */
export function can(
  user: PermissionSubject | null | undefined,
  permission: Permission,
  ctx: PermissionContext = {},
): boolean {
  if (!user) return false;
  switch (permission) {
    case 'finance.trader':
      return Boolean(user.is_use_trader_express) || Boolean(user.is_use_trader_finance);
    case 'platform.internal':
      return isInternal(user, ctx);
    case 'finance.review':
      // The operator's admins keep the platform's books; a trader keeps its clients' (issue 16 §2).
      return user.auth === 5 || (isInternal(user, ctx) && (user.auth === 0 || user.auth === 4));
    case 'customs.ioss':
      // The IOSS number is the operator's (it ships every tenant's parcels); its admins set it (issue 18 §3).
      return isInternal(user, ctx) && (user.auth === 0 || user.auth === 4);
    case 'logistics.channel':
      // The operator's admins keep the platform's channels; a trader using trader express its own (issue 18 §1).
      return (
        (user.auth === 5 && Boolean(user.is_use_trader_express)) ||
        (isInternal(user, ctx) && (user.auth === 0 || user.auth === 4))
      );
    case 'message.notice':
      // The operator's admins speak to the tenants (issue 31 §2); a tenant cannot send.
      return isInternal(user, ctx) && (user.auth === 0 || user.auth === 4);
    case 'warehouse.operate':
      // The operator runs the overseas warehouses for every tenant (issue 30 §2), as it runs the channels.
      return isInternal(user, ctx) && (user.auth === 0 || user.auth === 4);
    case 'logistics.problemHandle':
      // The book that runs the channel (the operator's admins, a trader using trader express) is
      // the warehouse side of problem parcels (issue 18 §4).
      return can(user, 'logistics.channel', ctx);
    case 'logistics.problem':
      // The roles that ship report problem parcels; the warehouse side reads and steps them too.
      return [0, 1, 2, 4].includes(user.auth) || can(user, 'logistics.problemHandle', ctx);
    default: {
      const byRole = (ROLE_PERMISSIONS[user.auth] as readonly Permission[]).includes(permission);
      if (!byRole || !isLibraryPermission(permission) || user.parent_id === 0) return byRole;
      return !user.library_perms || user.library_perms.includes(permission);
    }
  }
}

/** The library settings an account may change (its role's, narrowed by its own set), in a fixed order. */
export function libraryPermsOf(user: PermissionSubject): LibraryPermission[] {
  return LIBRARY_PERMISSIONS.filter((p) => can(user, p));
}

/** The data scope of an account: main accounts always `all`, child accounts as set (default `all`). */
export function goodsScopeOf(user: PermissionSubject): GoodsScope {
  return user.parent_id === 0 ? 'all' : (user.goods_scope ?? 'all');
}

/**
 * The products an account may reach, resolved: `creators` null for every product of the
 * tenant, else the accounts whose products it sees (itself for `own`, its group for `group`).
 */
export interface GoodsReach {
  scope: GoodsScope;
  creators: readonly number[] | null;
}

/**
 * Whether a product (by its creator) is within reach: the one row-level check of the product
 * library, used by the server before every call on products by id and by the web app.
 */
export function inGoodsReach(reach: GoodsReach, goods: { creator_id: number }): boolean {
  return reach.creators === null || reach.creators.includes(goods.creator_id);
}

/** Roles a manager may give to a child account it creates or edits. */
export function assignableChildAuths(user: PermissionSubject): Auth[] {
  if (can(user, 'account.child.manage')) return [1, 2, 3, 6];
  if (can(user, 'account.child.addBuyer')) return [3];
  return [];
}

/** Batch actions of the product list (spec section 6 "Product tag sets"). */
export const GOODS_TAG_SETS = {
  normal: ['batchEdit', 'batchCopy', 'batchReplaceEnTitle'],
  admin: ['batchEdit', 'batchReplaceEnTitle'],
} as const;

/**
 * The normal set for users who may batch copy, the admin set (without it) for isAdmin
 * roles; the server guards the batch copy call with the same `goods.batchCopy`.
 */
export function goodsTagSet(user: PermissionSubject) {
  return can(user, 'goods.batchCopy') ? GOODS_TAG_SETS.normal : GOODS_TAG_SETS.admin;
}
