import type { Auth } from '../constants/roles.js';
import { type Permission, ROLE_PERMISSIONS } from './permissions.js';

/** The facts about a user that permissions depend on. */
export interface PermissionSubject {
  uid: number;
  auth: Auth;
  parent_id: number;
  is_use_trader_express?: number | boolean;
  is_use_trader_finance?: number | boolean;
}

/** Deployment facts: the internal company account ids (configurable, spec section 6). */
export interface PermissionContext {
  internalIds?: readonly number[];
}

/** Internal-company membership: uid or parent_id is one of the configured ids. */
export function isInternal(user: PermissionSubject, ctx: PermissionContext = {}): boolean {
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
    default:
      return (ROLE_PERMISSIONS[user.auth] as readonly Permission[]).includes(permission);
  }
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
